#include "cli/commands.hpp"

#include <algorithm>

#include "cli/advice/advise.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/session.hpp"
#include "cli/vision/scan.hpp"

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

}  // namespace

std::unique_ptr<CLI::App> build_app(Context& ctx) {
  auto app = std::make_unique<CLI::App>(
      "Quartermaster: referee and scoring assistant for pirate tabletop games.\n"
      "Without a command it starts the REPL, where every command below can be typed too.",
      "quartermaster");
  app->set_version_flag("--version", std::string("quartermaster ") + QM_VERSION);
  app->add_flag("--json", ctx.json, "Print exactly one JSON document on stdout");
  app->add_option("--session", "Open (or create) this named table session")->type_name("NAME");
  app->require_subcommand(0, 1);

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
  add_global_options(*app, ctx);
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
