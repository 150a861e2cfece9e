// Fuzz target: lines typed at the table. The input is a REPL session, one line per line: each
// is split into words as the REPL splits it and run through the session (Session::run), so a
// `new GAME ...` line starts a game whose own commands (`roll`, `sail`, `float`, ...) then
// reach its GameTable, and every event is journaled in the target's private home. A refused
// line rebuilds the table from the journal, as at a real table.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/journal.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "tests/fuzz/fuzz_target.hpp"
#include "tests/fuzz/table_runner.hpp"

namespace {
// An evening is a few dozen lines; more only makes every refused line's rebuild slower.
constexpr int kMaxLines = 32;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  fuzz::scratch_home("table_lines");
  fuzz::NullStream out;
  {
    const std::unique_ptr<cli::Session> session = cli::Session::open_unnamed(fuzz::table_runner());
    std::istringstream lines(fuzz::text_of(data, size));
    std::string line;
    for (int count = 0; count < kMaxLines && std::getline(lines, line); ++count) {
      cli::Context ctx;
      ctx.out = &out;
      ctx.session = session.get();
      try {
        const std::vector<std::string> words = cli::split_words(line);
        if (words.empty() || words.front().starts_with("#")) continue;
        session->run(words, ctx);
      } catch (const CLI::ParseError&) {
      } catch (const InputError&) {
      }
      if (ctx.quit) break;
    }
  }
  std::filesystem::remove_all(cli::sessions_dir());  // the evening's journal
  return 0;
}
