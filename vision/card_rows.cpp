#include "vision/card_rows.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <opencv2/imgproc.hpp>

namespace qm::vision {

namespace {

// The end of `whole` that `part` lies at: the indices of two neighbouring corners of `whole`
// that two neighbouring corners of `part` are on, each within `slack` of part's shorter side.
std::optional<std::pair<std::size_t, std::size_t>> shared_end(const Quad& part, const Quad& whole, double slack) {
  const double reach = slack * std::min(side_length(part[0], part[1]), side_length(part[1], part[2]));
  const auto corner_at = [&](const cv::Point2f& point) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < 4; ++i)
      if (side_length(point, whole[i]) <= reach) return i;
    return std::nullopt;
  };
  for (std::size_t i = 0; i < 4; ++i) {
    const auto a = corner_at(part[i]);
    const auto b = corner_at(part[(i + 1) % 4]);
    if (a && b && ((*a + 1) % 4 == *b || (*b + 1) % 4 == *a)) return std::pair{*a, *b};
  }
  return std::nullopt;
}

// A line across the row in its straightened frame: x where it meets the row's two long sides.
struct Edge {
  double at_first = 0;   // x on the side y = 0
  double at_second = 0;  // x on the side y = height
  double middle() const { return (at_first + at_second) / 2; }
};

// The straight lines that cross the straightened row `row` (grey) from one long side to the
// other. Each line through the row is tried (every start, every slant): it is an edge where it
// crosses a change of grey along nearly all its length. (An edge detector's lines break where a
// card's picture meets its side; the side itself runs on.)
std::vector<Edge> edges_across(const cv::Mat& row, const ScanParameters& p) {
  cv::Mat across;
  cv::Sobel(row, across, CV_16S, 1, 0);
  across = cv::abs(across);
  // A change seen in a 3x3 Sobel is four times its step in grey.
  const cv::Mat changes = across > 4 * p.card_row_edge_contrast;
  cv::Mat near;  // a change within a pixel of each column: a line is a pixel off here and there
  cv::dilate(changes, near, cv::getStructuringElement(cv::MORPH_RECT, {3, 1}));
  const int height = row.rows;
  const int width = row.cols;
  const int most_slant = cvFloor(p.card_row_edge_max_slope * height);
  const int ends = std::max(1, cvRound(p.card_row_edge_end * height));
  struct Scored {
    Edge edge;
    double share = 0;
  };
  std::vector<Scored> best(static_cast<std::size_t>(width));
  for (int slant = -most_slant; slant <= most_slant; slant += 2) {
    for (int start = 0; start < width; ++start) {
      const int finish = start + slant;
      if (finish < 0 || finish >= width) continue;
      // The share of the line that crosses a change, and of each end of it: a card's side runs
      // through the margins at both ends, where a face's frame or a picture's lines stop.
      int on = 0;
      int first_end = 0;
      int second_end = 0;
      for (int y = 0; y < height; ++y) {
        const bool change = near.at<uchar>(y, start + slant * y / height) != 0;
        on += change;
        first_end += change && y < ends;
        second_end += change && y >= height - ends;
      }
      const double share = std::min(static_cast<double>(on) / height, static_cast<double>(std::min(first_end, second_end)) / ends);
      Scored& here = best[static_cast<std::size_t>(start + slant / 2)];
      if (share > here.share) here = {{static_cast<double>(start), static_cast<double>(finish)}, share};
    }
  }
  std::vector<Edge> found;
  for (std::size_t x = 0; x < best.size(); ++x) {
    const bool highest = (x == 0 || best[x - 1].share <= best[x].share) && (x + 1 == best.size() || best[x + 1].share < best[x].share);
    if (highest && best[x].share >= p.card_row_edge_min_length) found.push_back(best[x].edge);
  }
  return found;
}

}  // namespace

std::vector<Quad> cards_under_in_row(const cv::Mat& bgr, const Quad& row, const Quad& top, const ScanParameters& p) {
  auto end = shared_end(top, row, p.card_row_corner_slack);
  if (!end) return {};
  if ((end->first + 1) % 4 != end->second) std::swap(end->first, end->second);
  // The row straightened: its shared end at x = 0, its far end at x = length.
  const cv::Point2f near_first = row[end->first];
  const cv::Point2f near_second = row[end->second];
  const cv::Point2f far_second = row[(end->second + 1) % 4];
  const cv::Point2f far_first = row[(end->first + 3) % 4];
  const double height = side_length(near_first, near_second);
  const double length = (side_length(near_first, far_first) + side_length(near_second, far_second)) / 2;
  if (height < 1 || length < 1) return {};
  const Quad straight = corners_of(cv::Rect2f(0, 0, static_cast<float>(length), static_cast<float>(height)));
  const Quad from = {near_first, far_first, far_second, near_second};
  const cv::Mat to_straight = cv::getPerspectiveTransform(from.data(), straight.data());
  // The top card's width along the row: every card of one deck is as wide.
  Quad top_straight = mapped(to_straight, top);
  std::ranges::sort(top_straight, {}, &cv::Point2f::x);
  const double width = (top_straight[2].x + top_straight[3].x) / 2;
  const double least_strip = p.card_row_min_strip * width;
  if (width <= 0 || length - width < least_strip) return {};
  cv::Mat seen;
  cv::warpPerspective(bgr, seen, to_straight, cv::Size(cvRound(length), cvRound(height)), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::cvtColor(seen, seen, cv::COLOR_BGR2GRAY);
  // Each covered card's own side: a line across the row beyond the top card, at least a strip
  // (its corner index) from the side before it; the last card's is the row's far end.
  const std::vector<Edge> edges = edges_across(seen, p);
  // The top card's own side shows across the row too: a shade's edge across one card, dividing
  // it into a lit "card" and the rest, is soft.
  if (std::ranges::none_of(edges, [&](const Edge& edge) { return std::abs(edge.middle() - width) < least_strip / 2; })) return {};
  std::vector<Edge> sides;
  double last = width;
  for (const Edge& edge : edges) {
    if (edge.middle() - last < least_strip || length - edge.middle() < least_strip) continue;
    sides.push_back(edge);
    last = edge.middle();
  }
  sides.push_back({length, length});
  const cv::Mat to_image = to_straight.inv();
  std::vector<Quad> cards;
  for (const Edge& side : sides) {
    const auto first = static_cast<float>(side.at_first);
    const auto second = static_cast<float>(side.at_second);
    const auto w = static_cast<float>(width);
    const Quad card = {cv::Point2f(first - w, 0), cv::Point2f(first, 0), cv::Point2f(second, static_cast<float>(height)),
                       cv::Point2f(second - w, static_cast<float>(height))};
    cards.push_back(order_corners(mapped(to_image, card)));
  }
  return cards;
}

}  // namespace qm::vision
