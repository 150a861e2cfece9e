#pragma once
// Tab completion by position, for the REPL's Tab key and for the shell (`quartermaster complete`,
// which cli/completion/quartermaster.bash calls): the words that fit where the cursor stands.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.hpp"

namespace qm::cli {

// The candidates for `word` after the words `before` (a whole command line's words, the
// program's own options such as `--session NAME` included), most likely first, each once.
// A command of the current game asks the game (GameTable::completions); an option's value is
// completed by what the option takes (fortune cards after --card, sessions after --session).
std::vector<std::string> completions(const Context& ctx, const std::vector<std::string>& before,
                                     const std::string& word);

// `quartermaster complete -- WORD... CURRENT`: the shell's completion, one candidate a line.
void setup_complete(CLI::App& app, Context& ctx);

}  // namespace qm::cli
