#include "vision/pip_constellation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/pip_count.hpp"

namespace qm::vision {
namespace {

// A pip's area as a share of the die's outline squared: a six's pips are about 1.5 % of its
// face, a one's about 6 %; the outline can hold a side as well.
constexpr double kMinSpotShare = 0.003;
constexpr double kMaxSpotShare = 0.12;
constexpr int kMinPipPixels = 4;
// The spots looked at, largest first: a six and the sides beside it show at most 15 pips.
constexpr std::size_t kMaxSpots = 15;
// Where a face's pips lie, in steps of its pip grid: a pip within this of where the
// constellation puts one is that pip.
constexpr double kMatchTolerance = 0.3;
// The pips of one face are of one size.
constexpr double kMaxAreaRatio = 3;
// A spot of the face's pip size this far inside the face, not one of its pips, says the
// constellation is part of a larger one (a four in a five) or spans two faces.
constexpr double kClearOfRim = 0.3;
constexpr double kSameSize = 0.4;
// Half a face's side, in steps of its pip grid: a die's pips sit near a quarter of the side
// from its edges. A face placed in calibration takes in some of its rim, and on the real webcam
// dice a patch framed at 2.4 to 2.8 came nearer the samples; but so framed, a side's pips pass
// for a face more often (real dice, first split: 229 -> 226 of 231 read right), so fit_face's
// own scaling finds the rim from here.
constexpr double kHalfSide = 2.0;
// A pip's area in the grid's square steps: a disc between ~0.3 and ~1.2 steps across.
constexpr double kMinGridArea = 0.07;
constexpr double kMaxGridArea = 1.2;
// A square seen at most ~75 degrees off its axis.
constexpr double kMaxSqueeze = 4;
// Two placements whose corners lie this near (share of the face's side) are one.
constexpr double kSamePlacement = 0.15;
constexpr std::size_t kMaxPlacements = 4;
// A constellation sharing this many pips with one of more pips that fits about as well (within
// this many grid steps on average) is part of it.
constexpr long kSharedPips = 2;
constexpr double kResidualSlack = 0.1;
// A face whose top lies this share of its height below the die's outline's top is a side.
constexpr double kBelowTheTop = 0.5;

struct Spot {
  cv::Point2d centre;
  double area = 0;
  cv::Matx22d spread;  // second central moments over the area: a disc's shape as the photo shows it
};

struct Layout {
  int pips;
  std::vector<cv::Point2d> grid;  // the pips' places on the face's 3x3 grid, -1..1
};

const std::array<Layout, 5>& layouts() {
  static const std::array<Layout, 5> all = {{
      {2, {{-1, -1}, {1, 1}}},
      {3, {{-1, -1}, {0, 0}, {1, 1}}},
      {4, {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}},
      {5, {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {0, 0}}},
      {6, {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}}},
  }};
  return all;
}

// Dark round spots smaller than a face: a black-hat transform keeps what is darker than the
// white round it, so a pale or dark table and the shade on a side face stay out.
std::vector<Spot> dark_spots(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, double side) {
  cv::Rect window;
  for (const cv::RotatedRect& outline : outlines) window |= outline.boundingRect();
  const int margin = static_cast<int>(std::lround(0.3 * side));
  window = cv::Rect(window.x - margin, window.y - margin, window.width + 2 * margin, window.height + 2 * margin) &
           cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (window.area() <= 0) return {};
  cv::Mat grey;
  cv::cvtColor(bgr(window), grey, cv::COLOR_BGR2GRAY);
  const int kernel = std::max(5, static_cast<int>(std::lround(side / 2)) | 1);
  cv::Mat darker;
  cv::morphologyEx(grey, darker, cv::MORPH_BLACKHAT, cv::getStructuringElement(cv::MORPH_ELLIPSE, {kernel, kernel}));
  cv::Mat dark = darker >= kMinPipContrast;
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(dark, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  const double min_area = std::max<double>(kMinPipPixels, kMinSpotShare * side * side), max_area = kMaxSpotShare * side * side;
  std::vector<Spot> spots;
  for (const auto& contour : contours) {
    const MeasuredSpot measured = measure_spot(contour);
    if (measured.area < min_area || measured.area > max_area) continue;
    const cv::Moments& m = measured.moments;
    if (m.m00 <= 0 || !measured.pip_shaped) continue;
    spots.push_back({cv::Point2d(window.x + m.m10 / m.m00, window.y + m.m01 / m.m00), measured.area,
                     cv::Matx22d(m.mu20 / m.m00, m.mu11 / m.m00, m.mu11 / m.m00, m.mu02 / m.m00)});
  }
  std::sort(spots.begin(), spots.end(), [](const Spot& a, const Spot& b) { return a.area > b.area; });
  if (spots.size() > kMaxSpots) spots.resize(kMaxSpots);
  return spots;
}

// The face's pip grid as the photo shows it: grid point g lies at along * g + centre.
struct Grid {
  cv::Matx22d along;
  cv::Point2d centre;

  cv::Point2d at(const cv::Point2d& g) const { return cv::Point2d(along * cv::Vec2d(g.x, g.y)) + centre; }
};

// A face whose grid maps (-1,-1) to `first` and (1,1) to `last`, squeezed across that diagonal
// as much as its pips are (`spread`): a disc's second moments grow as along * along^T.
bool grid_from_diagonal(const cv::Point2d& first, const cv::Point2d& last, const cv::Matx22d& spread, Grid& grid) {
  const double l11 = std::sqrt(std::max(0.0, spread(0, 0)));
  if (l11 <= 1e-9) return false;
  const double l21 = spread(1, 0) / l11;
  const double l22 = std::sqrt(std::max(0.0, spread(1, 1) - l21 * l21));
  if (l22 <= 1e-9) return false;
  const cv::Matx22d lower(l11, 0, l21, l22);  // lower * lower^T = spread
  const cv::Point2d half_diagonal = (last - first) / 2;
  const cv::Vec2d w = lower.inv() * cv::Vec2d(half_diagonal.x, half_diagonal.y);
  const double length = std::hypot(w[0], w[1]);
  if (length <= 1e-9) return false;
  const double turn = std::atan2(w[1], w[0]) - std::numbers::pi / 4;
  const cv::Matx22d rotation(std::cos(turn), -std::sin(turn), std::sin(turn), std::cos(turn));
  grid = {(length / std::numbers::sqrt2) * lower * rotation, (first + last) / 2};
  return true;
}

// The grid through three pips: a corner pip of a four, five or six and its two neighbours
// along the face's sides.
bool grid_from_corner(const cv::Point2d& corner, const cv::Point2d& across, const cv::Point2d& down, Grid& grid) {
  const cv::Point2d a = (across - corner) / 2, d = (down - corner) / 2;
  grid = {cv::Matx22d(a.x, d.x, a.y, d.y), corner + a + d};
  return std::abs(a.cross(d)) > 1e-6;
}

struct Placement {
  Grid grid;
  int pips;
  double residual;  // mean distance of the pips from where the grid puts them, grid steps
  std::vector<int> spots;  // the spots taken for its pips
};

// Whether `larger` explains pips of `smaller` and more, about as well: then `smaller` is part of
// it (two rows of a six taken for a four), or its pips are mixed with a side's.
bool part_of(const Placement& smaller, const Placement& larger) {
  if (larger.pips <= smaller.pips || larger.residual > smaller.residual + kResidualSlack) return false;
  const auto shared = std::count_if(smaller.spots.begin(), smaller.spots.end(), [&](int s) {
    return std::find(larger.spots.begin(), larger.spots.end(), s) != larger.spots.end();
  });
  return shared >= kSharedPips;
}

// Whether the spots show `layout` on `grid`: every pip of it near its place, of one size, of a
// size a pip of such a face has, and no other spot of that size inside the face. The grid is
// then fitted to all the pips found (least squares).
bool shows(const std::vector<Spot>& spots, const Layout& layout, Grid& grid, double& residual, std::vector<int>& pip_of) {
  cv::SVD svd(cv::Mat(grid.along), cv::SVD::NO_UV);
  const double big = svd.w.at<double>(0), small = svd.w.at<double>(1);
  if (small <= 1e-9 || big / small > kMaxSqueeze) return false;
  const double step_area = big * small;  // of one grid step, in pixels
  const cv::Matx22d back = grid.along.inv();
  std::vector<cv::Point2d> on_grid(spots.size());
  for (std::size_t s = 0; s < spots.size(); ++s) {
    const cv::Vec2d g = back * cv::Vec2d(spots[s].centre.x - grid.centre.x, spots[s].centre.y - grid.centre.y);
    on_grid[s] = {g[0], g[1]};
  }
  pip_of.assign(layout.grid.size(), -1);
  std::vector<bool> used(spots.size(), false);
  double distance_sum = 0;
  for (std::size_t k = 0; k < layout.grid.size(); ++k) {
    double nearest = kMatchTolerance;
    for (std::size_t s = 0; s < spots.size(); ++s) {
      const double d = cv::norm(on_grid[s] - layout.grid[k]);
      if (!used[s] && d < nearest) nearest = d, pip_of[k] = static_cast<int>(s);
    }
    if (pip_of[k] < 0) return false;
    used[static_cast<std::size_t>(pip_of[k])] = true;
    distance_sum += nearest;
  }
  double smallest = 1e18, largest = 0;
  for (const int s : pip_of) {
    smallest = std::min(smallest, spots[static_cast<std::size_t>(s)].area);
    largest = std::max(largest, spots[static_cast<std::size_t>(s)].area);
  }
  const double grid_area = std::sqrt(smallest * largest) / step_area;
  if (largest > kMaxAreaRatio * smallest || grid_area < kMinGridArea || grid_area > kMaxGridArea) return false;
  for (std::size_t s = 0; s < spots.size(); ++s) {
    if (used[s] || spots[s].area < kSameSize * smallest) continue;
    if (std::max(std::abs(on_grid[s].x), std::abs(on_grid[s].y)) < kHalfSide - kClearOfRim) return false;
  }
  residual = distance_sum / static_cast<double>(layout.grid.size());
  if (layout.pips >= 4) {  // a two's or three's pips lie in a line: no grid to fit
    cv::Mat from(static_cast<int>(layout.grid.size()), 3, CV_64F), to(static_cast<int>(layout.grid.size()), 2, CV_64F);
    for (std::size_t k = 0; k < layout.grid.size(); ++k) {
      const int r = static_cast<int>(k);
      from.at<double>(r, 0) = layout.grid[k].x, from.at<double>(r, 1) = layout.grid[k].y, from.at<double>(r, 2) = 1;
      const cv::Point2d& p = spots[static_cast<std::size_t>(pip_of[k])].centre;
      to.at<double>(r, 0) = p.x, to.at<double>(r, 1) = p.y;
    }
    cv::Mat fitted;
    if (cv::solve(from, to, fitted, cv::DECOMP_SVD)) {
      grid.along = cv::Matx22d(fitted.at<double>(0, 0), fitted.at<double>(1, 0), fitted.at<double>(0, 1), fitted.at<double>(1, 1));
      grid.centre = {fitted.at<double>(2, 0), fitted.at<double>(2, 1)};
    }
  }
  return true;
}

Quad face_of(const Grid& grid) {
  const auto at = [&](double x, double y) { return cv::Point2f(grid.at({x * kHalfSide, y * kHalfSide})); };
  return order_corners({at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)});
}

bool same_place(const Quad& a, const Quad& b) {
  const double side = std::sqrt(std::max(1.0, polygon_area(a)));
  for (std::size_t i = 0; i < 4; ++i)
    if (cv::norm(a[i] - b[i]) > kSamePlacement * side) return false;
  return true;
}

}  // namespace

