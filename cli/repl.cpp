// The REPL: `quartermaster` or `quartermaster repl [--session NAME]`. Every line goes through
// the same command tree as the shell. At a terminal it edits lines, keeps history and completes
// words; on a pipe it prints no prompt and stops at end of input, so it can be scripted.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/errors.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/line_editor.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"

namespace qm::cli {
namespace {

std::string prompt_for(const Session& session) {
  const GameTable* table = session.current_game();
  if (table == nullptr) return "quartermaster> ";
  if (table->is_over()) return table->game() + " (over)> ";
  const std::string turn = table->whose_turn();
  return table->game() + (turn.empty() ? "" : " · " + turn) + "> ";
}

bool starts_with_ci(const std::string& text, const std::string& prefix) {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  return true;
}

// Candidates for the word being typed: the subcommands and options at that depth of the
// command tree, the game's own tokens and the players' names.
std::vector<std::string> complete_word(Context& base, const std::vector<std::string>& before,
                                       const std::string& word) {
  Context ctx = base;
  std::ostringstream ignored;
  ctx.out = &ignored;
  auto app = build_app(ctx);
  CLI::App* node = app.get();
  for (const std::string& w : before) {
    for (CLI::App* sub : node->get_subcommands({})) {
      if (sub->check_name(w)) {
        node = sub;
        break;
      }
    }
  }
  std::vector<std::string> candidates;
  for (CLI::App* sub : node->get_subcommands({})) candidates.push_back(sub->get_name());
  for (const CLI::Option* option : node->get_options())
    for (const std::string& name : option->get_lnames()) candidates.push_back("--" + name);
  if (ctx.session != nullptr) {
    for (const std::string& player : ctx.session->players()) candidates.push_back(player);
    if (const GameTable* table = ctx.session->current_game())
      for (const std::string& token : table->completions()) candidates.push_back(token);
  }
  if (!before.empty() && (before.back() == "simulate" || before.back() == "new"))
    for (const std::string& name : game_names()) candidates.push_back(name);
  std::vector<std::string> matches;
  for (const std::string& candidate : candidates)
    if (starts_with_ci(candidate, word) && std::find(matches.begin(), matches.end(), candidate) == matches.end())
      matches.push_back(candidate);
  std::sort(matches.begin(), matches.end());
  return matches;
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
    editor = std::make_unique<LineEditor>(history_path(), [&base](const std::vector<std::string>& before,
                                                                  const std::string& word) {
      return complete_word(base, before, word);
    });
    std::cout << "Quartermaster " << QM_VERSION << ": type 'help' for the commands, 'quit' to leave.\n";
    if (session.has_journal())
      std::cout << "Session '" << session.name() << "': " << session.events().size() << " events restored.\n";
  }

  bool any_error = false;
  while (true) {
    std::optional<std::string> line;
    if (editor) {
      line = editor->read(prompt_for(session));
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
      const bool was_named = session.has_journal();
      session.run(words, ctx);
      std::cout << buffer.str();
      if (!was_named && session.has_journal())
        std::cout << "(this table is recorded as session '" << session.name() << "': reopen it with "
                  << "'quartermaster repl --session " << session.name() << "')\n";
      if (ctx.start_repl) std::cout << "(already in the REPL)\n";
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
