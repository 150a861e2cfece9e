#include "cli/report/chart_layout.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "cli/text_table.hpp"

namespace qm::cli::report {
namespace {

using drawing::Colour;
using drawing::Drawing;

constexpr double kPageWidth = 960;
constexpr double kChartHeight = 340;
constexpr Colour kInk{34, 34, 34};
constexpr Colour kGrid{221, 221, 221};
constexpr Colour kMuted{119, 119, 119};

// A round step for about `ticks` grid lines over the range.
double nice_step(double range, int ticks) {
  const double raw = range / ticks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= factor * magnitude) return factor * magnitude;
  return 10 * magnitude;
}

// The page area a text or marker covers, to keep labels off each other: left, top, right, bottom.
// A text's width is estimated at 0.62 em a byte: wider than DejaVu Sans's average glyph, so that
// a label kept clear of a box estimated so is clear of the real one.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool overlaps(const Box& other) const { return x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1; }
};

Box box_of(const drawing::Text& text) {
  const double width = 0.62 * text.size * static_cast<double>(text.text.size());
  const double x0 = text.anchor == drawing::Anchor::start    ? text.x
                    : text.anchor == drawing::Anchor::middle ? text.x - width / 2
                                                             : text.x - width;
  return {x0, text.y - text.size, x0 + width, text.y + 0.25 * text.size};
}

Box box_of(const drawing::Marker& marker) {
  const double r = marker.size * 0.65;  // a star's points reach 1.3 times half its size
  return {marker.x - r, marker.y - r, marker.x + r, marker.y + r};
}

// The first of `candidates` that covers no marker and no text already drawn; the first if all do.
drawing::Text free_place(const Drawing& drawing, const std::vector<drawing::Text>& candidates) {
  for (const drawing::Text& candidate : candidates) {
    const Box box = box_of(candidate);
    const bool covers = std::any_of(drawing.shapes.begin(), drawing.shapes.end(), [&](const drawing::Shape& shape) {
      if (const auto* marker = std::get_if<drawing::Marker>(&shape)) return box.overlaps(box_of(*marker));
      if (const auto* text = std::get_if<drawing::Text>(&shape)) return box.overlaps(box_of(*text));
      return false;
    });
    if (!covers) return candidate;
  }
  return candidates.front();
}

// A game with no running score (Pirate's Code): its title, why it is not charted, who won.
Drawing layout_uncharted(const GameSeries& game, double width) {
  Drawing out;
  out.width = width;
  out.height = 84;
  const double left = 64;
  out.shapes.push_back(drawing::Text{left, 22, game.title, 16, kInk, drawing::Anchor::start, true});
  out.shapes.push_back(drawing::Text{left, 50, game.not_charted + ": not charted.", 12, kMuted, drawing::Anchor::start});
  out.shapes.push_back(drawing::Text{left, 72, outcome(game), 12, kInk, drawing::Anchor::start, !game.winners.empty()});
  return out;
}

void offset(Drawing& drawing, double dx, double dy) {
  for (drawing::Shape& shape : drawing.shapes) {
    std::visit(
        [dx, dy](auto& s) {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, drawing::Polyline>) {
            for (auto& [x, y] : s.points) {
              x += dx;
              y += dy;
            }
          } else {
            s.x += dx;
            s.y += dy;
          }
        },
        shape);
  }
}

}  // namespace

PlayerStyle player_style(int index) {
  struct Named {
    Colour colour;
    const char* name;
  };
  static constexpr Named kColours[] = {{{0, 114, 178}, "blue"},       {{213, 94, 0}, "vermillion"},
                                       {{0, 158, 115}, "green"},      {{204, 121, 167}, "purple"},
                                       {{230, 159, 0}, "orange"},     {{86, 180, 233}, "sky blue"},
                                       {{0, 0, 0}, "black"},          {{240, 228, 66}, "yellow"}};
  static const std::vector<std::vector<double>> kDashes = {{}, {9, 4}, {2, 3}, {9, 3, 2, 3}, {14, 4}, {5, 5}};
  static const char* const kDashNames[] = {"solid", "dashed", "dotted", "dash-dot", "long dashes", "short dashes"};
  static constexpr drawing::MarkerShape kMarkers[] = {drawing::MarkerShape::circle, drawing::MarkerShape::square,
                                                      drawing::MarkerShape::triangle, drawing::MarkerShape::diamond,
                                                      drawing::MarkerShape::cross, drawing::MarkerShape::star};
  static const char* const kMarkerNames[] = {"circles", "squares", "triangles", "diamonds", "crosses", "stars"};
  const int colour = index % 8, dash = index % 6, marker = index % 6;
  return {kColours[colour].colour, kDashes[static_cast<std::size_t>(dash)], kMarkers[marker],
          fmt::format("{}, {}, {}", kColours[colour].name, kDashNames[dash], kMarkerNames[marker])};
}

