#pragma once
// Meuterer's output, text and JSON: a round's VP with their reasons and the sales helper
// (`score meuterer` and the table), and the table as it stands (its moves, the state, the rounds).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "rules/meuterer/components.hpp"
#include "rules/meuterer/table.hpp"
#include "scoring/meuterer/round_score.hpp"

namespace qm::cli::meuterer_cli {

namespace game = qm::meuterer;

// "+5", "-1", "0".
std::string signed_vp(int vp);
// "no mutiny", "Cy's mutiny fails (captain's side 3, mutineer's side 2)", ...
std::string mutiny_text(const game::RoundTable& table, const game::RoundScore& score);
// People's output of one round's VP: the mutiny, then per player the role, sales, VP and reasons.
void print_round_score(Context& ctx, const game::RoundTable& table, const game::RoundScore& score);
// People's output of the sales helper: every legal allocation and its VP (a range while players
// yet to declare may still change it, and who they are), every best one marked; with_words adds
// the `sell` line to type for each (at the table).
void print_sale_options(Context& ctx, const game::RoundTable& table, int seat,
                        const std::vector<game::SaleOption>& options, bool with_words = false);
// The components of DIR, or of the default data directory when DIR is empty.
std::shared_ptr<const game::Components> load_game_data(const std::string& dir);
// The seat of `name` among the table's seats (case-insensitive); throws InputError naming it.
int seat_named(const game::RoundTable& table, const std::string& name);

// ---- The table
class MeutererTable;  // table.hpp

// The table as it stands (`show --json`, and "state" in every move's document); with hands, the
// cards in each hand too.
nlohmann::json state_json(const MeutererTable& table, bool hands);
// Round rounds_played()[index]: its VP with their reasons, the islands and the mutiny.
nlohmann::json round_json(const MeutererTable& table, std::size_t index);
// Every seat's VP: [{"player", "vp"}].
nlohmann::json standings_json(const MeutererTable& table);
// What a move did: its document with --json; for people the move, what followed (the action
// cards shown, the round's result, a new round), the sales helper and the next step.
void announce(Context& ctx, const MeutererTable& table, const game::MoveOutcome& outcome);
// The table as it stands, for people; with hands, the cards in each hand too.
void print_state(Context& ctx, const MeutererTable& table, bool hands);
// Every round's VP, a row each, and the totals.
void print_rounds(Context& ctx, const MeutererTable& table);

}  // namespace qm::cli::meuterer_cli
