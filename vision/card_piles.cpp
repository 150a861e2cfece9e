#include "vision/card_piles.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace qm::vision {

namespace {

// A straight piece of the shape's outline: a stretch of a card's side where it is long enough.
struct Stretch {
  cv::Point2f from;
  cv::Point2f to;
  double length() const { return side_length(from, to); }
};

// Where two stretches of sides meet at a card's corner: turned outwards by about a right angle
// (a perspective of 40 degrees bends it by as much as 30), with at most the rounded corner's few
// short pieces between them.
struct Corner {
  cv::Point2f at;
  std::size_t before;  // the stretch running into the corner
  std::size_t after;   // the stretch running out of it
};

// The pieces a card's whole side may be fitted with.
constexpr std::size_t kPiecesOfOneSide = 3;

// How far `point` lies from the line through `a` and `b`.
double distance_to_line(const cv::Point2f& point, const cv::Point2f& a, const cv::Point2f& b) {
  const cv::Point2f along = b - a;
  const double length = std::hypot(along.x, along.y);
  if (length <= 0) return std::hypot(point.x - a.x, point.y - a.y);
  const cv::Point2f off = point - a;
  return std::abs(along.x * off.y - along.y * off.x) / length;
}

cv::Point2f unit(const cv::Point2f& v) {
  const double length = std::hypot(v.x, v.y);
  return length > 0 ? v * static_cast<float>(1 / length) : v;
}

// `pieces` is the outline's straight pieces in order; a side's stretch is one at least `shortest`
// long, and at most two shorter ones may lie between two stretches at a corner.
std::vector<Corner> corners_of_cards(const std::vector<Stretch>& pieces, double shortest, double orientation, const cv::Rect2f& inner,
                                     const ScanParameters& p) {
  std::vector<Corner> corners;
  const std::size_t count = pieces.size();
  for (std::size_t i = 0; i < count; ++i) {
    const Stretch& a = pieces[i];
    if (a.length() < shortest) continue;
    double between = 0;
    for (std::size_t k = 1; k <= 3 && k < count; ++k) {
      const std::size_t j = (i + k) % count;
      const Stretch& b = pieces[j];
      const cv::Point2f along_a = unit(a.to - a.from);
      const cv::Point2f along_b = unit(b.to - b.from);
      // A rounded corner's piece: short, or short beside the longer of the sides round it and
      // turned less than a corner. Beside the shorter only, the rounded corner of a card whose
      // side shows but a little beyond the card over it was taken for a side (a fanned 9 lost).
      const double beside = std::max(a.length(), pieces[(j + 1) % count].length());
      if (b.length() < shortest || (b.length() < p.card_pile_corner_gap * beside && along_a.dot(along_b) > p.card_pile_corner_cos)) {
        between += b.length();
        continue;
      }
      const double turn = along_a.x * along_b.y - along_a.y * along_b.x;
      const auto at = lines_meet(a.from, a.to, b.from, b.to);
      if (turn * orientation > 0 && std::abs(along_a.dot(along_b)) <= p.card_pile_corner_cos &&
          between <= p.card_pile_corner_gap * std::max(a.length(), b.length()) && at && inner.contains(*at))
        corners.push_back({*at, i, j});
      break;
    }
  }
  return corners;
}

}  // namespace

