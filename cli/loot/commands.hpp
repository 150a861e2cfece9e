#pragma once
// Loot's command files (a table of contents): each adds one command to the tree.
//   cmd_score.cpp        score loot --captured NAME=CARDS... --hand NAME=CARDS... [--team A,B...]
//   cmd_new.cpp          new loot PLAYER... [--teams A+B,C+D]
//   table_commands.cpp   the table's own commands: draw, float, attack, reinforce, captain,
//                        admiral, discard, battles, end, final
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::loot_cli {

void setup_score_loot(CLI::App& root, Context& ctx);        // cmd_score.cpp
void setup_new_loot(CLI::App& new_command, Context& ctx);  // cmd_new.cpp

}  // namespace qm::cli::loot_cli
