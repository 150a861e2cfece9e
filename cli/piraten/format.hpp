#pragma once
// Piraten Kapern's output, text and JSON: a turn's result and its dice (`score piraten` and the
// table), and the table as it stands (its steps, the turn being played, the score sheet).
#include <string>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "rules/piraten/table.hpp"
#include "scoring/piraten/turn_score.hpp"

namespace qm::cli::piraten_cli {

namespace pk = qm::piraten;

// The dice as a list of face tokens, one per die: ["coin", "coin", "skull"].
nlohmann::json dice_json(const pk::FaceCounts& dice);
// CLI.md, Scoring: {"score", "died", "skull_island", "deduction", "instant_win", "breakdown"}.
nlohmann::json result_json(const pk::TurnResult& result);
// The dice for people: "3coin 5monkey", or "none".
std::string dice_text(const pk::FaceCounts& dice);
// A signed number for people: +1500, -300, 0.
std::string signed_points(int points);
// The itemised breakdown as an aligned table, then the score and the deduction. Nine of a kind
// is announced as a win only when pirate magic is played.
void print_result(Context& ctx, const pk::TurnResult& result, bool pirate_magic = true);
// One short line about what the fortune card does to the turn.
std::string card_summary(pk::FortuneCard card);

// ---- The table
// The table as it stands (`show --json`, and "table" in every step's document).
nlohmann::json table_json(const pk::Table& table);
// One row of the score sheet.
nlohmann::json turn_entry_json(const pk::Table& table, const pk::TurnLogEntry& entry);
// What a step did: the step, its flags, the turn's result when it ended, the table.
nlohmann::json step_json(const pk::Table& table, const pk::StepReport& report, const std::string& typed);
// Where the turn being played stands, and what may come next (nothing between turns).
void print_turn(Context& ctx, const pk::Table& table);
// The turn that a step ended: its dice, how it ended, its result and the last round (the
// standings are the caller's).
void print_turn_end(Context& ctx, const pk::Table& table, const pk::StepReport& report);
// The score sheet, turn by turn.
void print_turns(Context& ctx, const pk::Table& table);

}  // namespace qm::cli::piraten_cli
