// The REPL's table commands (CLI.md, Table commands): new, standings, undo, redo, help, quit,
// and the current game's own commands.
#include "cli/table_commands.hpp"

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/session.hpp"
#include "cli/text_table.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

Session& need_session(Context& ctx, const std::string& command) {
  if (ctx.session == nullptr)
    throw InputError("'" + command + "' acts on a table session: use the REPL, or --session NAME");
  return *ctx.session;
}

// The words of a words command, without the global options typed among them (CLI11 parses them
// only before the first word): --json turns on the command's own --json flag, which
// add_global_options binds to ctx.json; --session NAME opened the session before the line ran.
std::vector<std::string> without_global_options(CLI::App& command) {
  std::vector<std::string> words;
  const std::vector<std::string> typed = command.remaining();
  for (std::size_t i = 0; i < typed.size(); ++i) {
    if (typed[i] == "--json") {
      if (CLI::Option* json = command.get_option_no_throw("--json")) {
        json->add_result("true");
        json->run_callback();
      }
    } else if (typed[i] == "--session") {
      ++i;  // and its NAME
    } else if (!typed[i].starts_with("--session=")) {
      words.push_back(typed[i]);
    }
  }
  return words;
}

// After undo or redo: the event's command as it was typed (never its journal's JSON), then the
// standings. With --json, one document: {"undone": "roll 2coin -> skull", "standings": {...}}.
void say_taken_back(Context& ctx, const std::string& what, const std::vector<std::string>& command) {
  const GameTable* table = ctx.session->current_game();
  if (ctx.json) {
    ctx.print() << nlohmann::json{{what, joined_words(command)}, {"standings", table ? standings_json(*table) : nlohmann::json(nullptr)}}
                       .dump(2)
                << "\n";
    return;
  }
  ctx.print() << what << ": " << joined_words(command) << "\n";
  if (table) print_standings(ctx, *table);
}

void add_help(CLI::App& app, Context& ctx) {
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand("help", "Show the commands, or one command's options");
  sub->add_option("command", *words, "A command, e.g. 'score piraten'");
  CLI::App* root = &app;
  sub->callback([words, root, &ctx] {
    CLI::App* target = root;
    std::string path = root->get_name();
    for (const std::string& word : *words) {
      CLI::App* next = nullptr;
      for (CLI::App* candidate : target->get_subcommands({}))
        if (candidate->check_name(word)) next = candidate;
      if (next == nullptr) throw InputError("no command " + quoted_token(word) + " (type 'help' for the list)");
      target = next;
      path += " " + target->get_name();
    }
    // The formatter directly: App::help() would describe `help` itself, the command now running.
    ctx.print() << root->get_formatter()->make_help(target, path, CLI::AppFormatMode::Normal);
  });
}

}  // namespace

nlohmann::json standings_json(const GameTable& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Standing& s : table.standings())
    rows.push_back({{"player", s.player}, {"total", json_number(s.total)}, {"out", s.out}});
  return {{"game", table.game()},         {"score_name", table.score_name()}, {"standings", rows},
          {"to_play", table.whose_turn()}, {"over", table.is_over()},         {"winners", table.winners()}};
}

CLI::App* add_words_command(CLI::App& app, const std::string& name, const std::string& description,
                            std::function<void(const std::vector<std::string>& words)> run) {
  CLI::App* sub = app.add_subcommand(name, description);
  sub->prefix_command();  // everything from the first word on is left unparsed, for run
  sub->callback([sub, run = std::move(run)] { run(without_global_options(*sub)); });
  return sub;
}

void check_player_names(const std::vector<std::string>& names, int min_players, int max_players) {
  const int count = static_cast<int>(names.size());
  if (count < min_players || count > max_players)
    throw InputError(fmt::format("this game takes {} to {} players, not {}", min_players, max_players, count));
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (name.empty() || name.size() > 32 || name.find_first_of(" ,=") != std::string::npos || name[0] == '-')
      throw InputError("bad player name " + quoted_token(name));
    for (std::size_t j = 0; j < i; ++j) {
      if (notation::folded(names[j]) == notation::folded(name)) throw InputError("player name " + quoted_token(name) + " given twice");
    }
  }
}

void print_standings(Context& ctx, const GameTable& table) {
  if (ctx.replaying) return;
  TextTable out({"player", table.score_name()});
  const auto winners = table.winners();
  for (const Standing& s : table.standings()) {
    std::string mark;
    if (s.out) mark = " (out)";
    if (std::find(winners.begin(), winners.end(), s.player) != winners.end()) mark = " (winner)";
    out.add_row({s.player + mark, format_number(s.total)});
  }
  out.print(ctx.print());
  if (table.is_over()) {
    std::string names;
    for (const std::string& w : winners) names += (names.empty() ? "" : " and ") + w;
    ctx.print() << bold(ctx, "Game over: " + (names.empty() ? std::string("no winner") : names + " won")) << "\n";
  } else if (const auto* teller = dynamic_cast<const WherePlayStands*>(&table)) {
    teller->print_where_play_stands(ctx);
  } else if (!table.whose_turn().empty()) {
    ctx.print() << "to play: " << table.whose_turn() << "\n";
  }
}

void begin_game(Context& ctx, std::unique_ptr<GameTable> table) {
  Session& session = need_session(ctx, "new");
  GameTable& started = *table;
  session.start_game(std::move(table));
  ctx.record_event();
  if (ctx.replaying || ctx.json) return;  // with --json the game's own `new` prints the one document
  std::string names;
  for (const std::string& p : started.players()) names += (names.empty() ? "" : ", ") + p;
  const GameEntry* entry = find_game(started.game());
  ctx.print() << "New game of " << (entry ? entry->title : started.game()) << ": " << names << "\n";
  print_standings(ctx, started);
}

std::vector<CLI::App*> setup_table_commands(CLI::App& app, Context& ctx) {
  CLI::App* new_command = app.add_subcommand("new", "Start a game at the table: new GAME PLAYER... [options]");
  new_command->require_subcommand(1);
  for (const GameEntry& game : game_catalogue())
    if (game.add_new_command) game.add_new_command(*new_command, ctx);

  CLI::App* standings = app.add_subcommand("standings", "Show the current game's standings");
  standings->callback([&ctx] {
    GameTable* table = need_session(ctx, "standings").current_game();
    if (table == nullptr) throw InputError("no game at the table yet (start one with 'new')");
    if (ctx.json) {
      ctx.print() << standings_json(*table).dump(2) << "\n";
      return;
    }
    print_standings(ctx, *table);
  });

  app.add_subcommand("undo", "Take back the last table event (works across restarts)")->callback([&ctx] {
    say_taken_back(ctx, "undone", need_session(ctx, "undo").undo());
  });
  app.add_subcommand("redo", "Put back the last undone event")->callback([&ctx] {
    say_taken_back(ctx, "redone", need_session(ctx, "redo").redo());
  });
  add_help(app, ctx);
  app.add_subcommand("quit", "Leave the REPL (everything is already saved)")->alias("exit")->callback([&ctx] {
    ctx.quit = true;
  });

  GameTable* table = ctx.session != nullptr ? ctx.session->current_game() : nullptr;
  if (table == nullptr) return {};
  const std::size_t before = app.get_subcommands({}).size();
  table->add_commands(app, ctx);
  const std::vector<CLI::App*> all = app.get_subcommands({});
  return {all.begin() + static_cast<long>(before), all.end()};
}

}  // namespace qm::cli
