#pragma once
// What the command-line fuzz targets let through to the command tree: the lines that stay at
// the table. A line naming a command that reads or writes files of its own (report, scan,
// session import, calibrate ...) or that runs long (simulate, advise), or holding a word with a
// folder in it, is refused as a user's error would be: the fuzzer is to try the table and its
// journal, not the machine's files or its patience.
#include <algorithm>
#include <array>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "scoring/input_error.hpp"

namespace qm::fuzz {

inline bool stays_at_table(const std::vector<std::string>& words) {
  static constexpr std::array<std::string_view, 12> kElsewhere = {
      "simulate", "advise", "report", "chart", "session", "scan",
      "scan-cards", "scan-table", "calibrate", "calibrate-cards", "complete", "repl"};
  return std::none_of(words.begin(), words.end(), [](const std::string& word) {
    return word.find('/') != std::string::npos ||
           std::find(kElsewhere.begin(), kElsewhere.end(), word) != kElsewhere.end();
  });
}

// run_line for the lines that stay at the table.
inline cli::LineRunner table_runner() {
  return [](const std::vector<std::string>& words, cli::Context& ctx) {
    if (!stays_at_table(words)) throw InputError("not a table command (left out by the fuzz target)");
    cli::run_line(words, ctx);
  };
}

// Where the commands print: nowhere.
class NullStream : public std::ostream {
 public:
  NullStream() : std::ostream(&buffer_) {}

 private:
  struct NullBuffer : std::streambuf {
    int overflow(int c) override { return c; }
  } buffer_;
};

}  // namespace qm::fuzz
