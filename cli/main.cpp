// quartermaster: referee and scoring assistant for pirate tabletop games.
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/errors.hpp"
#include "cli/line_editor.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"

int main(int argc, char** argv) {
  using namespace qm::cli;
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
    std::unique_ptr<Session> session;
    if (!words.session.empty()) {
      session = Session::open_named(words.session, [](const std::vector<std::string>& line, Context& line_ctx) {
        run_line(line, line_ctx);
      });
      for (const std::string& warning : session->warnings()) std::cerr << "quartermaster: warning: " << warning << "\n";
      ctx.session = session.get();
      session->run(words.command, ctx);
    } else {
      run_line(words.command, ctx);
    }
    if (ctx.start_repl) return run_repl(ctx);
    return kExitOk;
  } catch (...) {
    return report_exception(std::current_exception(), std::cerr);
  }
}
