#include "cli/commands.hpp"

#include <algorithm>

#include "cli/advice/advise.hpp"
#include "cli/completion.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/session.hpp"
#include "cli/vision/scan.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {

namespace {

// --json and --session belong to every command (CLI.md: "--json: the command prints exactly one
// JSON document"). CLI11's fallthrough would give them that reach, but it also hands every
// unknown token to the root, which breaks commands that take free words such as
// `reroll sabre -> coin`; so each subcommand gets its own copy, bound to the same place.
void add_global_options(CLI::App& app, Context& ctx) {
  for (CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name().empty()) continue;  // an option group, not a command
    if (sub->get_option_no_throw("--json") == nullptr)
      sub->add_flag("--json", ctx.json, "Print exactly one JSON document on stdout");
    if (sub->get_option_no_throw("--session") == nullptr)
      sub->add_option("--session", "The table session (see quartermaster --help)")->type_name("NAME")->group("");
    add_global_options(*sub, ctx);
  }
}

// Where a command (or a game) must stand, the word is checked before CLI11 sees it: CLI11
// would list it among "arguments not expected", after the words that follow it, with no hint.
void check_command_words(CLI::App& app, const std::vector<std::string>& args) {
  CLI::App* node = &app;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--" || node->get_prefix_command()) return;
    if (word.starts_with("-")) {
      const CLI::Option* option = node->get_option_no_throw(word.substr(0, word.find('=')));
      if (option != nullptr && option->get_items_expected_max() > 0 && word.find('=') == std::string::npos) ++i;
      continue;
    }
    const std::vector<CLI::App*> subs = node->get_subcommands({});
    const bool takes_words = !node->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
    if (subs.empty() || takes_words) return;  // the word may be an argument (`scan PHOTO`)
    const auto named = std::find_if(subs.begin(), subs.end(), [&](CLI::App* sub) { return sub->check_name(word); });
    if (named != subs.end()) {
      node = *named;
      continue;
    }
    std::vector<std::string> names;
    bool all_games = true;
    for (const CLI::App* sub : subs) {
      if (sub->get_name().empty() || sub->get_group().empty()) continue;  // option groups, hidden commands
      names.push_back(sub->get_name());
      for (const std::string& alias : sub->get_aliases()) names.push_back(alias);
      all_games = all_games && find_game(sub->get_name()) != nullptr;
    }
    if (all_games) throw InputError(unknown_game_message(word));
    const std::string suggestion = notation::closest(notation::folded(word), names);
    throw InputError("unknown command " + quoted_token(word) +
                     (suggestion.empty() ? " (type 'help' for the list)" : " (did you mean " + suggestion + "?)"));
  }
}

// A journal records only what changed a table: `new` and the current game's own commands. On
// replay nothing else runs, whatever a hand-edited journal or an imported document names: a
// `session import` of the document itself would import it again without end, a `report` would
// write files each time the session opened.
void check_replayable(const std::vector<std::string>& args, const std::vector<CLI::App*>& game_commands, Context& ctx) {
  if (!ctx.replaying || (!args.empty() && args.front() == "new")) return;
  const auto named = [&](const CLI::App* sub) { return !args.empty() && sub->check_name(args.front()); };
  if (std::ranges::any_of(game_commands, named)) return;
  throw InputError((args.empty() ? std::string("an empty command") : quoted_token(args.front())) +
                   " is not a command that changes a table");
}

}  // namespace

namespace {

// The root every tree grows from: the program's own options.
std::unique_ptr<CLI::App> root_app(Context& ctx) {
  auto app = std::make_unique<CLI::App>(
      "Quartermaster: referee and scoring assistant for pirate tabletop games.\n"
      "Without a command it starts the REPL, where every command below can be typed too.",
      "quartermaster");
  app->set_version_flag("--version", std::string("quartermaster ") + QM_VERSION);
  app->add_flag("--json", ctx.json, "Print exactly one JSON document on stdout");
  app->add_option("--session", "Open (or create) this named table session")->type_name("NAME");
  app->require_subcommand(0, 1);
  return app;
}

// Most lines at a table, and every event a journal replays, are `new`, undo and redo or the
// current game's own commands. Their tree is a small part of the whole (every game's `score`,
// `simulate`, `scan`, `calibrate` ...), and building the whole for each line made replaying a
// long journal slow. Null when the line names anything else, `help` included (it lists all).
// Replaying, the line must name `new` or one of the game's own commands (check_replayable).
std::unique_ptr<CLI::App> table_app(const std::vector<std::string>& args, Context& ctx) {
  if (!ctx.replaying && (args.empty() || args.front().starts_with("-"))) return nullptr;
  auto app = root_app(ctx);
  check_replayable(args, setup_table_commands(*app, ctx), ctx);
  if (args.empty()) return nullptr;
  const auto named = [&](CLI::App* sub) { return sub->check_name(args.front()); };
  const std::vector<CLI::App*> subs = app->get_subcommands(named);
  if (subs.empty() || subs.front()->get_name() == "help") return nullptr;
  add_global_options(*app, ctx);
  return app;
}

}  // namespace

std::unique_ptr<CLI::App> build_app(Context& ctx) {
  auto app = root_app(ctx);
  app->add_subcommand("score", "Score what lies on the table (stateless)")->require_subcommand(1);
  setup_simulate(*app, ctx);
  setup_advise(*app, ctx);
  setup_session(*app, ctx);
  setup_repl(*app, ctx);
  for (const GameEntry& game : game_catalogue())
    if (game.add_commands) game.add_commands(*app, ctx);
  setup_table_commands(*app, ctx);
  setup_report_commands(*app, ctx);
  setup_scan(*app, ctx);
  setup_table_scan(*app, ctx);
  setup_calibrate(*app, ctx);
  setup_scan_cards(*app, ctx);
  setup_calibrate_cards(*app, ctx);
  setup_complete(*app, ctx);
  add_global_options(*app, ctx);
  return app;
}

void run_line(const std::vector<std::string>& args, Context& ctx) {
  // The journal and --json write the words as JSON, which holds only UTF-8: a byte of another
  // encoding (a Latin-1 terminal's "ö") would otherwise fail only once the command had run.
  for (const std::string& word : args)
    if (!is_utf8(word)) throw InputError(quoted_token(word) + " is not UTF-8 text (set the terminal to UTF-8)");
  std::unique_ptr<CLI::App> app = table_app(args, ctx);
  if (app == nullptr) app = build_app(ctx);
  check_command_words(*app, args);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses a reversed vector
  try {
    app->parse(reversed);
  } catch (const CLI::CallForHelp& help) {
    app->exit(help, ctx.print(), ctx.print());
  } catch (const CLI::CallForAllHelp& help) {
    app->exit(help, ctx.print(), ctx.print());
  } catch (const CLI::CallForVersion& version) {
    ctx.print() << version.what() << "\n";
  }
}

}  // namespace qm::cli
