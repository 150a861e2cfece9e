#pragma once
// Piraten Kapern's command files (a table of contents): each adds one command to the tree.
//   cmd_score.cpp        score piraten --card CARD --dice DICE [--chest DICE] [--skull-island]
//   cmd_new.cpp          new piraten PLAYER... [--target N] [--promo] [--no-pirate-magic] [--option K=V...]
//   table_commands.cpp   the table's own commands: card (draw), roll, reroll, sorceress, chest, stop,
//                        tally, show, hint, turns
// `simulate piraten` is the engine's (rules/piraten/simulation.hpp), through entry.cpp.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::piraten_cli {

void setup_score_piraten(CLI::App& score, Context& ctx);
void setup_new_piraten(CLI::App& new_command, Context& ctx);

}  // namespace qm::cli::piraten_cli
