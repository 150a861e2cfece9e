// quartermaster: referee and scoring assistant for pirate tabletop games.
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "cli/errors.hpp"
#include "cli/journal.hpp"
#include "cli/line_editor.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"

namespace {

using namespace qm::cli;

// How long a shell command that changes a table waits for another program holding the session.
constexpr std::chrono::seconds kWriterPatience{3};

// A command (or the REPL) on a named session. The session's lock is taken if nobody holds it;
// a command that only reads needs none. One that changes the table while another program holds
// the session waits up to kWriterPatience for it, then runs again on the journal as the other
// left it (nothing of the first try was recorded or printed). The answer is printed only once
// its event is saved (CLI.md, Sessions).
int run_in_session(const ProgramWords& words, Context& ctx) {
  const LineRunner runner = [](const std::vector<std::string>& line, Context& line_ctx) { run_line(line, line_ctx); };
  std::optional<SessionLock> lock = SessionLock::try_take(words.session);
  bool waited = false;
  while (true) {
    std::unique_ptr<Session> session = Session::open_named(words.session, runner, std::move(lock));
    if (!waited)
      for (const std::string& warning : session->warnings()) std::cerr << "quartermaster: warning: " << warning << "\n";
    std::ostringstream answer;
    Context line = ctx;
    line.out = &answer;
    line.session = session.get();
    try {
      session->run(words.command, line);
    } catch (const SessionBusy&) {
      if (waited) throw;
      waited = true;
      lock = SessionLock::take_within(words.session, kWriterPatience);
      if (!lock)
        throw SessionBusy(SessionLock::holder_message(
            words.session, "type the command there (waited " + std::to_string(kWriterPatience.count()) + " s)"));
      continue;
    } catch (const SaveError&) {
      throw;  // nothing was recorded: the answer would say otherwise
    } catch (...) {
      std::cout << answer.str();
      throw;
    }
    std::cout << answer.str();
    if (!line.start_repl) return kExitOk;
    // The REPL may write for its whole life: it holds the session or does not start.
    if (!session->may_write())
      throw SessionBusy(SessionLock::holder_message(words.session, "type the commands there"));
    ctx.session = session.get();
    return run_repl(ctx);
  }
}

}  // namespace

int main(int argc, char** argv) {
  use_terminal_locale();
  // The session must be open before the command tree is built, because the current game adds
  // its own commands to it; so the program's own options are taken out ahead of the parse.
  ProgramWords words = program_words(std::vector<std::string>(argv + 1, argv + argc));
  if (words.command.empty()) words.command.push_back("repl");  // CLI.md: no command starts the REPL

  Context ctx;
  ctx.out = &std::cout;
  ctx.colour = colour_wanted();
  ctx.json = words.json;
  try {
    if (!words.session.empty()) return run_in_session(words, ctx);
    run_line(words.command, ctx);
    if (ctx.start_repl) return run_repl(ctx);
    return kExitOk;
  } catch (...) {
    return report_exception(std::current_exception(), std::cerr);
  }
}
