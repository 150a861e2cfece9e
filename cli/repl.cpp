// The REPL: `quartermaster` or `quartermaster repl [--session NAME]`. Every line goes through
// the same command tree as the shell. At a terminal it edits lines, keeps history and completes
// words; on a pipe it prints no prompt and stops at end of input, so it can be scripted.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <future>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/errors.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/journal.hpp"
#include "cli/line_editor.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "vision/warm_up.hpp"

namespace qm::cli {
namespace {

std::string prompt_for(const Session& session) {
  const GameTable* table = session.current_game();
  if (table == nullptr) return "quartermaster> ";
  if (table->is_over()) return table->game() + " (over)> ";
  const std::string turn = table->whose_turn();
  return table->game() + (turn.empty() ? "" : " · " + turn) + "> ";
}

}  // namespace

void setup_repl(CLI::App& app, Context& ctx) {
  app.add_subcommand("repl", "Start the REPL (also: no command at all); --session NAME opens a named session")
      ->callback([&ctx] { ctx.start_repl = true; });
}

int run_repl(Context& base) {
  const LineRunner runner = [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); };
  std::unique_ptr<Session> owned;
  if (base.session == nullptr) {
    owned = Session::open_unnamed(runner);
    base.session = owned.get();
  }
  Session& session = *base.session;
  const bool terminal = isatty(STDIN_FILENO) == 1;
  base.interactive = terminal;

  std::unique_ptr<LineEditor> editor;
  if (terminal) {
    // A Ctrl-C while a command runs must not end the evening: the command finishes and the
    // next prompt comes (while a line is edited, Ctrl-C is a key that clears it).
    std::signal(SIGINT, SIG_IGN);
    editor = std::make_unique<LineEditor>(history_path(), [&base](const std::vector<std::string>& before,
                                                                  const std::string& word) {
      return completions(base, before, word);
    });
    std::cout << "Quartermaster " << QM_VERSION << ": type 'help' for the commands, 'quit' to leave.\n";
    if (session.has_journal() && session.events().empty())
      std::cout << "Session '" << session.name() << "': new; every step is recorded as it is played.\n";
    else if (session.has_journal())
      std::cout << "Session '" << session.name() << "': all events restored (" << session.events().size() << ").\n";
  }

  // At a terminal, what a first scan needs is made ready while the person types: measured at a
  // pseudo-terminal, the first photo scanned took ~0.35 s longer than the next ones. Every line
  // waits for it first, so OpenCV is never used by two threads at once.
  std::future<void> scanning_ready;
  if (terminal) scanning_ready = std::async(std::launch::async, vision::prepare_scanning);

  bool any_error = false;
  bool interrupted_empty = false;  // the last Ctrl-C was on an empty line
  while (true) {
    std::optional<std::string> line;
    if (editor) {
      const EditedLine typed = editor->read(prompt_for(session));
      if (typed.end == EditedLine::End::end_of_input) {
        std::cout << "\n";  // Ctrl-D leaves the terminal on a fresh line
        break;
      }
      if (typed.end == EditedLine::End::interrupted) {
        if (interrupted_empty) std::cout << "(to leave, type 'quit' or press Ctrl-D)\n";
        interrupted_empty = !interrupted_empty;
        continue;
      }
      interrupted_empty = false;
      line = typed.text;
    } else {
      std::string text;
      if (std::getline(std::cin, text)) line = text;
    }
    if (!line) break;
    if (editor && !line->empty()) editor->remember(*line);

    Context ctx = base;
    std::ostringstream buffer;
    ctx.out = &buffer;
    ctx.json = false;
    ctx.start_repl = false;
    try {
      const std::vector<std::string> words = split_words(*line);
      if (words.empty() || words.front().starts_with("#")) continue;
      if (scanning_ready.valid()) scanning_ready.get();
      const bool was_named = session.has_journal();
      session.run(words, ctx);
      std::cout << buffer.str();
      if (!was_named && session.has_journal())
        std::cout << "(this table is recorded as session '" << session.name() << "': reopen it with "
                  << "'quartermaster repl --session " << session.name() << "')\n";
      if (ctx.start_repl) std::cout << "(already in the REPL)\n";
    } catch (const SaveError&) {
      // Nothing was recorded: the step's answer is not shown, only why it was not saved.
      report_exception(std::current_exception(), std::cerr);
      any_error = true;
    } catch (...) {
      std::cout << buffer.str();
      std::cout.flush();
      report_exception(std::current_exception(), std::cerr);
      any_error = true;
    }
    std::cout.flush();
    if (ctx.quit) break;
  }
  // On a pipe, a script learns that one of its lines failed; at a terminal the person saw it.
  return (!terminal && any_error) ? kExitBadInput : kExitOk;
}

}  // namespace qm::cli
