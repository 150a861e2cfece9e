// Fuzz target: a document given to `session import FILE` (an exported session, or a journal),
// through the real command, which checks that the events replay before it keeps anything. The
// imported session is removed after each input. (Its events replay through the real command
// tree, not the table_runner filter: that is what import does.)
#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/journal.hpp"
#include "tests/fuzz/fuzz_target.hpp"
#include "tests/fuzz/table_runner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  const std::filesystem::path file = fuzz::scratch_file("session_import", "exported.json", data, size);
  fuzz::NullStream out;
  cli::Context ctx;
  ctx.out = &out;
  try {
    cli::run_line({"session", "import", file.string()}, ctx);
  } catch (const CLI::ParseError&) {
  } catch (const InputError&) {
  }
  std::filesystem::remove_all(cli::sessions_dir());
  return 0;
}