Drawing layout_game_chart(const GameSeries& game, double width) {
  if (!game.not_charted.empty()) return layout_uncharted(game, width);
  Drawing out;
  out.width = width;
  out.height = kChartHeight;
  const double left = 64, right = 170, top = 36, bottom = 40;
  const double plot_w = width - left - right, plot_h = kChartHeight - top - bottom;
  out.shapes.push_back(drawing::Text{left, 22, game.title, 16, kInk, drawing::Anchor::start, true});

  double low = 0, high = 1;
  for (const auto& point : game.totals)
    for (double value : point) {
      low = std::min(low, value);
      high = std::max(high, value);
    }
  if (game.target > 0) high = std::max(high, game.target);
  const double step = nice_step(high - low, 5);
  low = std::floor(low / step) * step;
  high = std::ceil(high / step) * step;
  const std::size_t points = std::max<std::size_t>(game.totals.size(), 2);
  auto x_of = [&](std::size_t i) { return left + plot_w * static_cast<double>(i) / static_cast<double>(points - 1); };
  auto y_of = [&](double v) { return top + plot_h * (1 - (v - low) / (high - low)); };

  for (double v = low; v <= high + step / 2; v += step) {
    out.shapes.push_back(drawing::Polyline{{{left, y_of(v)}, {left + plot_w, y_of(v)}}, kGrid, 1, {}});
    out.shapes.push_back(drawing::Text{left - 8, y_of(v) + 4, format_number(v, 1), 11, kMuted, drawing::Anchor::end});
  }
  out.shapes.push_back(drawing::Rect{left, top, plot_w, plot_h, kMuted, false, {}});
  const std::size_t label_every = std::max<std::size_t>(1, (points - 1) / 10 + ((points - 1) % 10 != 0));
  for (std::size_t i = 0; i < game.totals.size(); i += label_every)
    out.shapes.push_back(
        drawing::Text{x_of(i), top + plot_h + 16, std::to_string(i), 11, kMuted, drawing::Anchor::middle});
  out.shapes.push_back(drawing::Text{left + plot_w / 2, kChartHeight - 6, game.x_label, 11, kMuted, drawing::Anchor::middle});
  out.shapes.push_back(drawing::Text{left - 48, top - 10, game.score_name, 11, kMuted, drawing::Anchor::start});

  if (game.target > 0)
    out.shapes.push_back(drawing::Polyline{{{left, y_of(game.target)}, {left + plot_w, y_of(game.target)}}, kInk, 1.5,
                                           {3, 3}});

  const bool few_points = game.totals.size() <= 30;
  for (std::size_t p = 0; p < game.players.size(); ++p) {
    const PlayerStyle style = player_style(game.styles[p]);
    drawing::Polyline line{{}, style.colour, 2.5, style.dash};
    const std::size_t last = game.out_at[p] >= 0 ? static_cast<std::size_t>(game.out_at[p]) : game.totals.size() - 1;
    for (std::size_t i = 0; i <= last && i < game.totals.size(); ++i) line.points.emplace_back(x_of(i), y_of(game.totals[i][p]));
    if (line.points.empty()) continue;
    out.shapes.push_back(line);
    for (std::size_t i = 0; i < line.points.size(); ++i)
      if (few_points || i + 1 == line.points.size())
        out.shapes.push_back(drawing::Marker{line.points[i].first, line.points[i].second, style.marker, style.colour, 7});
    const auto [end_x, end_y] = line.points.back();
    if (game.out_at[p] >= 0) {
      out.shapes.push_back(drawing::Marker{end_x, end_y, drawing::MarkerShape::cross, kInk, 12});
      out.shapes.push_back(drawing::Text{end_x, end_y - 10, "out", 11, kInk, drawing::Anchor::middle, true});
    }
    const bool winner = std::find(game.winners.begin(), game.winners.end(), game.players[p]) != game.winners.end();
    if (winner) out.shapes.push_back(drawing::Marker{end_x, end_y - 14, drawing::MarkerShape::star, kInk, 12});

    // Legend: a sample of the line with its marker, the name, the final total.
    const double ly = top + 8 + 22 * static_cast<double>(p);
    const double lx = left + plot_w + 16;
    out.shapes.push_back(drawing::Polyline{{{lx, ly}, {lx + 30, ly}}, style.colour, 2.5, style.dash});
    out.shapes.push_back(drawing::Marker{lx + 15, ly, style.marker, style.colour, 7});
    const double final_total = game.totals.back()[p];
    out.shapes.push_back(drawing::Text{lx + 38, ly + 4,
                                       game.players[p] + " " + format_number(final_total, 1) + (winner ? " ★" : ""),
                                       12, kInk, drawing::Anchor::start, winner});
  }

  // The target's label goes at an end of its line, above or below it, where it covers no
  // marker, star or label: a winner who ends on the target keeps its star in view.
  if (game.target > 0) {
    const std::string label = (game.score_name == "penalty" ? "limit " : "target ") + format_number(game.target);
    const double y = y_of(game.target);
    std::vector<drawing::Text> places;
    for (const double baseline : {y - 5, y + 15}) {
      places.push_back(drawing::Text{left + plot_w - 4, baseline, label, 11, kInk, drawing::Anchor::end});
      places.push_back(drawing::Text{left + 4, baseline, label, 11, kInk, drawing::Anchor::start});
    }
    out.shapes.push_back(free_place(out, places));
  }
  return out;
}

