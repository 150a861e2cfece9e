#include "cli/report/report_files.hpp"

#include <algorithm>
#include <fstream>

#include <fmt/format.h>

#include "cli/report/chart_layout.hpp"
#include "cli/report/svg_writer.hpp"
#include "cli/text_table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "vision/drawing_png.hpp"

namespace qm::cli::report {
namespace {

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw InputError("cannot write '" + file.string() + "'");
}

std::string lower_extension(const std::filesystem::path& file) {
  return notation::folded(file.extension().string());
}

}  // namespace

std::string report_html(const ReportModel& model) {
  std::string html = fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Quartermaster: session {0}</title>
<style>
body {{ font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; margin: 2em auto; max-width: 1000px; }}
h1 {{ font-size: 1.6em; }} h2 {{ font-size: 1.2em; margin-top: 2em; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
th, td {{ padding: 0.25em 0.8em; border-bottom: 1px solid #ddd; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
.swatch {{ display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; }}
svg {{ max-width: 100%; height: auto; }}
</style></head><body>
<h1>Session {0}</h1>
)",
                                 xml_escape(model.session));
  html += "<h2>Summary</h2>\n<table><tr><th>player</th><th>games played</th><th>games won</th>";
  for (const std::string& title : model.game_titles) html += "<th>" + xml_escape(title) + "</th>";
  html += "</tr>\n";
  for (const PlayerSummary& player : model.players) {
    const drawing::Colour c = player_style(player.style).colour;
    html += fmt::format(R"(<tr><td><span class="swatch" style="background:#{:02x}{:02x}{:02x}"></span>{}</td><td>{}</td><td>{}</td>)",
                        c.r, c.g, c.b, xml_escape(player.player), player.games_played,
                        format_number(player.games_won, 2));
    for (const std::string& final_total : player.finals)
      html += "<td>" + (final_total.empty() ? std::string("–") : xml_escape(final_total)) + "</td>";
    html += "</tr>\n";
  }
  html += "</table>\n";
  if (const std::string note = shared_wins_note(model); !note.empty()) html += "<p>" + xml_escape(note) + ".</p>\n";
  for (const GameSeries& game : model.games) {
    html += "<h2>" + xml_escape(game.title) + "</h2>\n";
    if (!game.not_charted.empty()) {
      html += "<p>" + xml_escape(game.not_charted) + ": not charted. " + xml_escape(outcome(game)) + "</p>\n";
      continue;
    }
    html += to_svg(layout_game_chart(game, 960), game.title);
    html += "<table><tr><th>player</th><th>" + xml_escape(game.score_name) + "</th><th></th></tr>\n";
    for (std::size_t p = 0; p < game.players.size(); ++p) {
      const bool winner = std::find(game.winners.begin(), game.winners.end(), game.players[p]) != game.winners.end();
      const std::string mark = winner ? "winner" : game.out_at[p] >= 0 ? "out" : "";
      html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", xml_escape(game.players[p]),
                          game.totals.empty() ? "0" : format_number(game.totals.back()[p], 1), mark);
    }
    html += "</table>\n";
  }
  html += "</body></html>\n";
  return html;
}

void write_report(const ReportModel& model, const std::filesystem::path& file) {
  const std::string ext = lower_extension(file);
  if (ext == ".svg") {
    write_text(file, to_svg(layout_report(model), "Session " + model.session));
  } else if (ext == ".html" || ext == ".htm") {
    write_text(file, report_html(model));
  } else if (ext == ".png") {
    drawing::write_png(layout_report(model), file);
  } else {
    throw InputError("report file '" + file.string() + "' must end in .svg, .png or .html");
  }
}

}  // namespace qm::cli::report
