#pragma once
// Splits a typed line into words like a shell does: spaces separate, "double" and 'single'
// quotes keep spaces, a backslash escapes the next character. Throws InputError on an open quote.
// Also separates the options that belong to the whole program from the command itself.
#include <string>
#include <string_view>
#include <vector>

namespace qm::cli {

// The words as a player would type them, one line that split_words reads back the same: a word
// that is empty or holds a space, a quote or a backslash is put in double quotes.
std::string joined_words(const std::vector<std::string>& words);

std::vector<std::string> split_words(const std::string& line);

// True when `text` is well-formed UTF-8 (no stray bytes of another encoding, no overlong forms,
// no surrogates): what a journal line or a JSON answer can hold.
bool is_utf8(std::string_view text);

// A shell command line split into the program's own options and the command: `--session NAME`
// (or `--session=NAME`) anywhere before `--`, and `--json` before the command's first word.
// A session journals only `command`, so its events read the same however they were typed.
struct ProgramWords {
  std::string session;                // "" when none was named
  bool json = false;                  // --json came before the command
  std::vector<std::string> command;   // empty: no command at all (the REPL)
};
ProgramWords program_words(const std::vector<std::string>& args);

}  // namespace qm::cli
