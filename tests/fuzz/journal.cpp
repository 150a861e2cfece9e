// Fuzz target: a session's journal file (cli/journal, Session::load). The input is the file:
// it is opened as `session export` opens it (reading only; an event that no longer replays is
// reported), then as the session's writer opens it (a cut-off last line and the events that no
// longer replay are set aside beside it), and exported as JSON.
#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/journal.hpp"
#include "cli/session.hpp"
#include "tests/fuzz/fuzz_target.hpp"
#include "tests/fuzz/table_runner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  fuzz::scratch_home("journal");
  const std::string name = "fuzzed";
  const std::filesystem::path path = cli::journal_path(name);
  std::filesystem::create_directories(path.parent_path());
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  fuzz::expecting_input_errors([&] { (void)cli::Session::open_file(path, fuzz::table_runner())->export_json().dump(); });
  fuzz::expecting_input_errors([&] { (void)cli::Session::open_named(name, fuzz::table_runner())->export_json().dump(); });
  std::filesystem::remove_all(cli::sessions_dir());  // the journal and whatever was set aside
  return 0;
}