std::vector<Quad> cards_in_pile(const std::vector<cv::Point>& shape, double aspect, double long_side, const cv::Rect2f& inner,
                                double image_area, const ScanParameters& p) {
  std::vector<Quad> cards;
  const double area = cv::contourArea(shape);
  if (shape.size() < 4 || area <= 0) return cards;
  std::vector<cv::Point> outline;
  const double fit = std::max(1.5, p.card_pile_fit * std::sqrt(area));
  cv::approxPolyDP(shape, outline, fit, true);
  // Pieces shorter than this are a rounded corner's, a pip's or a fold's.
  const double shortest = p.card_pile_min_side * std::sqrt(image_area * p.card_min_area);
  std::vector<Stretch> stretches;
  for (std::size_t i = 0; i < outline.size(); ++i) stretches.push_back({outline[i], outline[(i + 1) % outline.size()]});
  if (stretches.size() < 4) return cards;
  const double orientation = cv::contourArea(outline, true) > 0 ? 1 : -1;
  const std::vector<Corner> corners = corners_of_cards(stretches, shortest, orientation, inner, p);
  // The shape filled (a card's picture is a hole in its white), a pixel round it given: the
  // outline runs a pixel inside the paper's edge.
  const cv::Rect window = cv::boundingRect(shape);
  cv::Mat filled = cv::Mat::zeros(window.size(), CV_8U);
  cv::drawContours(filled, std::vector<std::vector<cv::Point>>{shape}, 0, cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), INT_MAX,
                   -window.tl());
  cv::dilate(filled, filled, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  const auto share_in_shape = [&](const Quad& card) {
    const cv::Rect around = cv::boundingRect(std::vector<cv::Point2f>(card.begin(), card.end()));
    const cv::Mat inside = mask_of(card, around);
    const int pixels = cv::countNonZero(inside);
    if (pixels == 0) return 0.0;
    const cv::Rect common = around & window;
    if (common.empty()) return 0.0;
    return cv::countNonZero(inside(common - around.tl()) & filled(common - window.tl())) / static_cast<double>(pixels);
  };
  // A whole side: two corners one stretch apart, or a few stretches that all lie along the line
  // between them (a side a little bent by the lens, or its white a little frayed, is fitted with
  // two pieces, the shorter one turned by some degrees: an ace's whole side was missed so). The
  // card runs on from both ends the way the stretches there run (its two sides, as far as they
  // show), as far as a card with that side runs.
  const auto one_side = [&](const Corner& first, const Corner& second) {
    const std::size_t count = stretches.size();
    for (std::size_t i = first.after, k = 0; k < kPiecesOfOneSide; i = (i + 1) % count, ++k) {
      if (i == second.before) return true;
      if (distance_to_line(stretches[i].to, first.at, second.at) > 2 * fit) return false;
    }
    return false;
  };
  std::vector<Quad> sure;                          // only one length fits the shape
  std::vector<std::pair<Quad, Quad>> either_way;   // both do: as long as the side, or as wide
  for (const Corner& first : corners) {
    for (const Corner& second : corners) {
      if (&first == &second || !one_side(first, second)) continue;
      const cv::Point2f& one = first.at;
      const cv::Point2f& two = second.at;
      const double side = side_length(one, two);
      const cv::Point2f from_one = stretches[first.before].from;
      const cv::Point2f from_two = stretches[second.after].to;
      const double seen = std::max(side_length(one, from_one), side_length(two, from_two));
      // The card's two sides from there run one way, the way of what shows of both (the longer
      // counts the more): where one shows only a little way, its few pixels bend it by tens of
      // degrees (a fanned 9 was placed twice as wide at one end and taken for the card beside it).
      const cv::Point2f away = unit((from_one - one) + (from_two - two));
      std::vector<Quad> fits;
      for (const double length : {side / aspect, side * aspect}) {
        if (length < p.card_pile_seen_slack * seen) continue;  // the sides show longer than that
        const Quad card = order_corners(Quad{one, two, two + away * static_cast<float>(length), one + away * static_cast<float>(length)});
        const double card_area = polygon_area(card);
        if (card_area < image_area * p.card_min_area || card_area > image_area * p.card_max_area) continue;
        if (outline_share_outside(card, inner) > 0 || share_in_shape(card) < p.card_pile_min_cover) continue;
        fits.push_back(card);
      }
      if (fits.size() == 1) sure.push_back(fits.front());
      if (fits.size() == 2) either_way.emplace_back(fits[0], fits[1]);
    }
  }
  // Either way the card lies in the pile: the one as long as the cards seen whole, or as the
  // pile's cards placed for sure; with neither, the one whose side shown is its long side.
  if (long_side <= 0 && !sure.empty()) {
    std::vector<double> sides;
    for (const Quad& card : sure) sides.push_back(long_side_of(card));
    long_side = median_value(sides);
  }
  std::vector<Quad> placed = sure;
  for (const auto& [as_long, as_wide] : either_way)
    placed.push_back(long_side > 0 && std::abs(long_side_of(as_wide) - long_side) < std::abs(long_side_of(as_long) - long_side) ? as_wide : as_long);
  // A card with two whole sides is placed from each: once.
  for (const Quad& candidate : placed) {
    // The cards of one deck are one size: a "card" far smaller or larger is a face's frame.
    if (long_side > 0 && std::abs(long_side_of(candidate) / long_side - 1) > p.card_pile_size_slack) continue;
    // Their outlines, not their boxes, overlap: the boxes of two cards of a fan, turned against
    // each other, overlap by half where the cards overlap by far less.
    if (std::ranges::none_of(cards, [&](const Quad& card) { return iou(candidate, card) > p.card_pile_same_card; }))
      cards.push_back(candidate);
  }
  return cards;
}

}  // namespace qm::vision