Drawing layout_summary(const ReportModel& model, double width) {
  Drawing out;
  out.width = width;
  const double row_h = 22, left = 64;
  out.shapes.push_back(drawing::Text{left, 22, "Summary", 16, kInk, drawing::Anchor::start, true});
  std::vector<std::string> header = {"player", "played", "won"};
  for (std::size_t g = 0; g < model.games.size(); ++g) header.push_back("game " + std::to_string(g + 1));
  const double column_w = std::min(110.0, (width - left - 140) / std::max<double>(1, header.size() - 1));
  double y = 48;
  auto row = [&](const std::vector<std::string>& cells, bool bold, const Colour* swatch) {
    if (swatch) out.shapes.push_back(drawing::Rect{left, y - 11, 12, 12, *swatch, true, *swatch});
    out.shapes.push_back(drawing::Text{left + 18, y, cells[0], 12, kInk, drawing::Anchor::start, bold});
    for (std::size_t c = 1; c < cells.size(); ++c)
      out.shapes.push_back(drawing::Text{left + 140 + column_w * static_cast<double>(c), y, cells[c], 12, kInk,
                                         drawing::Anchor::end, bold});
    y += row_h;
  };
  row(header, true, nullptr);
  for (const PlayerSummary& player : model.players) {
    std::vector<std::string> cells = {player.player, std::to_string(player.games_played),
                                      format_number(player.games_won, 2)};
    for (const std::string& final_total : player.finals) cells.push_back(final_total.empty() ? "–" : final_total);
    const Colour colour = player_style(player.style).colour;
    row(cells, false, &colour);
  }
  if (const std::string note = shared_wins_note(model); !note.empty()) {
    y += 4;
    out.shapes.push_back(drawing::Text{left + 18, y, note + ".", 11, kMuted, drawing::Anchor::start});
    y += row_h;
  }
  out.height = y + 8;
  return out;
}

Drawing layout_report(const ReportModel& model) {
  Drawing page;
  page.width = kPageWidth;
  page.shapes.push_back(drawing::Text{24, 34, "Session " + model.session, 22, kInk, drawing::Anchor::start, true});
  double y = 48;
  auto place = [&page, &y](Drawing part) {
    offset(part, 0, y);
    for (drawing::Shape& shape : part.shapes) page.shapes.push_back(std::move(shape));
    y += part.height + 12;
  };
  for (const GameSeries& game : model.games) place(layout_game_chart(game, kPageWidth));
  place(layout_summary(model, kPageWidth));
  page.height = y;
  return page;
}

}  // namespace qm::cli::report
