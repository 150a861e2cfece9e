#pragma once
// The JSON of `quartermaster score meuterer --state FILE` (schema: data/meuterer/STATE_SCHEMA.md,
// example: data/meuterer/examples/round.json) and of its answer.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/meuterer/components.hpp"
#include "scoring/meuterer/round_score.hpp"

namespace qm::meuterer {

// Reads a round's table. Islands are named as in the components (case-insensitive, umlauts may be
// typed plain: "Grunland"); the document's own "islands" list, if any, replaces the components'.
// Throws InputError "FILE: FIELD: problem".
RoundTable parse_round_table(const nlohmann::json& document, const Components& components, const std::string& file);
RoundTable load_round_table(const std::filesystem::path& file, const Components& components);

// {"mutiny": {...}, "ship_destination": str, "next_captain": str,
//  "players": [{"name", "role", "sales": [{"island", "good", "count"}], "vp", "breakdown": [{"reason", "vp"}]}]}
nlohmann::json round_score_json(const RoundTable& table, const RoundScore& score);

// The sales helper's answer: {"player": str, "options": [{"sales": [...], "vp": int, "vp_min": int,
// "vp_max": int, "best": bool}], "undeclared": [str]} (round_score.hpp, SaleOption).
nlohmann::json sale_options_json(const RoundTable& table, int seat, const std::vector<SaleOption>& options);

}  // namespace qm::meuterer
