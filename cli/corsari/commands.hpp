#pragma once
// Corsari's command files (a table of contents): each adds one command to the tree.
//   cmd_score.cpp          score corsari --tavern COLOUR --hand CARDS
//   cmd_score_sailing.cpp  score corsari-sailing --tavern COLOUR --sailor NAME --hand NAME=CARDS...
//                          [--penalty NAME=INT...] [--add NAME=CARDS...] [--limit INT]
//   cmd_new.cpp            new corsari PLAYER... [--limit INT] [--dealer NAME]
//   table_commands.cpp     the table's own commands: sail, hand, add, confirm, void, cancel,
//                          show, deals
// The files here only parse, call scoring/corsari and rules/corsari, and format (format.hpp).
#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli::corsari_cli {

void setup_score_corsari(CLI::App& score, Context& ctx);          // cmd_score.cpp
void setup_score_corsari_sailing(CLI::App& score, Context& ctx);  // cmd_score_sailing.cpp
void setup_new_corsari(CLI::App& new_command, Context& ctx);      // cmd_new.cpp

}  // namespace qm::cli::corsari_cli
