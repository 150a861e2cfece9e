#pragma once
// Meuterer's command files (a table of contents): each adds one command to the tree.
//   cmd_score.cpp        score meuterer --state FILE [--data DIR] [--sales NAME]
//   cmd_new.cpp          new meuterer PLAYER... [--pirate] [--rounds N] [--data DIR] [--option K=V...]
//   table_commands.cpp   the table's own commands: draw, card, display, pass, reveal, combat, sell,
//                        return, sales, show, rounds
// `simulate meuterer` is the engine's (rules/meuterer/simulation.hpp), through entry.cpp.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::meuterer_cli {

void setup_score_meuterer(CLI::App& score, Context& ctx);
void setup_new_meuterer(CLI::App& new_command, Context& ctx);

}  // namespace qm::cli::meuterer_cli
