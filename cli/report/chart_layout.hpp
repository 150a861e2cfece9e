#pragma once
// Lays a report out as drawings: a line chart per game and the summary table.
#include "cli/report/report_model.hpp"
#include "vision/drawing.hpp"

namespace qm::cli::report {

// Colours from the Okabe-Ito palette (designed for colour-blind readers), each with its own
// dash pattern and marker so the lines stay apart on a black-and-white print.
struct PlayerStyle {
  drawing::Colour colour;
  std::vector<double> dash;
  drawing::MarkerShape marker;
  std::string name;  // "blue, solid, circles", for the legend's accessible text
};
PlayerStyle player_style(int index);

drawing::Drawing layout_game_chart(const GameSeries& game, double width);
drawing::Drawing layout_summary(const ReportModel& model, double width);
// Every game's chart, then the summary, one under the other, under a title.
drawing::Drawing layout_report(const ReportModel& model);

}  // namespace qm::cli::report
