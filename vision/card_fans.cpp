#include "vision/card_fans.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"

namespace qm::vision {

namespace {

// The photo seen in the top card's frame (the canonical card, kCardWidth x kCardHeight, its
// index at the top left), the columns from `from` on and a few rows above and below: each
// pixel's darkest channel.
struct Window {
  static constexpr int kPad = 24;
  cv::Mat light;
  int from = 0;
  int at(const cv::Point2d& point) const {
    const int column = std::clamp(cvRound(point.x) - from, 0, light.cols - 1);
    const int row = std::clamp(cvRound(point.y) + kPad, 0, light.rows - 1);
    return light.at<uchar>(row, column);
  }
};

Window window_of(const cv::Mat& darkest, const cv::Mat& to_image, int from, int width) {
  const cv::Mat shift = (cv::Mat_<double>(3, 3) << 1, 0, from, 0, 1, -Window::kPad, 0, 0, 1);
  Window window;
  window.from = from;
  cv::warpPerspective(darkest, window.light, to_image * shift, cv::Size(width, kCardHeight + 2 * Window::kPad),
                      cv::INTER_NEAREST | cv::WARP_INVERSE_MAP, cv::BORDER_CONSTANT, 0);
  return window;
}

// The step between the turns at which a card's side is first looked for (run over rise); the
// side found is then turned in quarter steps to where it is sharpest.
constexpr double kCoarseSlope = 0.04;

// The light of a covered card's end that shows, as a share of the paper's beside the card over
// it, at least (strip_of_a_card).
constexpr double kEndOfPaper = 0.5;

// A covered card's side in the top card's frame: the line x = at + slope * (y - middle), the
// card turned by atan(slope) against the top card and lying `drop` lower down the row; points
// on the card by their canonical coordinates (u across, v down) in the card's own frame.
struct Side {
  double at = 0;
  double slope = 0;
  double drop = 0;
  cv::Point2d point(double u, double v) const {
    const double norm = std::hypot(1.0, slope);
    const double middle = kCardHeight / 2.0;
    return {at + (u + slope * (v - middle)) / norm, middle + drop + (v - middle - slope * u) / norm};
  }
};

// The side of the next card under the card whose side is at `edge` (x in the top card's frame),
// that card lying about `drop` lower down the row, nearest that card first. A line fits where
// the card's margin beside it is lighter than its panel down nearly the whole card, and lighter
// than what lies outside it (the panel of the card under it, or the table) down a good part of
// it (not where the card under it shows its number's disc, as light as the margin). The lines
// that fit first run across the margin's width: of those, the side is where the light rises
// most from outside onto the margin.
std::optional<Side> next_side(const Window& window, int edge, double drop, const ScanParameters& p) {
  const cv::Rect panel = card_panel();
  const int margin = panel.x;
  const int contrast = cvRound(p.card_fan_contrast);
  const int nearest = cvRound(edge - p.card_fan_min_strip * kCardWidth);
  const int farthest = cvRound(edge - p.card_fan_max_strip * kCardWidth);
  const int lower = std::clamp(cvRound(drop), -Window::kPad, Window::kPad);
  const int all_rows = (panel.height + 1) / 2;
  // A line is given up once more rows than its side may miss have missed.
  const int most_misses = cvFloor(all_rows * (1 - p.card_fan_side_min_share));
  // The window's row at the card's row y, and the column where the line (at, slope) crosses it.
  const auto row_of = [&](int y) { return window.light.ptr<uchar>(y + lower + Window::kPad); };
  const auto column_of = [&](int at, double slope, int y) { return at + cvRound(slope * (y - kCardHeight / 2.0)) - window.from; };
  // Lines are tried at a coarse turn first; the side found is then turned finely (below).
  std::vector<double> slopes;
  const int turns = cvFloor(p.card_fan_max_slope / kCoarseSlope + 1e-9);
  for (int turn = -turns; turn <= turns; ++turn) slopes.push_back(turn * kCoarseSlope);
  std::vector<Side> run;
  for (int at = nearest; at >= farthest; --at) {
    std::optional<Side> best;
    double best_score = 0;
    for (const double slope : slopes) {
      int inside = 0;
      int outside = 0;
      int missed = 0;
      for (int y = panel.y; y < panel.br().y && missed <= most_misses; y += 2) {
        const uchar* line = row_of(y);
        const int x = column_of(at, slope, y);
        if (x - 4 < 0 || x + margin + 7 >= window.light.cols) {
          ++missed;
          continue;
        }
        const int paper = std::min(line[x + 3], line[x + margin - 3]);
        const bool lighter_than_panel = paper - line[x + margin + 7] >= contrast;
        inside += lighter_than_panel;
        missed += !lighter_than_panel;
        outside += paper - line[x - 4] >= contrast;
      }
      const double inside_share = static_cast<double>(inside) / all_rows;
      const double outside_share = static_cast<double>(outside) / all_rows;
      if (inside_share < p.card_fan_side_min_share || outside_share < p.card_fan_outside_min_share) continue;
      if (inside_share + outside_share <= best_score) continue;
      best = Side{static_cast<double>(at), slope};
      best_score = inside_share + outside_share;
    }
    if (best) {
      run.push_back(*best);
    } else if (!run.empty()) {
      break;
    }
  }
  if (run.empty()) return std::nullopt;
  const Side found = run[run.size() / 2];
  Side side = found;
  double steepest = -1;
  const int middle = cvRound(found.at);
  for (double slope = found.slope - kCoarseSlope / 2; slope <= found.slope + kCoarseSlope / 2 + 1e-9; slope += kCoarseSlope / 4) {
    for (int at = middle - margin / 2; at <= middle + margin / 2; ++at) {
      double rise = 0;
      for (int y = panel.y; y < panel.br().y; y += 2) {
        const uchar* line = row_of(y);
        const int x = column_of(at, slope, y);
        if (x - 2 < 0 || x + 1 >= window.light.cols) continue;
        rise += line[x] + line[x + 1] - line[x - 1] - line[x - 2];
      }
      if (rise > steepest) {
        steepest = rise;
        side = Side{at - 0.5, slope};
      }
    }
  }
  return side;
}

// The mean light of the card at `side` in column u, rows [v0, v1).
double column_light(const Window& window, const Side& side, double u, double v0, double v1) {
  int sum = 0;
  int n = 0;
  for (double v = v0; v < v1; v += 1, ++n) sum += window.at(side.point(u, v));
  return n ? static_cast<double>(sum) / n : 0.0;
}

// The mean light of the card at `side` in columns u from `from` to `to` (every other one), rows [v0, v1).
double area_light(const Window& window, const Side& side, double from, double to, double v0, double v1) {
  double sum = 0;
  int columns = 0;
  for (double u = from; u < to; u += 2, ++columns) sum += column_light(window, side, u, v0, v1);
  return columns ? sum / columns : 0.0;
}

// The share of the strip's columns (u from `from` to `to`, every other one) in which the mean
// light of the rows [v0, v1) is brighter by the contrast than that of the rows [w0, w1).
double lighter_share(const Window& window, const Side& side, double from, double to, double v0, double v1, double w0, double w1, int contrast) {
  int columns = 0;
  int lighter = 0;
  for (double u = from; u < to; u += 2, ++columns) lighter += column_light(window, side, u, v0, v1) - column_light(window, side, u, w0, w1) >= contrast;
  return columns ? static_cast<double>(lighter) / columns : 0.0;
}

// How much lighter the strip's top and bottom margins are, just inside the card's outline, than
// what lies just outside it, summed along the strip (u from `from` to `to`).
double rise_onto_ends(const Window& window, const Side& side, double from, double to) {
  double rise = 0;
  for (double u = from; u < to; u += 2) {
    rise += window.at(side.point(u, 0.5)) + window.at(side.point(u, 1.5)) - window.at(side.point(u, -0.5)) - window.at(side.point(u, -1.5));
    rise += window.at(side.point(u, kCardHeight - 0.5)) + window.at(side.point(u, kCardHeight - 1.5)) -
            window.at(side.point(u, kCardHeight + 0.5)) - window.at(side.point(u, kCardHeight + 1.5));
  }
  return rise;
}

// The card at `side` placed up or down the row (cards of a hand are not laid quite in line),
// within card_fan_max_drop of `expected_drop`, where its strip, up to `edge`, shows a covered
// card's top and bottom margins: lighter than its panel inside them along most of the strip. Of
// the places where they show best, the one whose outline shows best (the margins lighter than
// the table just outside; on a table as light as the paper the outline hardly shows, and the
// margins alone place the card). nullopt where the margins show nowhere.
// Given `over`, the side of the card over it, one end showing will do (a finger may lie across
// the other), where that end is paper, at least kEndOfPaper as light as the margin beside the
// card over it (a finger's shade dims it a little): between two cards side by side in rows, a
// table striped across shows an "end" too, a light band over a dark one, but far darker than
// the paper.
std::optional<Side> strip_of_a_card(const Window& window, Side side, int edge, double expected_drop, const ScanParameters& p,
                                    const std::optional<Side>& over = std::nullopt) {
  const cv::Rect panel = card_panel();
  const double from = panel.x + 4;
  const double to = edge - side.at - 4;
  if (to <= from) return std::nullopt;
  const int contrast = cvRound(p.card_fan_contrast);
  // Panel rows clear of the corner index and the number's disc, above and below it.
  const double above_disc = card_corner_index().br().y + 2;
  const double below_disc = card_panel_strips()[1].y;
  const double top_margin = 2;
  const double bottom_margin = panel.br().y + 2;
  const double most = p.card_fan_max_drop * kCardHeight;
  struct Placed {
    double drop;
    double margins;  // the shares of the strip in which its top and bottom margins show
    double outline;  // how much lighter its margins are than the table just outside them
  };
  std::vector<Placed> scores;
  for (double drop = expected_drop - most; drop <= expected_drop + most + 1e-9; drop += 1) {
    side.drop = drop;
    const double top = lighter_share(window, side, from, to, top_margin, panel.y - 2, above_disc, above_disc + 8, contrast);
    const double bottom = lighter_share(window, side, from, to, bottom_margin, kCardHeight - 2, below_disc, below_disc + 8, contrast);
    if ((over ? std::max(top, bottom) : std::min(top, bottom)) < p.card_fan_end_min_share) continue;
    scores.push_back({drop, top + bottom, rise_onto_ends(window, side, from, to)});
  }
  if (scores.empty()) return std::nullopt;
  double best = 0;
  for (const Placed& placed : scores) best = std::max(best, placed.margins);
  const Placed* chosen = nullptr;
  for (const Placed& placed : scores)
    if (placed.margins >= best - 1e-9 && (!chosen || placed.outline > chosen->outline)) chosen = &placed;
  side.drop = chosen->drop;
  if (over) {
    const double end = std::max(area_light(window, side, from, to, top_margin, panel.y - 2), area_light(window, side, from, to, bottom_margin, kCardHeight - 2));
    const double paper = area_light(window, *over, 2, panel.x - 2, panel.y, panel.br().y);
    if (end < kEndOfPaper * paper) return std::nullopt;
  }
  return side;
}

std::vector<FannedCard> walk(const cv::Mat& darkest, const Quad& frame, const ScanParameters& p) {
  const cv::Mat to_image = cv::getPerspectiveTransform(corners_of(cv::Rect2f(0, 0, kCardWidth, kCardHeight)).data(), frame.data());
  std::vector<FannedCard> found;
  Side over;        // the side of the last card found (at first the top card's own): where it lies
  double rise = 0;  // and how much lower it lay than the one before
  const cv::Rect panel = card_panel();
  // The card at `side`, showing up to the side `to` of the card over it, in the photo.
  const auto seen = [&](const Side& side, int to) {
    const double shows = to - side.at;
    const Quad card{side.point(0, 0), side.point(kCardWidth, 0), side.point(kCardWidth, kCardHeight), side.point(0, kCardHeight)};
    const Quad strip{side.point(0, 0), side.point(shows, 0), side.point(shows, kCardHeight), side.point(0, kCardHeight)};
    return FannedCard{mapped(to_image, card), std::clamp((shows - panel.x) / panel.width, 0.01, 0.99), mapped(to_image, strip)};
  };
  // A card whose side shows but only one of its ends (a finger across the other): kept where the
  // walk goes on past it to a card that shows both (not where it runs out over the table).
  std::optional<FannedCard> one_end_only;
  for (int step = 0; step < p.card_fan_max_cards; ++step) {
    const int edge = cvRound(over.at);
    // From the farthest side looked for, less what its probes reach outside it (4 pixels, and the
    // slant of a line turned as far as looked for, over half the card).
    const int from = cvFloor(edge - p.card_fan_max_strip * kCardWidth - 4 - p.card_fan_max_slope * kCardHeight / 2) - 2;
    const Window window = window_of(darkest, to_image, from, edge - from + Window::kPad);
    // The row need not run straight along the top card's side (the top card lies turned a little
    // on it): each card is looked for as far up or down again as the last one lay from its own.
    const auto side = next_side(window, edge, over.drop + rise, p);
    std::optional<Side> placed = side ? strip_of_a_card(window, *side, edge, over.drop + rise, p) : std::nullopt;
    // The last card's lean need not go on: the row may straighten again.
    if (!placed && side && rise != 0) placed = strip_of_a_card(window, *side, edge, over.drop, p);
    if (placed) {
      if (one_end_only) found.push_back(*std::exchange(one_end_only, std::nullopt));
      found.push_back(seen(*placed, edge));
    } else if (side && !one_end_only && (placed = strip_of_a_card(window, *side, edge, over.drop + rise, p, over))) {
      one_end_only = seen(*placed, edge);
    } else {
      break;
    }
    rise = std::clamp(placed->drop - over.drop, -p.card_fan_max_drop * kCardHeight, p.card_fan_max_drop * kCardHeight);
    over = *placed;
  }
  return found;
}

}  // namespace

std::vector<FannedCard> cards_under_top_card(const cv::Mat& darkest, const Quad& top, const ScanParameters& p) {
  if (p.card_fan_max_cards <= 0) return {};
  const Quad card = short_side_first(top);
  std::vector<FannedCard> found = walk(darkest, card, p);
  // The top card's frame turned half a turn: the row may run from either of its sides.
  const std::vector<FannedCard> other_way = walk(darkest, Quad{card[2], card[3], card[0], card[1]}, p);
  found.insert(found.end(), other_way.begin(), other_way.end());
  return found;
}

}  // namespace qm::vision
