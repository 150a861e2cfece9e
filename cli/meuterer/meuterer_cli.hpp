#pragma once
// Meuterer's command line (cli/meuterer/), a table of contents:
//   cmd_score_meuterer.cpp   score meuterer --state FILE [--data DIR] [--sales NAME]
//   cmd_new_meuterer.cpp     new meuterer PLAYER... [--pirate] [--rounds N] [--data DIR] [--option K=V...]
//   table.hpp, table.cpp     the game at the table (MeutererTable): the engine's State, driven by what
//                            the players type
//   table_commands.cpp       the table's own commands: draw, card, display, pass, combat, sell,
//                            return, sales, show, rounds
//   format.cpp               people's output and JSON shared by the commands
// The files here only parse, call rules/meuterer and scoring/meuterer, and format.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "rules/meuterer/components.hpp"
#include "scoring/meuterer/round_score.hpp"

namespace qm::cli::meuterer_cli {

namespace game = qm::meuterer;

// ---- Formatting shared by the commands (format.cpp) ----------------------------------------

// "+5", "-1", "0".
std::string signed_vp(int vp);
// "no mutiny", "Cy's mutiny fails (captain's side 3, mutineer's side 2)", ...
std::string mutiny_text(const game::RoundTable& table, const game::RoundScore& score);
// People's output of one round's VP: the mutiny, then per player the role, sales, VP and reasons.
void print_round_score(Context& ctx, const game::RoundTable& table, const game::RoundScore& score);
// People's output of the sales helper: every legal allocation and its VP, the best marked;
// with_words adds the `sell` line to type for each (at the table).
void print_sale_options(Context& ctx, const game::RoundTable& table, int seat,
                        const std::vector<game::SaleOption>& options, bool with_words = false);
// The components of DIR, or of the default data directory when DIR is empty.
std::shared_ptr<const game::Components> load_game_data(const std::string& dir);
// The seat of `name` among the table's seats (case-insensitive); throws InputError naming it.
int seat_named(const game::RoundTable& table, const std::string& name);

// ---- Command files ---------------------------------------------------------------------------

void setup_score_meuterer(CLI::App& score, Context& ctx);      // cmd_score_meuterer.cpp
void setup_new_meuterer(CLI::App& new_command, Context& ctx);  // cmd_new_meuterer.cpp

}  // namespace qm::cli::meuterer_cli
