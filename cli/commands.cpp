#include "cli/commands.hpp"

#include <algorithm>

#include "cli/game_catalogue.hpp"
#include "cli/session.hpp"

namespace qm::cli {

std::unique_ptr<CLI::App> build_app(Context& ctx) {
  auto app = std::make_unique<CLI::App>(
      "Quartermaster: referee and scoring assistant for pirate tabletop games.\n"
      "Without a command it starts the REPL, where every command below can be typed too.",
      "quartermaster");
  app->set_version_flag("--version", std::string("quartermaster ") + QM_VERSION);
  app->add_flag("--json", ctx.json, "Print exactly one JSON document on stdout");
  app->add_option("--session", "Open (or create) this named table session")->type_name("NAME");
  app->require_subcommand(0, 1);
  app->fallthrough();  // --json and --session are accepted after any subcommand too

  app->add_subcommand("score", "Score what lies on the table (stateless)")->require_subcommand(1);
  setup_simulate(*app, ctx);
  setup_session(*app, ctx);
  setup_repl(*app, ctx);
  for (const GameEntry& game : game_catalogue())
    if (game.add_commands) game.add_commands(*app, ctx);
  setup_table_commands(*app, ctx);
  return app;
}

void run_line(const std::vector<std::string>& args, Context& ctx) {
  auto app = build_app(ctx);
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
