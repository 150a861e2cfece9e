#pragma once
// Pirate's Code's command files (a table of contents): each adds one command to the tree.
//   cmd_new_pirates_code.cpp   new pirates-code PLAYER... --me NAME --hand NUMBERS [--cards SET] [--option K=V...]
//   table_commands.cpp         the table's own commands: guess, inquiry, scout, clairvoyance,
//                              rapid-fire, plunder, faceup, turn, notebook
// `simulate pirates-code` is the engine's (rules/pirates_code/simulation.hpp), through entry.cpp.
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::pirates_code_cli {

void setup_new_pirates_code(CLI::App& new_command, Context& ctx);

}  // namespace qm::cli::pirates_code_cli
