// `session report NAME [--out FILE]`, and at the table `report [--out FILE]` and `chart`.
#include <memory>

#include "cli/commands.hpp"
#include "cli/report/report_files.hpp"
#include "cli/report/report_model.hpp"
#include "cli/session.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

// Without --out the report goes beside the session's journal, where the session itself is kept,
// not into whatever folder the program happened to start in; the answer says where.
void write_and_say(const Session& session, std::string out, Context& ctx) {
  if (out.empty()) out = (session.journal().parent_path() / (session.name() + "-report.html")).string();
  const report::ReportModel model = report::build_report_model(session);
  report::write_report(model, out);
  if (ctx.json) {
    ctx.print() << nlohmann::json{{"report", out}, {"games", model.games.size()}}.dump(2) << "\n";
    return;
  }
  ctx.print() << "report of session '" << session.name() << "' (" << counted(static_cast<long long>(model.games.size()), "game") << ") written to "
              << out << "\n";
}

}  // namespace

void add_session_report_command(CLI::App& session_command, Context& ctx) {
  struct Options {
    std::string session, out;
  };
  auto options = std::make_shared<Options>();
  CLI::App* sub = session_command.add_subcommand(
      "report", "Charts of every game's running totals and a summary, as SVG, PNG or HTML");
  sub->add_option("session", options->session, "Session name or journal file")->required();
  sub->add_option("--out", options->out, "FILE.svg, FILE.png or FILE.html (default NAME-report.html beside the session's journal)")
      ->type_name("FILE");
  sub->callback([options, &ctx] {
    const auto session = open_session_for_reading(options->session);
    write_and_say(*session, options->out, ctx);
  });
}

void setup_report_commands(CLI::App& app, Context& ctx) {
  auto out = std::make_shared<std::string>();
  CLI::App* report = app.add_subcommand("report", "Write this session's report (charts and summary)");
  report->add_option("--out", *out, "FILE.svg, FILE.png or FILE.html (default NAME-report.html beside the session's journal)")->type_name("FILE");
  report->callback([out, &ctx] {
    if (ctx.session == nullptr || ctx.session->games().empty())
      throw InputError("no game in this session yet: nothing to report");
    write_and_say(*ctx.session, *out, ctx);
  });

  auto game_number = std::make_shared<int>(0);
  CLI::App* chart = app.add_subcommand("chart", "A sparkline of each player's totals in the current game");
  chart->add_option("--game", *game_number, "The game's number in the session (default: the current one)")
      ->check(CLI::PositiveNumber);
  chart->callback([game_number, &ctx] {
    if (ctx.session == nullptr || ctx.session->games().empty()) throw InputError("no game in this session yet");
    const report::ReportModel model = report::build_report_model(*ctx.session);
    const std::size_t index = *game_number > 0 ? static_cast<std::size_t>(*game_number) - 1 : model.games.size() - 1;
    if (index >= model.games.size())
      throw InputError("no game " + std::to_string(*game_number) + " in this session (it has " +
                       std::to_string(model.games.size()) + ")");
    const report::GameSeries& game = model.games[index];
    if (ctx.json) {
      nlohmann::json totals = nlohmann::json::array();
      for (const std::vector<double>& point : game.totals) {
        totals.push_back(nlohmann::json::array());
        for (double total : point) totals.back().push_back(json_number(total));
      }
      nlohmann::json chart = {{"game", game.title}, {"players", game.players}, {"totals", totals}, {"winners", game.winners}};
      if (!game.not_charted.empty()) chart["not_charted"] = game.not_charted;
      ctx.print() << chart.dump(2) << "\n";
      return;
    }
    ctx.print() << game.title << "\n" << report::sparklines(game);
  });
}

}  // namespace qm::cli
