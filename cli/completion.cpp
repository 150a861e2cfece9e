#include "cli/completion.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/journal.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/notation.hpp"

namespace qm::cli {
namespace {

std::vector<std::string> session_names() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(sessions_dir(), error))
    if (entry.path().extension() == ".jsonl") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

// What an option takes, by its name; `game` is the game the command line is about.
std::vector<std::string> option_values(const std::string& option, const std::string& game, const Context& ctx) {
  if (option == "--session") return session_names();
  if (option == "--game") return game_names();
  if (option == "--card") return notation::all_fortune_cards();
  if (option == "--dice" || option == "--chest") return notation::all_faces();
  if (option == "--tavern" || option == "-t") return notation::all_corsari_colours();
  if ((option == "--hand" || option == "--add") && game == "corsari") return notation::all_corsari_cards();
  if (option == "--me" || option == "--dealer" || option == "--sailor")
    if (ctx.session != nullptr) return ctx.session->players();
  return {};
}

bool takes_value(const CLI::Option* option) { return option != nullptr && option->get_items_expected_max() > 0; }

std::vector<std::string> subcommand_names(CLI::App& node) {
  std::vector<std::string> names;
  for (const CLI::App* sub : node.get_subcommands({}))
    if (!sub->get_name().empty() && !sub->get_group().empty()) names.push_back(sub->get_name());
  return names;
}

std::vector<std::string> option_names(const CLI::App& node) {
  std::vector<std::string> names;
  for (const CLI::Option* option : node.get_options())
    if (!option->get_group().empty())
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  return names;
}

// The candidates that start with `word` (without case), each once, in their order. A count
// before a token (CLI.md, Notation: `3coin`) is kept: `3co` gives `3coin`.
std::vector<std::string> fitting(const std::vector<std::string>& candidates, const std::string& word) {
  const std::size_t digits = word.find_first_not_of("0123456789");
  const std::string count = digits == std::string::npos ? "" : word.substr(0, digits);
  const std::string prefix = notation::folded(word.substr(count.size()));
  std::vector<std::string> out;
  for (const std::string& candidate : candidates) {
    const bool counted = !count.empty() && !std::isdigit(static_cast<unsigned char>(candidate.front()));
    const std::string full = counted ? count + candidate : candidate;
    const std::string& compared = counted ? prefix : notation::folded(word);
    if (notation::folded(candidate).starts_with(compared) && std::find(out.begin(), out.end(), full) == out.end())
      out.push_back(full);
  }
  return out;
}

std::vector<std::string> candidates_at(const Context& base, const std::vector<std::string>& typed) {
  Context ctx = base;
  std::ostringstream ignored;
  ctx.out = &ignored;
  const std::vector<std::string> before = program_words(typed).command;
  if (!typed.empty() && typed.back() == "--session") return session_names();

  auto app = build_app(ctx);
  // Down the command tree as far as the words name subcommands; `start` is where the words of
  // the command reached begin (its own name first).
  CLI::App* node = app.get();
  std::size_t start = 0;
  std::string game = ctx.session != nullptr && ctx.session->current_game() ? ctx.session->current_game()->game() : "";
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i].starts_with("-") || node->get_prefix_command()) continue;
    for (CLI::App* sub : node->get_subcommands({})) {
      if (!sub->check_name(before[i])) continue;
      node = sub;
      start = i;
      if (find_game(sub->get_name()) != nullptr) game = sub->get_name();
      break;
    }
  }
  const std::vector<std::string> command(before.begin() + static_cast<std::ptrdiff_t>(std::min(start, before.size())),
                                         before.end());

  // An option waiting for its value.
  if (!before.empty() && before.back().starts_with("-") && takes_value(node->get_option_no_throw(before.back())))
    return option_values(before.back(), game, ctx);

  if (node == app.get()) {
    const bool command_typed = std::any_of(before.begin(), before.end(), [](const std::string& w) { return !w.starts_with("-"); });
    return command_typed ? std::vector<std::string>{} : subcommand_names(*app);  // no such command: nothing fits
  }
  if (node->get_name() == "help") return subcommand_names(*app);
  if (node->get_parent() == app.get() && (node->get_name() == "simulate") && command.size() == 1) return game_names();

  std::vector<std::string> candidates;
  const GameTable* table = ctx.session != nullptr ? ctx.session->current_game() : nullptr;
  if (table != nullptr && node->get_parent() == app.get()) candidates = table->completions(command);
  // An option taking several values (--dice 2coin skull ...) goes on taking them.
  for (auto word = before.rbegin(); word != before.rend() && candidates.empty(); ++word) {
    if (!word->starts_with("-")) continue;
    const CLI::Option* option = node->get_option_no_throw(*word);
    if (takes_value(option) && option->get_items_expected_max() > 1) candidates = option_values(*word, game, ctx);
    break;
  }
  return followed_by(followed_by(candidates, subcommand_names(*node)), option_names(*node));
}

}  // namespace

std::vector<std::string> completions(const Context& ctx, const std::vector<std::string>& before,
                                     const std::string& word) {
  std::vector<std::string> candidates = candidates_at(ctx, before);
  // Options only once a dash is typed: they would crowd out the words that fit here.
  if (!word.starts_with("-"))
    candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                    [](const std::string& c) { return c.starts_with("--"); }),
                     candidates.end());
  return fitting(candidates, word);
}

void setup_complete(CLI::App& app, Context& ctx) {
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand(
      "complete", "For the shell's completion: the words that may follow WORD..., one a line (see the man page)");
  sub->group("");  // for the completion script, not for people
  sub->add_option("words", *words, "The command line's words; the last is the one being completed")
      ->allow_extra_args();
  sub->callback([words, &ctx] {
    if (words->empty()) words->push_back("");
    const std::vector<std::string> before(words->begin(), words->end() - 1);
    // The session named on the line completes its players and its game's commands.
    std::unique_ptr<Session> session;
    Context line_ctx = ctx;
    const std::string name = program_words(before).session;
    if (!name.empty() && ctx.session == nullptr) {
      try {
        session = open_session_for_reading(name);
        line_ctx.session = session.get();
      } catch (const std::exception&) {
        // an unknown or unreadable session completes like no session at all
      }
    }
    for (const std::string& candidate : completions(line_ctx, before, words->back())) ctx.print() << candidate << "\n";
  });
}

}  // namespace qm::cli
