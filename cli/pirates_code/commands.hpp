#pragma once
// Pirate's Code's command files (a table of contents): each adds one command to the tree.
//   cmd_new.cpp          new pirates-code PLAYER... --me NAME --hand NUMBERS [--cards SET] [--option K=V...]
//   table_commands.cpp   the table's own commands: guess, inquiry, scout, clairvoyance,
//                        rapid-fire, plunder, faceup, turn, notebook
// `simulate pirates-code` is the engine's (rules/pirates_code/simulation.hpp), through entry.cpp.
// There is no `score pirates-code` (CLI.md): the game ends when a guess finds the code, with
// nothing to count.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::pirates_code_cli {

void setup_new_pirates_code(CLI::App& new_command, Context& ctx);

}  // namespace qm::cli::pirates_code_cli