std::vector<Quad> faces_from_pips(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const std::vector<int>& pip_counts) {
  if (outlines.empty() || bgr.empty()) return {};
  const double side = std::sqrt(std::max(1.0, static_cast<double>(outlines.front().size.area())));
  const std::vector<Spot> spots = dark_spots(bgr, outlines, side);
  // A photo is taken from above the table and upright: a die's top face is the highest of its
  // faces in it. A constellation with the die's outline reaching well above it is on a side.
  double die_top = 1e18;
  for (const cv::RotatedRect& outline : outlines)
    for (const cv::Point2f& corner : quad_of(outline)) die_top = std::min<double>(die_top, corner.y);
  const auto on_a_side = [&](const Grid& grid) {
    const Quad face = face_of(grid);
    double top = 1e18, bottom = -1e18;
    for (const cv::Point2f& corner : face) top = std::min<double>(top, corner.y), bottom = std::max<double>(bottom, corner.y);
    return top - die_top > kBelowTheTop * (bottom - top);
  };
  std::vector<Placement> placements;
  const auto consider = [&](const Layout& layout, Grid grid) {
    double residual = 0;
    std::vector<int> pips;
    if (!shows(spots, layout, grid, residual, pips) || on_a_side(grid)) return;
    const Placement placement{grid, layout.pips, residual, std::move(pips)};
    for (Placement& known : placements) {
      if (!same_place(face_of(known.grid), face_of(grid))) continue;
      if (residual < known.residual) known = placement;
      return;
    }
    placements.push_back(placement);
  };
  const std::size_t n = spots.size();
  for (const Layout& layout : layouts()) {
    if (std::find(pip_counts.begin(), pip_counts.end(), layout.pips) == pip_counts.end()) continue;
    if (layout.pips >= 4) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
          for (std::size_t k = 0; k < n; ++k) {
            if (i == j || j == k || i == k) continue;
            Grid grid;
            if (grid_from_corner(spots[i].centre, spots[j].centre, spots[k].centre, grid)) consider(layout, grid);
          }
    } else {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
          Grid grid;
          if (grid_from_diagonal(spots[i].centre, spots[j].centre, (spots[i].spread + spots[j].spread) * 0.5, grid)) consider(layout, grid);
        }
    }
  }
  std::vector<Placement> whole;
  for (const Placement& placement : placements)
    if (std::none_of(placements.begin(), placements.end(), [&](const Placement& other) { return part_of(placement, other); }))
      whole.push_back(placement);
  placements = std::move(whole);
  // The more pips a constellation explains, the less likely the spots fell so by chance.
  std::sort(placements.begin(), placements.end(),
            [](const Placement& a, const Placement& b) { return a.pips != b.pips ? a.pips > b.pips : a.residual < b.residual; });
  std::vector<Quad> faces;
  for (std::size_t i = 0; i < placements.size() && i < kMaxPlacements; ++i)
    faces.push_back(face_of(placements[i].grid));
  return faces;
}

}  // namespace qm::vision
