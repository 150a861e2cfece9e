#include "vision/card_scan.hpp"

#include <algorithm>
#include <functional>
#include <array>
#include <ranges>
#include <utility>
#include <climits>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <optional>
#include <span>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"
#include "vision/card_fans.hpp"
#include "vision/card_look.hpp"
#include "vision/card_panels.hpp"
#include "vision/card_piles.hpp"
#include "vision/card_rows.hpp"

namespace qm::vision {

namespace {

// The grey levels over `area` of `grey` (8-bit), to take a quantile of.
std::vector<uchar> grey_levels(const cv::Mat& grey, const cv::Rect& area) {
  const cv::Mat region = grey(area).clone();
  return {region.begin<uchar>(), region.end<uchar>()};
}

// The median grey level over `area` of `grey` (8-bit).
double median_in(const cv::Mat& grey, const cv::Rect& area) {
  std::vector<uchar> values = grey_levels(grey, area);
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

// The paper's level is a percentile of a quarter-size copy: as good, sixteen times fewer pixels.
constexpr double kPaperSampleScale = 0.25;
// Pixels of the canonical card (kCardWidth x kCardHeight), fixed by its drawing, not tuned:
constexpr int kDiscRimInset = 2;   // the number's disc is read this far inside its printed edge
constexpr int kFrameMargin = 3;    // a covered panel's frame: its last columns may show the card on top
constexpr int kMinInkWidth = 4;    // ink narrower or lower than this cannot be a number or an index
constexpr int kMinInkHeight = 6;
constexpr int kWhiteOpening = 3;   // pixels: the white mask loses specks and hairlines this thin
constexpr double kSameCardOverlap = 0.8;  // two outlines at neighbouring levels of white: one card
constexpr double kOverlapping = 0.05;     // two outlines' boxes share more than a touching edge

// Each pixel's darkest and brightest channel: how white it is, and (their difference) how grey.
std::pair<cv::Mat, cv::Mat> darkest_and_brightest(const cv::Mat& bgr) {
  std::vector<cv::Mat> channels;
  cv::split(bgr, channels);
  cv::Mat low;
  cv::Mat high;
  cv::min(channels[0], channels[1], low);
  cv::min(low, channels[2], low);
  cv::max(channels[0], channels[1], high);
  cv::max(high, channels[2], high);
  return {low, high};
}

// The card's white: bright in every channel and nearly grey, its level taken from the photo
// (the cards' paper is among the brightest things in it after white balance). `low` and `high`
// are the photo's darkest and brightest channels.
cv::Mat white_of(const cv::Mat& low, const cv::Mat& high, const ScanParameters& p) {
  cv::Mat reduced;
  cv::resize(low, reduced, cv::Size(), kPaperSampleScale, kPaperSampleScale, cv::INTER_AREA);
  std::vector<uchar> values(reduced.begin<uchar>(), reduced.end<uchar>());
  const auto at = std::min(values.size() - 1, static_cast<std::size_t>(static_cast<double>(values.size()) * p.card_paper_percentile));
  std::nth_element(values.begin(), values.begin() + static_cast<long>(at), values.end());
  const double paper = values[at];
  cv::Mat chroma = high - low;
  cv::Mat white = (low > std::max(static_cast<double>(p.card_min_white_level), paper * p.card_white_of_paper)) &
                  (chroma < p.card_max_white_chroma);
  cv::morphologyEx(white, white, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {kWhiteOpening, kWhiteOpening}));
  return white;
}

// A four-cornered outline of `hull` (geometry.hpp), the first side a short one.
Quad rectangle_of(const std::vector<cv::Point>& hull, const ScanParameters& p) {
  return short_side_first(four_corners_of(hull, p.card_outline_tolerance));
}

// Whether the white shape runs round the edge of `quad` as a card's margin runs round its
// picture: a face card's white is a frame, open where a shade or a finger cuts it, so it fills
// little of its hull. The band is the outline less the outline moved in by card_margin_band of
// the short side on every side (bilinearly, as the card is seen at an angle). A frame is whiter
// than the face it frames: a lattice of pale lines (a gingham's) or a patch of pale table covers
// the band no more than what lies inside it.
bool white_margin_round(const std::vector<cv::Point>& contour, const Quad& quad, const ScanParameters& p) {
  if (p.card_margin_ring_share > 1) return false;
  const cv::Rect window = cv::boundingRect(std::vector<cv::Point2f>(quad.begin(), quad.end())) | cv::boundingRect(contour);
  const double across = side_length(quad[0], quad[1]), down = side_length(quad[1], quad[2]);
  const double band = p.card_margin_band * std::min(across, down);
  const float u = static_cast<float>(band / std::max(1.0, across)), v = static_cast<float>(band / std::max(1.0, down));
  const auto at = [&](float a, float b) { return (1 - b) * ((1 - a) * quad[0] + a * quad[1]) + b * ((1 - a) * quad[3] + a * quad[2]); };
  const cv::Mat face = mask_of(Quad{at(u, v), at(1 - u, v), at(1 - u, 1 - v), at(u, 1 - v)}, window);
  const cv::Mat edge = mask_of(quad, window) & ~face;
  const int edge_area = cv::countNonZero(edge);
  if (edge_area <= 0) return false;
  cv::Mat shape = cv::Mat::zeros(window.size(), CV_8U);
  cv::drawContours(shape, std::vector<std::vector<cv::Point>>{contour}, 0, cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), INT_MAX,
                   -window.tl());
  const double ring_share = cv::countNonZero(shape & edge) / static_cast<double>(edge_area);
  const double face_share = cv::countNonZero(shape & face) / std::max(1.0, static_cast<double>(cv::countNonZero(face)));
  return ring_share >= p.card_margin_ring_share && face_share <= ring_share - p.card_margin_frame_gap;
}

// How deep the outline dents in from its convex hull at most, in pixels.
double deepest_dent(const std::vector<cv::Point>& contour) {
  std::vector<int> hull;
  cv::convexHull(contour, hull, false, false);
  if (hull.size() < 3) return 0;
  std::sort(hull.begin(), hull.end());  // OpenCV asks the hull's points in the outline's order
  std::vector<cv::Vec4i> defects;
  try {
    cv::convexityDefects(contour, hull, defects);
  } catch (const cv::Exception&) {
    return 0;  // an outline that touches itself (a neck one pixel wide): OpenCV measures none
  }
  int deepest = 0;
  for (const cv::Vec4i& defect : defects) deepest = std::max(deepest, defect[3]);
  return deepest / 256.0;  // OpenCV's fixed point
}

// The four-cornered outline round a white shape's hull where it has a card's shape: no longer
// than a card seen flat allows, covering most of the hull (one card), and not reaching far
// beyond it (a cut hull's sides, extended, meet far out).
std::optional<Quad> card_round_hull(const std::vector<cv::Point>& hull, const ScanParameters& p) {
  const double hull_area = cv::contourArea(hull);
  const Quad quad = order_corners(rectangle_of(hull, p));
  const double aspect = long_over_short(quad);
  if (aspect < p.card_min_aspect || aspect > p.card_max_aspect) return std::nullopt;
  const double quad_area = polygon_area(quad);
  if (quad_area < hull_area * p.card_min_quad_fill) return std::nullopt;  // not one card
  if (quad_area > hull_area * p.card_max_quad_reach) return std::nullopt;  // corners the white never reaches
  return quad;
}

// A white shape that is one card: four-cornered, no longer than a card seen flat allows, and convex.
std::optional<Quad> whole_card(const std::vector<cv::Point>& contour, double image_area, const ScanParameters& p) {
  const double area = cv::contourArea(contour);
  if (area < image_area * p.card_min_area || area > image_area * p.card_max_area) return std::nullopt;
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  const auto quad = card_round_hull(hull, p);
  if (!quad) return std::nullopt;
  if (area < cv::contourArea(hull) * p.card_min_convexity && !white_margin_round(contour, *quad, p)) return std::nullopt;  // not one card
  return quad;
}

// A card crossed by something thin and dark (a cable, a knife, a chair's leg) is two white
// pieces, neither shaped like a card: the card is their convex hull where that is one card's
// shape and the pieces fill it but for the strip the crossing covers. Two cards seen whole lie
// side by side as two pieces too, so a piece that is a card by itself is never mended.
constexpr int kPiecesOutlineSamples = 25;   // points along each side of a card of two pieces
constexpr double kPiecesOutlineNear = 0.04;  // a point lies on a piece's outline this share of the short side from it
constexpr double kCrossingPaperPercentile = 0.9;  // the paper of a card of two pieces: this percentile of brightness
constexpr int kCrossingRim = 9;                   // canonical pixels: the crossing is painted this much wider

struct CardOfPieces {
  Quad quad;
  std::array<std::vector<cv::Point>, 2> hulls;  // the pieces' hulls: what shows of the card
};

std::optional<CardOfPieces> card_of_two_pieces(const std::vector<cv::Point>& a, const std::vector<cv::Point>& b, double image_area,
                                               const ScanParameters& p) {
  CardOfPieces card;
  cv::convexHull(a, card.hulls[0]);
  cv::convexHull(b, card.hulls[1]);
  // A piece of a face card's margin is a frame cut open: its hull, not its own area, is what it covers.
  const double area_a = cv::contourArea(card.hulls[0]), area_b = cv::contourArea(card.hulls[1]);
  const double area = area_a + area_b;
  if (area < image_area * p.card_min_area || area > image_area * p.card_max_area) return std::nullopt;
  if (std::min(area_a, area_b) < p.card_piece_min_share * area) return std::nullopt;  // a speck beside a shape
  std::vector<cv::Point> both(a);
  both.insert(both.end(), b.begin(), b.end());
  std::vector<cv::Point> hull;
  cv::convexHull(both, hull);
  const double hull_area = cv::contourArea(hull);
  if (area < hull_area * p.card_pieces_min_fill) return std::nullopt;  // more than a thin strip between them
  const auto round_both = card_round_hull(hull, p);
  if (!round_both) return std::nullopt;
  const Quad& quad = *round_both;
  // The pieces follow the card's edges all round but where the crossing cuts them: two blobs
  // (a printed sheet's white letters) meet their hull's outline at a few points only.
  const double near = std::max(2.0, kPiecesOutlineNear * short_side_of(quad));
  int on_outline = 0;
  for (std::size_t side = 0; side < 4; ++side) {
    const cv::Point2f& from = quad[side];
    const cv::Point2f& to = quad[(side + 1) % 4];
    for (int k = 0; k < kPiecesOutlineSamples; ++k) {
      const cv::Point2f at = from + (to - from) * ((k + 0.5F) / kPiecesOutlineSamples);
      const auto close = [&](const std::vector<cv::Point>& hull) { return std::abs(cv::pointPolygonTest(hull, at, true)) <= near; };
      on_outline += std::any_of(card.hulls.begin(), card.hulls.end(), close);
    }
  }
  if (on_outline < p.card_pieces_min_outline * 4 * kPiecesOutlineSamples) return std::nullopt;
  card.quad = quad;
  return card;
}

// A card warped (warp_card) with what lies outside the hulls of what shows of it (the thing
// across a card of two pieces, a fold over its corner) painted as its paper: the brightest tenth
// of what shows (ink and shade are darker). The crossing would be read as ink in the margin,
// where a printed face has none.
cv::Mat crossing_painted_as_paper(const cv::Mat& bgr, const Quad& quad, std::span<const std::vector<cv::Point>> shown_hulls) {
  cv::Mat shown = cv::Mat::zeros(bgr.size(), CV_8UC3);
  for (const auto& hull : shown_hulls) cv::fillConvexPoly(shown, hull, cv::Scalar::all(255));
  cv::Mat shown_on_card;
  cv::extractChannel(warp_card(shown, quad), shown_on_card, 0);
  const cv::Mat warped = warp_card(bgr, quad);
  std::vector<std::pair<int, cv::Vec3b>> paper;
  for (int y = 0; y < warped.rows; ++y)
    for (int x = 0; x < warped.cols; ++x)
      if (shown_on_card.at<uchar>(y, x) > 127) {
        const cv::Vec3b& colour = warped.at<cv::Vec3b>(y, x);
        paper.emplace_back(colour[0] + colour[1] + colour[2], colour);
      }
  if (paper.empty()) return warped;
  const auto at = paper.begin() + static_cast<long>(static_cast<double>(paper.size() - 1) * kCrossingPaperPercentile);
  std::nth_element(paper.begin(), at, paper.end(), [](const auto& u, const auto& v) { return u.first < v.first; });
  // The white's opening and the hulls' straight sides leave the crossing's rim outside it.
  cv::Mat crossing;
  cv::dilate(shown_on_card <= 127, crossing, cv::getStructuringElement(cv::MORPH_ELLIPSE, {kCrossingRim, kCrossingRim}));
  cv::Mat painted = warped.clone();
  painted.setTo(cv::Scalar(at->second[0], at->second[1], at->second[2]), crossing);
  return painted;
}

// An outer white shape taken for one card seen whole, and whether its outline dents in deeply.
struct OneCardShape {
  Quad quad;
  bool dented = false;
};

// A coloured part inside a shape of merged cards: a card's panel, whole or cut by the card on it.
struct Panel {
  Quad quad;  // quad[0]-quad[1]: a short side
  double width = 0;
  double height = 0;
};

std::optional<Panel> panel_of(const std::vector<cv::Point>& part, double image_area, const ScanParameters& p) {
  if (cv::contourArea(part) < image_area * p.panel_min_area) return std::nullopt;
  // Rectangular, though the number's disc may bite into it where the card on top cuts it.
  const cv::RotatedRect box = cv::minAreaRect(part);
  std::vector<cv::Point> hull;
  cv::convexHull(part, hull);
  if (cv::contourArea(hull) < p.panel_min_rectangularity * box.size.area()) return std::nullopt;  // table between cards
  Panel panel;
  panel.quad = rectangle_of(hull, p);
  panel.width = (side_length(panel.quad[0], panel.quad[1]) + side_length(panel.quad[2], panel.quad[3])) / 2;
  panel.height = (side_length(panel.quad[1], panel.quad[2]) + side_length(panel.quad[3], panel.quad[0])) / 2;
  if (panel.width < p.panel_min_width * panel.height) return std::nullopt;  // a line of shadow or table
  // No bigger than the panel of the largest card seen whole may be: on a table as pale as the
  // paper, the table is the white shape and its shadows and patterns are "parts" of any size;
  // the tallest of them would have left every true panel out as too short beside it.
  const double panel_share = static_cast<double>(card_panel().area()) / (kCardWidth * kCardHeight);
  if (polygon_area(panel.quad) > image_area * p.card_max_area * panel_share) return std::nullopt;
  return panel;
}

// The card of a panel whose whole panel would be `full_ratio` as wide as high in the photo
// (the widest panel of its shape: the card on top; so tilt and distance cancel). Cut by the
// card on it, its full side is the panel's height and its corner index must show.
std::optional<CardOutline> card_of_panel(Panel found, double full_ratio, const cv::Mat& white, const ScanParameters& p) {
  Quad quad = found.quad;
  const double share = found.width / (found.height * full_ratio);
  const cv::Rect panel = card_panel();
  if (share > p.panel_max_share || found.width < p.panel_min_width_px) return std::nullopt;
  if (share >= p.panel_whole_share) return CardOutline{card_round_panel(quad), 1};
  if (share < p.panel_min_share) return std::nullopt;
  // The visible part of the panel, `seen` canonical pixels wide. Its corner index is at its
  // top-left or (the frame turned half a turn) its bottom-right corner.
  const float seen = static_cast<float>(panel.width * share);
  const auto frame_to_image = [&](const Quad& q) {
    return cv::getPerspectiveTransform(corners_of(cv::Rect2f(0, 0, seen, static_cast<float>(panel.height))).data(), q.data());
  };
  cv::Mat frame;
  cv::warpPerspective(white, frame, frame_to_image(quad), cv::Size(cvRound(seen), panel.height),
                      cv::INTER_NEAREST | cv::WARP_INVERSE_MAP);
  const cv::Rect index = card_corner_index() - panel.tl();
  const cv::Rect top_left = cv::Rect(index.x, index.y, index.width, index.height) & cv::Rect(0, 0, frame.cols - kFrameMargin, frame.rows);
  const cv::Rect bottom_right(frame.cols - top_left.br().x, frame.rows - top_left.br().y, top_left.width, top_left.height);
  if (top_left.area() <= 0) return std::nullopt;
  const int ink_top_left = cv::countNonZero(frame(top_left));
  const int ink_bottom_right = cv::countNonZero(frame(bottom_right & cv::Rect(0, 0, frame.cols, frame.rows)));
  const int least_ink = std::max(p.index_min_ink_px, static_cast<int>(top_left.area() * p.index_min_ink_share));
  if (std::max(ink_top_left, ink_bottom_right) < least_ink) return std::nullopt;  // no index shows
  if (ink_bottom_right > ink_top_left) quad = {quad[2], quad[3], quad[0], quad[1]};
  // The whole card in the frame's canonical pixels: the panel's full width, then the margins.
  const cv::Rect2f whole(-static_cast<float>(panel.x), -static_cast<float>(panel.y), kCardWidth, kCardHeight);
  return CardOutline{mapped(frame_to_image(quad), corners_of(whole)), share};
}

// The share of a card's margin, between its outline and its panel's, that `white` (the paper)
// covers; the part of the card outside the photo is left out.
double margin_white_share(const cv::Mat& white, const Quad& card, const Quad& panel) {
  const cv::Rect roi = cv::boundingRect(std::vector<cv::Point2f>(card.begin(), card.end())) & cv::Rect(0, 0, white.cols, white.rows);
  if (roi.empty()) return 0.0;
  const cv::Mat margin = mask_of(card, roi) & ~mask_of(panel, roi);
  const int ring = cv::countNonZero(margin);
  return ring > 0 ? static_cast<double>(cv::countNonZero(margin & white(roi))) / ring : 0.0;
}

// The light falling round each pixel: the brightest darkest-channel within `window` pixels,
// smoothed. A card is the brightest thing in its own neighbourhood, so dividing by this puts a
// card in shade at the same level as one in the sun. Beyond the photo's edge the light is taken
// as at the edge: mirrored (OpenCV's default), a card standing at the edge (its margin cut, a card
// held up to a webcam) lit its own light twice over, and its margin fell below every level there.
cv::Mat light_around(const cv::Mat& low, int window) {
  cv::Mat light;
  cv::dilate(low, light, cv::getStructuringElement(cv::MORPH_RECT, {window, window}));
  cv::blur(light, light, {window, window}, {-1, -1}, cv::BORDER_REPLICATE);
  return light;
}

// Cards seen whole at other levels of white than the photo's paper: in shade, beside a sunlit
// table or on a pale one, a card stands out from what it lies on at a level of its own, and at
// the paper's level it is lost or merged with the table. Each level between the least white
// and the nearly white is tried, first as brightness, then (uneven light: half the table in
// shade) as a share of the light around; a shape that is one card at two levels or more is a
// card (a patch of towel or paper that looks like one at a single level is not, unless the edges
// also enclose it and it shows a card's face, as an enclosed shape must: locate_cards). A card on
// something as white as it is (paper, a white box) is one shape with it at every level, so each
// level's white is also cut along the photo's edges; a shape seen only so needs more levels (a
// gingham's cells, cut apart by its weave, are cards at two). Those come last.
struct WholeAtLevels {
  Quad quad;
  bool cut_only;               // seen only where edges cut the white
  bool enclosed_only = false;  // found where edges enclose it, at no level of white or at one only: a face must show
};
// `low` and `high` are the photo's darkest and brightest channels.
std::vector<WholeAtLevels> whole_cards_at_levels(const cv::Mat& bgr, const cv::Mat& low, const cv::Mat& high, double image_area,
                                                 const ScanParameters& p) {
  struct Seen {
    Quad quad;
    int levels = 0;      // seen in the white as it is
    int cut_levels = 0;  // seen only once edges cut it
    bool enclosed = false;  // a shape the edges alone enclose, whatever its whiteness
  };
  std::vector<Seen> seen;
  const cv::Mat greyish = (high - low) < p.card_max_white_chroma;
  const cv::Mat opening = cv::getStructuringElement(cv::MORPH_RECT, {kWhiteOpening, kWhiteOpening});
  cv::Mat edges;
  if (p.card_edge_cut_low > 0) {
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    cv::GaussianBlur(grey, grey, {3, 3}, 0);
    cv::Canny(grey, edges, p.card_edge_cut_low, 3 * p.card_edge_cut_low);
    cv::dilate(edges, edges, cv::getStructuringElement(cv::MORPH_CROSS, {3, 3}));
  }
  const auto same_shape = [](const Quad& a, const Quad& b) { return iou(bounding_box(a), bounding_box(b)) > kSameCardOverlap; };
  // The white at a level is where `whiteness` (opened) is above it. Opening with a flat
  // element commutes with a threshold (every level is above 0, the value left where a pixel is
  // not greyish), so the image is opened once, not each level's mask: the same masks, 1.9% fewer
  // of a 12 MP photo's instructions (callgrind).
  const auto opened = [&](const cv::Mat& values, const cv::Mat& where) {
    cv::Mat whiteness = cv::Mat::zeros(values.size(), CV_8U);
    values.copyTo(whiteness, where);
    cv::morphologyEx(whiteness, whiteness, cv::MORPH_OPEN, opening);
    return whiteness;
  };
  const auto look_at = [&](const cv::Mat& white) {
    // Each shape once per level: seen in the white as it is, or only once edges cut it.
    std::vector<WholeAtLevels> at_this_level;
    const auto shapes_of = [&](const cv::Mat& mask, bool cut) {
      std::vector<std::vector<cv::Point>> contours;
      cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
      for (const auto& contour : contours) {
        const auto quad = whole_card(contour, image_area, p);
        if (quad && std::none_of(at_this_level.begin(), at_this_level.end(), [&](const WholeAtLevels& w) { return same_shape(w.quad, *quad); }))
          at_this_level.push_back({*quad, cut, false});
      }
    };
    shapes_of(white, false);
    if (!edges.empty()) shapes_of(white & ~edges, true);
    for (const WholeAtLevels& shape : at_this_level) {
      const Quad& quad = shape.quad;
      const bool cut = shape.cut_only;
      const auto again = std::find_if(seen.begin(), seen.end(), [&](const Seen& s) { return same_shape(s.quad, quad); });
      Seen& s = again != seen.end() ? *again : seen.emplace_back(Seen{quad});
      if (!cut && s.levels == 0) s.quad = quad;  // the white's own outline over one edges cut
      ++(cut ? s.cut_levels : s.levels);
    }
  };
  const cv::Mat whiteness = opened(low, greyish);
  for (int step = 0; step < p.card_white_levels; ++step) {
    const double level = p.card_min_white_level + (245.0 - p.card_min_white_level) * step / p.card_white_levels;
    look_at(whiteness > level);
  }
  if (p.card_shade_levels > 0) {
    const int window = std::max(3, cvRound(p.card_shade_window * std::max(bgr.cols, bgr.rows)));
    cv::Mat share;  // the darkest channel over the light around, 255 = as bright as the brightest near it
    cv::divide(low, cv::max(light_around(low, window), 1), share, 255.0);
    const cv::Mat lit_share = opened(share, greyish & (low > p.card_shade_min_level));
    for (int step = 0; step < p.card_shade_levels; ++step) {
      const double level = 255.0 * (p.card_shade_lowest + (0.96 - p.card_shade_lowest) * step / p.card_shade_levels);
      look_at(lit_share > level);
    }
  }
  // A card in deep shade, or on a table as pale as its paper, is white at no level apart from
  // the table, but its edges still enclose it: the shapes between the edges, as the cut shapes
  // above, are cards only where nothing else is found (locate_cards).
  if (!edges.empty() && p.card_edge_enclosed != 0) {
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(~edges, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    for (const auto& contour : contours) {
      const auto quad = whole_card(contour, image_area, p);
      if (!quad) continue;
      const auto again = std::find_if(seen.begin(), seen.end(), [&](const Seen& s) { return same_shape(s.quad, *quad); });
      (again != seen.end() ? *again : seen.emplace_back(Seen{*quad})).enclosed = true;
    }
  }
  std::vector<WholeAtLevels> found;
  for (const Seen& s : seen) {
    if (s.levels >= 2 || (s.levels == 0 && (s.cut_levels >= p.card_edge_cut_min_levels || s.enclosed)))
      found.push_back({s.quad, s.levels == 0, s.levels == 0 && s.cut_levels < p.card_edge_cut_min_levels});
    else if (s.levels == 1 && s.enclosed)
      found.push_back({s.quad, false, true});
  }
  std::stable_partition(found.begin(), found.end(), [](const WholeAtLevels& w) { return !w.cut_only; });
  return found;
}

// One outline holds the other's centre: the same card, or a card and a part of it or a
// shape round it.
bool one_round_the_other(const Quad& a, const Quad& b) {
  return holds(a, centre_of(b)) || holds(b, centre_of(a));
}

// The perspective from a card's canonical pixels (kCardWidth x kCardHeight) to the image's.
cv::Mat canonical_to_image(const CardOutline& card) {
  const Quad canonical = corners_of(cv::Rect2f(0, 0, kCardWidth, kCardHeight));
  return cv::getPerspectiveTransform(canonical.data(), card.corners.data());
}

// How wide the visible part of a covered card's panel is, canonical pixels.
float seen_width(const CardOutline& card) { return static_cast<float>(card_panel().width * card.visible); }

// The point at a card's mid-height halfway between canonical x = `from` and `to`, image pixels.
cv::Point2f mid_height_between(const cv::Mat& to_image, float from, float to) {
  return mapped(to_image, Quad{cv::Point2f((from + to) / 2, kCardHeight / 2.0F)})[0];
}

// Where the visible part of a covered card's panel has its centre, image pixels.
cv::Point2f visible_centre(const CardOutline& card) {
  const auto from = static_cast<float>(card_panel().x);
  return mid_height_between(canonical_to_image(card), from, from + seen_width(card));
}

// A covered card's hidden part lies under another card. Where no card found lies over it, the
// panel was whole but looked narrow beside the widest one (turned away from the camera, or
// blurred into the table): the card is the one round that panel, not one reaching over the
// table, if that looks like a card (looks_like_card); else the "panel" was a patch of table.
std::vector<CardOutline> uncover_where_nothing_lies(const cv::Mat& bgr, const std::vector<CardOutline>& cards, const ScanParameters& p) {
  const cv::Rect panel = card_panel();
  std::vector<CardOutline> settled;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!cards[i].covered()) {
      settled.push_back(cards[i]);
      continue;
    }
    const cv::Mat to_image = canonical_to_image(cards[i]);
    const float seen = seen_width(cards[i]);
    const cv::Point2f hidden_centre = mid_height_between(to_image, static_cast<float>(panel.x) + seen, kCardWidth);
    bool under_a_card = false;
    for (std::size_t j = 0; j < cards.size(); ++j) under_a_card = under_a_card || (j != i && holds(cards[j].corners, hidden_centre));
    if (under_a_card) {
      settled.push_back(cards[i]);
      continue;
    }
    const Quad whole = card_round_panel(mapped(
        to_image, corners_of(cv::Rect2f(static_cast<float>(panel.x), static_cast<float>(panel.y), seen, static_cast<float>(panel.height)))));
    if (const auto printed = card_as_printed(bgr, whole, p)) settled.push_back({*printed, 1});
  }
  return settled;
}

// Two cards that touch at an angle (not a fanned row: no side of one lies along the other's)
// are one white shape, no card's, and neither the rows nor the panels part playing cards; but
// one of them may be found at another level of white. Taken out with a seam round it, it leaves
// the rest of the shape: the other card, less the strip where they meet. A rest running into
// the photo's frame is table (a pale stripe ending at a card); one lying over a card found is a
// part of that card.
std::vector<Quad> cards_in_the_rest(const cv::Mat& white, const std::vector<CardOutline>& cards, const cv::Rect2f& inner,
                                    double image_area, const ScanParameters& p) {
  std::vector<Quad> found;
  if (p.card_rest_seam <= 0 || cards.empty()) return found;
  cv::Mat shapes;
  const int count = cv::connectedComponents(white, shapes, 8, CV_32S);
  std::vector<uchar> touched(static_cast<std::size_t>(count), 0);
  const cv::Rect frame(0, 0, white.cols, white.rows);
  for (const CardOutline& card : cards) {
    const cv::Rect window = cv::boundingRect(std::vector<cv::Point2f>(card.corners.begin(), card.corners.end())) & frame;
    if (window.empty()) continue;
    const cv::Mat inside = mask_of(card.corners, window);
    for (int y = 0; y < window.height; ++y)
      for (int x = 0; x < window.width; ++x)
        if (inside.at<uchar>(y, x) != 0) touched[static_cast<std::size_t>(shapes.at<int>(window.y + y, window.x + x))] = 255;
  }
  touched[0] = 0;  // the label of what is not white
  cv::Mat rest(white.size(), CV_8U);
  for (int y = 0; y < rest.rows; ++y)
    for (int x = 0; x < rest.cols; ++x) rest.at<uchar>(y, x) = touched[static_cast<std::size_t>(shapes.at<int>(y, x))];
  for (const CardOutline& card : cards) {
    const std::vector<cv::Point> corners = pixel_corners(card.corners);
    cv::fillConvexPoly(rest, corners, 0);
    cv::polylines(rest, std::vector<std::vector<cv::Point>>{corners}, true, 0, std::max(2, cvRound(p.card_rest_seam * short_side_of(card.corners))));
  }
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(rest, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (const auto& contour : contours) {
    const auto quad = whole_card(contour, image_area, p);
    if (!quad || outline_share_outside(*quad, inner) > 0) continue;
    const auto lies_over = [&](const Quad& other) {
      return one_round_the_other(other, *quad) || common_area(other, *quad) > p.card_rest_max_overlap * polygon_area(*quad);
    };
    if (std::ranges::any_of(cards, lies_over, &CardOutline::corners) || std::ranges::any_of(found, lies_over)) continue;
    found.push_back(*quad);
  }
  return found;
}

// Shares of an outline seen whole, round its centre, also tried for a printed face: a white shape
// (or a shape edges enclose) may take in a strip of pale table or carpet along a side, and the
// margin strip then lies on it.
constexpr std::array<double, 3> kInsetShares = {0.97, 0.94, 0.91};
constexpr int kTrimEdge = 2;  // canonical pixels

// The warped card `card` with each side moved in past the columns or rows where little is
// paper (a strip of table taken in along one side or two, as the insets above cannot take it
// out), at most unread_trim_max of the card each; nothing where no side moves.
std::optional<cv::Mat> trimmed_to_paper(const cv::Mat& card, const ScanParameters& p) {
  cv::Mat grey;
  cv::cvtColor(card, grey, cv::COLOR_BGR2GRAY);
  std::vector<uchar> levels = grey_levels(grey, cv::Rect(0, 0, kCardWidth, kCardHeight));
  const auto at = static_cast<long>(0.9 * static_cast<double>(levels.size() - 1));
  std::nth_element(levels.begin(), levels.begin() + at, levels.end());
  const cv::Mat paper = grey >= levels[static_cast<std::size_t>(at)] - 2 * p.unread_margin_spread;
  cv::Mat columns, rows;
  cv::reduce(paper, columns, 0, cv::REDUCE_AVG, CV_32F);
  cv::reduce(paper, rows, 1, cv::REDUCE_AVG, CV_32F);
  const float enough = static_cast<float>(255 * p.unread_trim_paper_share);
  // The first of `count` shares from one end that is mostly paper, within the reach.
  const auto first_paper = [&](const cv::Mat& shares, int count, bool from_end) -> std::optional<int> {
    const int reach = cvFloor(p.unread_trim_max * count);
    for (int k = 0; k <= reach; ++k)
      if (shares.at<float>(from_end ? count - 1 - k : k) >= enough) return k;
    return std::nullopt;
  };
  const auto left = first_paper(columns, kCardWidth, false), right = first_paper(columns, kCardWidth, true);
  const auto top = first_paper(rows, kCardHeight, false), bottom = first_paper(rows, kCardHeight, true);
  if (!left || !right || !top || !bottom || *left + *right + *top + *bottom == 0) return std::nullopt;
  // A pixel or two past the first column of paper: the card's own edge, blurred, and its shadow.
  const int l = *left + kTrimEdge, r = *right + kTrimEdge, t = *top + kTrimEdge, b = *bottom + kTrimEdge;
  cv::Mat trimmed;
  cv::resize(card(cv::Rect(l, t, kCardWidth - l - r, kCardHeight - t - b)), trimmed,
             cv::Size(kCardWidth, kCardHeight), 0, 0, cv::INTER_AREA);
  return trimmed;
}

// `card` is the outline already warped: it is not warped a second time.
bool face_printed_within(const cv::Mat& bgr, const cv::Mat& card, const Quad& outline, const ScanParameters& p) {
  if (shows_a_printed_face(card, p)) return true;
  if (std::any_of(kInsetShares.begin(), kInsetShares.end(),
                  [&](double share) { return shows_a_printed_face(warp_card(bgr, scaled_round_centre(outline, share)), p); }))
    return true;
  const auto trimmed = trimmed_to_paper(card, p);
  return trimmed && shows_a_printed_face(*trimmed, p);
}

// Cards of another deck (no panels) dropped on each other at angles are one white shape, no
// card's, at the paper's level: where the cards found leave most of such a shape unexplained,
// its cards are placed from their corners (card_piles.hpp) and listed unread. A shape their
// cards and the cards found do not nearly fill is something else (a sheet with a book on it).
// A pile is cards on each other: each card placed overlaps another (of the pile, or found), or
// alone shows a printed face (another deck's, as CardScanner::scan asks of a card it cannot
// read); a pale cell of a check cloth, joined to its neighbours, has right-angled corners too.
// Two playing cards side by side, or one across another, can be one white shape about as long
// over wide as one card (two upright cards side by side lie across), taken for one card seen
// whole and read as one. Where its outline dents in (one card's edge leaving the other's) deeper
// than card_pile_dent of its short side, it is looked at as a pile too: two or more cards placed
// in it, on each other, that fill it stand instead of the one.
// `one_card[i]`: outer contour i taken for one card seen whole (locate_cards).
void add_cards_in_piles(const cv::Mat& bgr, const std::vector<std::vector<cv::Point>>& contours, const std::vector<cv::Vec4i>& hierarchy,
                        const std::vector<std::optional<OneCardShape>>& one_card, double image_area, const cv::Rect2f& inner,
                        std::vector<CardOutline>& cards, const ScanParameters& p) {
  if (p.card_pile_min_explained > 1) return;
  const std::size_t found = cards.size();
  // The card found for each dented shape taken for one card; those are no measure of the deck.
  std::vector<std::optional<std::size_t>> taken_for_one(contours.size());
  std::vector<bool> maybe_more(found, false);
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (!one_card[i] || !one_card[i]->dented) continue;
    for (std::size_t j = 0; j < found && !taken_for_one[i]; ++j)
      if (!cards[j].covered() && iou(cards[j].corners, one_card[i]->quad) > p.card_pile_same_card) taken_for_one[i] = j;
    if (taken_for_one[i]) maybe_more[*taken_for_one[i]] = true;
  }
  std::vector<bool> replaced(found, false);
  // The deck's aspect and size, from the cards seen whole that show a printed face: a part of a
  // card found as one (a pip by the photo's edge, nearly square) is no measure of the deck (a
  // pile's ten of hearts was placed square from it, and did not lie in the pile). Measured once,
  // where a pile needs it.
  std::optional<std::pair<double, double>> deck;
  const auto measure_deck = [&] {
    std::vector<double> aspects;
    std::vector<double> long_sides;
    for (std::size_t j = 0; j < found; ++j) {
      const CardOutline& card = cards[j];
      if (card.covered() || maybe_more[j] || !face_printed_within(bgr, warp_card(bgr, card.corners), card.corners, p)) continue;
      aspects.push_back(long_over_short(card.corners));
      long_sides.push_back(long_side_of(card.corners));
    }
    if (aspects.empty()) return std::pair{static_cast<double>(kCardHeight) / kCardWidth, 0.0};
    return std::pair{median_value(aspects), median_value(long_sides)};
  };
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0 || (one_card[i] && !taken_for_one[i])) continue;
    if (cv::contourArea(contours[i]) < image_area * p.card_min_shape_area) continue;
    const auto others = [&](std::size_t j) { return !taken_for_one[i] || j != *taken_for_one[i]; };
    const cv::Rect window = cv::boundingRect(contours[i]);
    cv::Mat shape = cv::Mat::zeros(window.size(), CV_8U);
    cv::drawContours(shape, contours, static_cast<int>(i), cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -window.tl());
    const double shape_pixels = cv::countNonZero(shape);
    cv::Mat explained = cv::Mat::zeros(window.size(), CV_8U);
    const auto explain = [&](const Quad& card) { explained |= mask_of(card, window); };
    for (std::size_t j = 0; j < found; ++j)
      if (others(j)) explain(cards[j].corners);
    if (cv::countNonZero(explained & shape) >= p.card_pile_min_explained * shape_pixels) continue;
    std::vector<Quad> pile;
    if (!deck) deck = measure_deck();
    for (const Quad& card : cards_in_pile(contours[i], deck->first, deck->second, inner, image_area, p)) {
      const auto same = [&](std::size_t j) { return others(j) && iou(card, cards[j].corners) > p.card_pile_same_card; };
      if (std::ranges::none_of(std::views::iota(std::size_t{0}, found), same)) pile.push_back(card);
    }
    const auto on_another = [&](const Quad& card) {
      const double least = p.card_pile_min_overlap * polygon_area(card);
      const auto over = [&](const Quad& other) { return &other != &card && common_area(card, other) >= least; };
      return std::ranges::any_of(pile, over) ||
             std::ranges::any_of(std::views::iota(std::size_t{0}, found), [&](std::size_t j) { return others(j) && over(cards[j].corners); });
    };
    std::vector<Quad> overlapping;
    for (const Quad& card : pile)
      if (on_another(card) || face_printed_within(bgr, warp_card(bgr, card), card, p)) overlapping.push_back(card);
    pile = std::move(overlapping);
    for (const Quad& card : pile) explain(card);
    if (pile.empty() || cv::countNonZero(explained & shape) < p.card_pile_min_explained * shape_pixels) continue;
    if (taken_for_one[i]) {
      if (pile.size() < 2) continue;  // one card after all, its outline dented by shade or a finger
      replaced[*taken_for_one[i]] = true;
    }
    for (const Quad& card : pile) {
      CardOutline outline{card, 1};
      outline.in_pile = true;
      outline.parted = taken_for_one[i].has_value();
      cards.push_back(outline);
    }
  }
  std::vector<CardOutline> kept;
  for (std::size_t j = 0; j < cards.size(); ++j)
    if (j >= found || !replaced[j]) kept.push_back(std::move(cards[j]));
  cards = std::move(kept);
}

// A card found last whose face was judged with what lies over it painted as its paper: the
// scanner does not judge its face again on the card as it is.
CardOutline face_judged_painted(const Quad& quad) {
  CardOutline card{quad, 1};
  card.face_shown = true;
  return card;
}

// Whether a card found last (of two pieces, parted at a neck, or with a corner its white
// misses) is one: no card found lies round it or in it, it lies within the photo, and `face`
// says it shows a card's face.
bool found_last(const Quad& quad, const std::vector<CardOutline>& cards, const cv::Rect2f& inner, const std::function<bool()>& face,
                const ScanParameters& p) {
  const auto taken = [&](const CardOutline& card) { return one_round_the_other(card.corners, quad); };
  return std::none_of(cards.begin(), cards.end(), taken) && outline_share_outside(quad, inner) <= p.card_frame_cut_share && face();
}

// Cards crossed by something thin (card_of_two_pieces): outer white shapes not taken for one
// card, paired where their boxes nearly touch; looked for last (found_last). Such a card must
// show a face, as a shape the edges alone enclose must.
void add_cards_of_two_pieces(const cv::Mat& bgr, const std::vector<std::vector<cv::Point>>& contours, const std::vector<cv::Vec4i>& hierarchy,
                             const std::vector<std::optional<OneCardShape>>& one_card, double image_area, const cv::Rect2f& inner,
                             std::vector<CardOutline>& cards, const ScanParameters& p) {
  if (p.card_pieces_min_fill > 1) return;
  std::vector<std::size_t> pieces;
  for (std::size_t i = 0; i < contours.size(); ++i)
    if (hierarchy[i][3] < 0 && !one_card[i] && cv::contourArea(contours[i]) >= p.card_piece_min_share * image_area * p.card_min_area)
      pieces.push_back(i);
  // The cards of one table are about one size: white pieces of a printed sheet between its
  // letters make small "cards" beside a card seen whole.
  double largest = 0;
  for (const CardOutline& card : cards)
    if (!card.covered()) largest = std::max(largest, polygon_area(card.corners));
  for (std::size_t m = 0; m < pieces.size(); ++m) {
    const cv::Rect box_m = cv::boundingRect(contours[pieces[m]]);
    for (std::size_t n = m + 1; n < pieces.size(); ++n) {
      const cv::Rect box_n = cv::boundingRect(contours[pieces[n]]);
      const int gap = cvRound(p.card_pieces_max_gap * std::sqrt(std::max(box_m.area(), box_n.area())));
      if (((box_m + cv::Size(2 * gap, 2 * gap) - cv::Point(gap, gap)) & box_n).empty()) continue;
      const auto quad = card_of_two_pieces(contours[pieces[m]], contours[pieces[n]], image_area, p);
      if (!quad) continue;
      if (polygon_area(quad->quad) < p.card_pieces_min_size * largest) continue;
      const auto face = [&] { return shows_a_printed_face(crossing_painted_as_paper(bgr, quad->quad, quad->hulls), p); };
      if (found_last(quad->quad, cards, inner, face, p)) cards.push_back(face_judged_painted(quad->quad));
    }
  }
}

// Cards that touch at a corner, or by a strip of white between them, are one white shape no
// card's, which no panels part (another deck's cards) and the piles' finder may not place: worn
// away by a disc of a share of the shape's size, the shape parts at the neck, and each part is
// grown back by that disc within the shape, each pixel to the part nearest it (a card cut by
// the photo's edge, joined broadly to a card, stays out of it). The neck is as wide as the
// cards overlap: discs growing by kNeckStep are tried in turn. Looked for last, in shapes the
// cards found leave mostly unexplained (as the piles' finder asks).
constexpr double kNeckStep = 0.03;

void add_cards_parted_at_necks(const cv::Mat& bgr, const std::vector<std::vector<cv::Point>>& contours,
                               const std::vector<cv::Vec4i>& hierarchy, const std::vector<std::optional<OneCardShape>>& one_card,
                               double image_area, const cv::Rect2f& inner, std::vector<CardOutline>& cards, const ScanParameters& p) {
  if (p.card_neck_max_share <= 0) return;
  // A part keeps a stub of its neighbour: its four-cornered outline fills a little less of its
  // hull than a card's own white.
  ScanParameters parted = p;
  parted.card_min_quad_fill = p.card_neck_min_quad_fill;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0 || one_card[i]) continue;
    const double area = cv::contourArea(contours[i]);
    if (area < 2 * image_area * p.card_min_area) continue;  // room for two cards at least
    const cv::Rect roi = cv::boundingRect(contours[i]);
    cv::Mat shape = cv::Mat::zeros(roi.size(), CV_8U);
    cv::drawContours(shape, contours, static_cast<int>(i), cv::Scalar(255), cv::FILLED, cv::LINE_8, cv::noArray(), 0, -roi.tl());
    cv::Mat explained = cv::Mat::zeros(roi.size(), CV_8U);
    for (const CardOutline& card : cards) explained |= mask_of(card.corners, roi);
    if (cv::countNonZero(explained & shape) >= p.card_pile_min_explained * cv::countNonZero(shape)) continue;
    cv::Mat depth;  // how far each pixel of the shape lies inside it
    cv::distanceTransform(shape, depth, cv::DIST_L2, cv::DIST_MASK_PRECISE);
    for (double neck = kNeckStep; neck <= p.card_neck_max_share + 1e-9; neck += kNeckStep) {
      const double radius = neck * std::sqrt(area);
      const cv::Mat worn = depth > radius;
      cv::Mat cores;
      const int parts = cv::connectedComponents(worn, cores, 8, CV_32S) - 1;
      if (parts < 2) continue;  // no neck this thin
      // The distance to the nearest core, and which core's pixel that is.
      cv::Mat nearest;
      cv::Mat labels;
      cv::distanceTransform(~worn, nearest, labels, cv::DIST_L2, cv::DIST_MASK_5, cv::DIST_LABEL_PIXEL);
      std::vector<int> core_of_label(static_cast<std::size_t>(cv::countNonZero(worn)) + 1, 0);
      for (int y = 0; y < worn.rows; ++y)
        for (int x = 0; x < worn.cols; ++x)
          if (worn.at<uchar>(y, x) && labels.at<int>(y, x) > 0) {
            const auto label = static_cast<std::size_t>(labels.at<int>(y, x));
            if (label < core_of_label.size()) core_of_label[label] = cores.at<int>(y, x);
          }
      cv::Mat owner(roi.size(), CV_32S);
      for (int y = 0; y < owner.rows; ++y)
        for (int x = 0; x < owner.cols; ++x) {
          const auto label = static_cast<std::size_t>(std::max(0, labels.at<int>(y, x)));
          owner.at<int>(y, x) = label < core_of_label.size() ? core_of_label[label] : 0;
        }
      for (int c = 1; c <= parts; ++c) {
        const cv::Mat part = (owner == c) & (nearest <= radius + 1) & shape;
        std::vector<std::vector<cv::Point>> outlines;
        cv::findContours(part, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE, roi.tl());
        for (const auto& outline : outlines) {
          const auto quad = whole_card(outline, image_area, parted);
          const auto face = [&] { return face_printed_within(bgr, warp_card(bgr, *quad), *quad, p); };
          if (quad && found_last(*quad, cards, inner, face, p)) cards.push_back({*quad, 1});
        }
      }
    }
  }
}

// A card with a corner in shade (a fold of the cloth, a thing beside it) is a white shape whose
// hull misses that corner: its four sides, extended, meet farther out than a card's white
// allows (`card_max_quad_reach`, which keeps a white wedge from being completed into a card).
// Where they meet no farther than `card_shaded_corner_max_reach` and what the white misses is
// grey, as paper in shade is (a table's colour is not), the shape is a card; looked for last
// (found_last), it must show a face.
void add_cards_with_a_corner_in_shade(const cv::Mat& bgr, const cv::Mat& darkest, const cv::Mat& brightest,
                                      const std::vector<std::vector<cv::Point>>& contours, const std::vector<cv::Vec4i>& hierarchy,
                                      const std::vector<std::optional<OneCardShape>>& one_card, double image_area, const cv::Rect2f& inner,
                                      std::vector<CardOutline>& cards, const ScanParameters& p) {
  if (p.card_shaded_corner_max_reach <= p.card_max_quad_reach) return;
  ScanParameters farther = p;
  farther.card_max_quad_reach = p.card_shaded_corner_max_reach;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0 || one_card[i]) continue;
    const auto quad = whole_card(contours[i], image_area, farther);
    if (!quad) continue;
    const cv::Rect roi = cv::boundingRect(std::vector<cv::Point2f>(quad->begin(), quad->end())) & cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (roi.empty()) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    cv::Mat in_hull = cv::Mat::zeros(roi.size(), CV_8U);
    std::vector<cv::Point> local;
    for (const cv::Point& point : hull) local.push_back(point - roi.tl());
    cv::fillConvexPoly(in_hull, local, 255);
    const cv::Mat missed = mask_of(*quad, roi) & ~in_hull;
    if (cv::countNonZero(missed) == 0) continue;
    const cv::Mat chroma = brightest(roi) - darkest(roi);
    if (cv::mean(chroma, missed)[0] >= p.card_max_white_chroma) continue;
    // What the white misses may be shade, or a fold of cloth over the corner: painted as the
    // card's paper, as a crossing is, it leaves the printed face to judge.
    const auto face = [&] { return shows_a_printed_face(crossing_painted_as_paper(bgr, *quad, std::span(&hull, 1)), p); };
    if (found_last(*quad, cards, inner, face, p)) cards.push_back(face_judged_painted(*quad));
  }
}

}  // namespace

std::vector<CardOutline> locate_cards(const cv::Mat& bgr, const ScanParameters& p) {
  CV_Assert(bgr.type() == CV_8UC3 && !bgr.empty());
  // Each pixel's darkest and brightest channel, taken once: the white, the levels of white and
  // the walk along fanned rows all look at them.
  cv::Mat darkest;
  cv::Mat brightest;
  std::tie(darkest, brightest) = darkest_and_brightest(bgr);
  const cv::Mat white = white_of(darkest, brightest, p);
  std::vector<std::vector<cv::Point>> contours;
  std::vector<cv::Vec4i> hierarchy;
  cv::findContours(white, contours, hierarchy, cv::RETR_TREE, cv::CHAIN_APPROX_SIMPLE);
  const double image_area = static_cast<double>(bgr.cols) * bgr.rows;
  std::vector<CardOutline> cards;
  std::vector<Panel> merged;  // panels of touching or overlapping cards
  // Whether an outline seen whole shows the printed layout, asked of the white's whole cards
  // first and of every card found later: each outline is warped and judged once.
  std::vector<std::pair<Quad, bool>> judged_layouts;
  const auto shows_layout = [&](const Quad& outline) {
    const auto seen = std::ranges::find(judged_layouts, outline, &std::pair<Quad, bool>::first);
    if (seen != judged_layouts.end()) return seen->second;
    return judged_layouts.emplace_back(outline, looks_like_card(warp_card(bgr, outline), p)).second;
  };
  // White shapes that may be a card's number disc, tried as discs below where nothing else is
  // found: one inside its panel, the card's margin merged with a white table round it; or one
  // standing alone, the panel round it run out into a dark table where the margin is lost
  // (a stripe of the table's dark colour at its side, a finger across it, deep shade).
  const double disc_share = card_disc_share();
  std::vector<Quad> discs;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    const double area = cv::contourArea(contours[i]);
    if (area < image_area * p.card_min_area * disc_share || area > image_area * p.card_max_area * disc_share) continue;
    if (!disc_ellipse(contours[i], area, p)) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    discs.push_back(rectangle_of(hull, p));
  }
  std::vector<std::optional<OneCardShape>> one_card(contours.size());  // each outer white shape taken for one card seen whole
  for (std::size_t i = 0; i < contours.size(); ++i) {
    if (hierarchy[i][3] >= 0) continue;  // inside a card (the number's disc, an index)
    if (const auto quad = whole_card(contours[i], image_area, p)) {
      one_card[i] = OneCardShape{*quad, p.card_pile_dent > 0 && deepest_dent(contours[i]) > p.card_pile_dent * short_side_of(*quad)};
      cards.push_back({*quad, 1});
      // A fanned row of cards seen head on is a convex white shape no longer than a card seen
      // at an angle: unless it shows the printed layout, its panels are looked for too, and of
      // the two, the cards that show the layout win (below).
      if (shows_layout(*quad)) continue;
    }
    if (cv::contourArea(contours[i]) < image_area * p.card_min_shape_area) continue;
    // Cards that touch or overlap: one card per panel, the coloured parts of the white
    // shape's convex hull (enclosed by white, or open where the card on top cuts it).
    std::vector<cv::Point> hull;
    cv::convexHull(contours[i], hull);
    const cv::Rect roi = cv::boundingRect(hull) & cv::Rect(0, 0, bgr.cols, bgr.rows);
    cv::Mat inside = cv::Mat::zeros(roi.size(), CV_8U);
    std::vector<cv::Point> local;
    for (const cv::Point& p : hull) local.push_back(p - roi.tl());
    cv::fillConvexPoly(inside, local, 255);
    inside.setTo(0, white(roi));
    std::vector<std::vector<cv::Point>> parts;
    cv::findContours(inside, parts, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE, roi.tl());
    std::vector<Panel> panels;
    double tallest = 0;
    for (const auto& part : parts) {
      if (const auto panel = panel_of(part, image_area, p)) {
        panels.push_back(*panel);
        tallest = std::max(tallest, panel->height);
      }
    }
    // Panels are about as tall as each other; smaller parts are emblems or gaps.
    std::erase_if(panels, [&](const Panel& panel) { return panel.height < p.panel_min_height * tallest; });
    merged.insert(merged.end(), panels.begin(), panels.end());
  }
  // A shape seen whole that runs into the photo's edge is cut by it: a patch of table, or a card
  // half out of the photo whose outline and number are not all there. A card with only a corner
  // out of the photo (taken close) is still a card.
  const cv::Rect2f inner(static_cast<float>(p.card_frame_margin), static_cast<float>(p.card_frame_margin),
                         static_cast<float>(bgr.cols - 1 - 2 * p.card_frame_margin), static_cast<float>(bgr.rows - 1 - 2 * p.card_frame_margin));
  const auto cut_by_frame = [&](const CardOutline& card) {
    return !card.covered() && outline_share_outside(card.corners, inner) > p.card_frame_cut_share;
  };
  std::erase_if(cards, cut_by_frame);
  // How wide a whole panel looks in this photo: the widest one, or a card seen whole (in a fan
  // the card on top); tilt and distance change it, so it is taken from the photo itself.
  const cv::Rect canonical_panel = card_panel();
  const double nominal = static_cast<double>(canonical_panel.width) / canonical_panel.height;
  double full_ratio = 0;
  for (const Panel& panel : merged) full_ratio = std::max(full_ratio, panel.width / panel.height);
  for (const CardOutline& card : cards)
    full_ratio = std::max(full_ratio, nominal * kCardHeight / kCardWidth / long_over_short(card.corners));
  if (full_ratio < nominal * p.panel_ratio_low || full_ratio > nominal * p.panel_ratio_high) full_ratio = nominal;
  for (const Panel& panel : merged) {
    auto card = card_of_panel(panel, full_ratio, white, p);
    if (!card) continue;
    // A gingham's cells, merged with its pale lines into one white shape, are whole panels too:
    // the "card" round one shows no printed layout and its margin is the table's pattern.
    if (!card->covered() && !shows_layout(card->corners) && margin_white_share(white, card->corners, panel.quad) < p.panel_card_min_margin_white)
      card->read_for_sure = true;
    cards.push_back(*card);
  }
  // Only where the paper's level found no card: an outline at another level round a card
  // already found (the card with its shadow, or part of the table) is that card again. One round
  // a much smaller "card" is not: that was a part of this one (its index, its pips as a panel),
  // and the size rule below drops it.
  const std::size_t at_paper_level = cards.size();
  std::vector<bool> not_cards(at_paper_level, false);  // rows of cards taken for one
  for (const auto& [quad, cut_only, enclosed_only] : whole_cards_at_levels(bgr, darkest, brightest, image_area, p)) {
    const double area = polygon_area(quad);
    // A shape the edges alone cut out, round or inside a card found, is a part of that card (a
    // court card's inner frame) or something under it (a folder with cards on it).
    if (cut_only && std::any_of(cards.begin(), cards.end(), [&](const CardOutline& card) { return one_round_the_other(card.corners, quad); }))
      continue;
    const auto again = std::find_if(cards.begin(), cards.begin() + static_cast<long>(at_paper_level), [&](const CardOutline& card) {
      // A doubtful card (the panels' above) may be none: the outline round it is looked at too.
      if (card.read_for_sure || polygon_area(card.corners) < p.card_part_area_share * area) return false;
      return one_round_the_other(card.corners, quad);
    });
    if (again == cards.begin() + static_cast<long>(at_paper_level)) {
      // Edges enclose many things no white shape is: a label, a picture's frame, a tile. Such
      // a shape is a card only if it shows a card's face: the printed layout, or another deck's
      // face as CardScanner::scan asks of a card it cannot read.
      if (enclosed_only && !shows_layout(quad) && !face_printed_within(bgr, warp_card(bgr, quad), quad, p)) continue;
      cards.push_back({quad, 1});
      continue;
    }
    // A fanned row of cards of another deck (no panels to split it) is one white shape at the
    // paper's level, shaped like a card seen at an angle; at a level where the shadow of the top
    // card's side parts it, the top card is a card of its own at one end of the row, and the
    // cards under it are placed from their sides (card_rows.hpp). The row is no card. (Cards of
    // the printed layout are placed from their panels, above.)
    const auto row = static_cast<std::size_t>(again - cards.begin());  // cards grows below
    const Quad whole = again->corners;
    if (again->covered() || area >= p.card_row_max_share * polygon_area(whole) || shows_layout(whole) || shows_layout(quad)) continue;
    const std::vector<Quad> under = cards_under_in_row(bgr, whole, quad, p);
    if (under.empty()) continue;
    cards.push_back({quad, 1});
    for (const Quad& card : under) cards.push_back({card, 1, false, true});
    not_cards[row] = true;
  }
  for (std::size_t i = at_paper_level; i-- > 0;)
    if (not_cards[i]) cards.erase(cards.begin() + static_cast<long>(i));
  // A card found from its panel is held to the size of a card seen whole: a smaller "panel" is
  // a pip or a spot printed on a card of another deck, or on a sheet of paper.
  const auto smaller_than_a_card = [&](const CardOutline& card) { return polygon_area(card.corners) < image_area * p.card_min_area; };
  std::erase_if(cards, cut_by_frame);  // the panels' and the levels' cards, before they hide the cards inside them
  std::erase_if(cards, smaller_than_a_card);
  cards = uncover_where_nothing_lies(bgr, cards, p);
  // Whether each card seen whole shows the printed layout. A white shape may be a card with a
  // strip of pale table beside it, or the number's disc of a card whose margin the white missed:
  // such shapes are not cards of the deck, though a card lies there.
  std::vector<bool> printed;
  for (const CardOutline& card : cards) printed.push_back(!card.covered() && shows_layout(card.corners));
  // Such a shape may be the number's disc of a card whose margin the white missed (blurred into
  // the table round it): that card, where a panel rings the shape. (The disc is
  // often seen at several levels of white: the card is taken once, the other discs stay parts.)
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (printed[i] || cards[i].covered() || cards[i].under_in_row) continue;
    const auto card = card_round_disc(bgr, cards[i].corners, p);
    const auto taken = [&](std::size_t j) { return printed[j] && holds(cards[j].corners, centre_of(*card)); };
    if (card && std::ranges::none_of(std::views::iota(std::size_t{0}, cards.size()), taken)) {
      cards[i] = {*card, 1};
      printed[i] = true;
    }
  }
  // The cards of one table are about one size, the nearest a few times the farthest at most. A
  // covered card far bigger than every card seen whole is no card: on a table as pale as the
  // paper, the cards and the table merge into one white shape, and the "panels" in it are the
  // table's dark stripes or cells, each taken for a covered card reaching over its neighbours
  // (which then hid the discs of the cards lying there).
  // (Asked again below, once the panels have found the cards seen whole that the white missed.)
  const auto drop_covered_far_bigger = [&] {
    double largest_printed = 0;
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (printed[i]) largest_printed = std::max(largest_printed, polygon_area(cards[i].corners));
    for (std::size_t i = cards.size(); i-- > 0;) {
      if (largest_printed > 0 && cards[i].covered() && polygon_area(cards[i].corners) > p.card_covered_max_growth * largest_printed) {
        cards.erase(cards.begin() + static_cast<long>(i));
        printed.erase(printed.begin() + static_cast<long>(i));
      }
    }
  };
  drop_covered_far_bigger();
  for (const Quad& disc : discs) {
    // Most such discs are the discs of cards found already, seen whole or covered.
    const auto holds_disc = [&](std::size_t j) { return (printed[j] || cards[j].covered()) && holds(cards[j].corners, centre_of(disc)); };
    if (std::ranges::any_of(std::views::iota(std::size_t{0}, cards.size()), holds_disc)) continue;
    if (const auto card = card_round_disc(bgr, disc, p)) {
      cards.push_back({*card, 1});
      printed.push_back(true);
    }
  }
  // Then from the panels, where the white found no card of the printed layout (card_panels.hpp).
  // A covered card found there need not stand in the way: the white of a fanned hand runs its
  // cards together, and its shape may make the top card itself a covered one, or a card covered
  // but a little; its panel taken whole is the fuller view, and the covered view whose visible
  // part lies in it goes. But two covered cards of one colour side by side show one panel as
  // wide as a card's: a "card" that holds the visible parts of two covered cards, or reaches
  // under a card seen whole, is that.
  std::vector<Quad> seen_whole;
  std::vector<Quad> any_seen_whole;  // whether or not they show the printed layout
  std::vector<Quad> covered;
  std::vector<std::pair<std::size_t, cv::Point2f>> faces;  // each covered card's visible part
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (!cards[i].covered()) any_seen_whole.push_back(cards[i].corners);
    if (printed[i]) {
      seen_whole.push_back(cards[i].corners);
    } else if (cards[i].covered()) {
      covered.push_back(cards[i].corners);
      faces.emplace_back(i, visible_centre(cards[i]));
    }
  }
  const auto holds_a_centre_of = [](const Quad& quad, const std::vector<Quad>& others) {
    return std::ranges::any_of(others, [&](const Quad& other) { return holds(quad, centre_of(other)); });
  };
  const auto overlaps_one_of = [](const Quad& quad, const std::vector<Quad>& others) {
    const Box box = bounding_box(quad);
    return std::ranges::any_of(others, [&](const Quad& other) { return iou(box, bounding_box(other)) > kOverlapping; });
  };
  // Drops the cards marked (the first marked.size() of them) and their `printed`.
  const auto drop_marked = [&](const std::vector<bool>& marked) {
    for (std::size_t i = marked.size(); i-- > 0;) {
      if (!marked[i]) continue;
      cards.erase(cards.begin() + static_cast<long>(i));
      printed.erase(printed.begin() + static_cast<long>(i));
    }
  };
  std::vector<bool> viewed_whole(cards.size(), false);
  for (const Quad& quad : whole_cards_from_panels(bgr, seen_whole, p)) {
    if (holds_a_centre_of(quad, seen_whole)) continue;
    std::vector<std::size_t> faces_in;
    for (const auto& [i, face] : faces)
      if (holds(quad, face)) faces_in.push_back(i);
    if (holds_a_centre_of(quad, covered) && (faces_in.size() > 1 || overlaps_one_of(quad, seen_whole))) continue;
    // Longer than a card seen whole may be, or nearly square: only a card seen far off, or a
    // patch of check cloth whose cells pass for a panel, its margin and its disc; a card only if
    // read for sure (and its covered view stays, to be read if it is not). Nor does it stand in
    // for two cards seen whole: the pictures of two court cards side by side, taken for the panel
    // of one card seen far off, hid both. (One shape seen whole inside it may be its own disc.)
    const double aspect = long_over_short(quad);
    const bool in_doubt = aspect > p.card_max_aspect || aspect < p.panel_square_card_aspect;
    const auto centres_held = std::ranges::count_if(any_seen_whole, [&](const Quad& other) { return holds(quad, centre_of(other)); });
    if (in_doubt && centres_held > 1) continue;
    if (!in_doubt)
      for (const std::size_t i : faces_in) viewed_whole[i] = true;
    cards.push_back({quad, 1, in_doubt});
    printed.push_back(true);  // the panel finder keeps only cards that look like one
  }
  drop_marked(viewed_whole);
  drop_covered_far_bigger();
  // The cards under each card of the printed layout seen whole, if it tops a fanned hand: where
  // the row's white is broken, their panels merge, but their sides still show where the top
  // card says they lie (card_fans.hpp). Each is read from its corner like any covered card.
  // A card "seen whole" in the strip of one is that strip (a covered card's margin, its panel
  // and the next card's margin pass for a narrow card), read so only where the card's corner is
  // not read (CardScanner::scan). The largest cards are walked from first.
  std::vector<std::size_t> tops;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (printed[i] && !cards[i].covered()) tops.push_back(i);
  std::ranges::stable_sort(tops, std::greater<>(), [&](std::size_t i) { return polygon_area(cards[i].corners); });
  std::vector<bool> a_strip(cards.size(), false);
  for (const std::size_t i : tops) {
    if (a_strip[i]) continue;
    std::vector<FannedCard> walked_cards = cards_under_top_card(darkest, cards[i].corners, p);
    std::vector<FannedCard> fitted_walk = cards_under_top_card(darkest, card_fitted_to_edges(bgr, cards[i].corners), p);
    // A card both walks place is walked from the top card's own outline, and read from the
    // fitted one's where that does not read (CardScanner::scan): a top card's outline a few
    // pixels off at one corner puts every card under it as far off, their indices cut.
    // Only the first walk's cards are looked for: two neighbours in one walk are two cards,
    // and their boxes, tilted with the row, can overlap by more than half.
    const std::size_t first_walk = walked_cards.size();
    std::vector<std::optional<FannedCard>> again(first_walk);
    for (const FannedCard& other : fitted_walk) {
      const std::span<const FannedCard> first = std::span(walked_cards).first(first_walk);  // anew: push_back may move them
      const auto same = std::ranges::find_if(first, [&](const FannedCard& card) {
        return iou(bounding_box(card.corners), bounding_box(other.corners)) > p.card_fan_same_card;
      });
      if (same == first.end()) {
        walked_cards.push_back(other);
        again.emplace_back();
      } else if (auto& other_view = again[static_cast<std::size_t>(same - first.begin())]; !other_view) {
        other_view = other;
      }
    }
    for (std::size_t k = 0; k < walked_cards.size(); ++k) {
      const FannedCard& under = walked_cards[k];
      CardOutline walked{under.corners, under.visible, false, false, true};
      walked.walked_again_as = again[k];
      for (const std::size_t j : tops) {
        if (j == i || a_strip[j] || !holds(under.strip, centre_of(cards[j].corners))) continue;
        a_strip[j] = true;
        walked.seen_whole_as = cards[j].corners;
      }
      cards.push_back(walked);
      printed.push_back(false);
    }
  }
  // A card seen whole that holds what shows of two cards walked under a top card is their two
  // strips of one colour side by side, taken for one card: it goes, and neither is read as it.
  std::vector<cv::Point2f> walked_faces;
  for (const CardOutline& card : cards)
    if (card.under_top_card) walked_faces.push_back(visible_centre(card));
  const auto two_strips = [&](const Quad& quad) {
    return std::ranges::count_if(walked_faces, [&](const cv::Point2f& face) { return holds(quad, face); }) > 1;
  };
  for (std::size_t i = 0; i < a_strip.size(); ++i)
    if (!cards[i].covered() && two_strips(cards[i].corners)) a_strip[i] = true;
  for (CardOutline& card : cards)
    if (card.seen_whole_as && two_strips(*card.seen_whole_as)) card.seen_whole_as.reset();
  drop_marked(a_strip);
  for (const Quad& quad : cards_in_the_rest(white, cards, inner, image_area, p)) {
    cards.push_back({quad, 1});
    printed.push_back(shows_layout(quad));
  }
  // Two outlines seen whole, one's centre inside the other, are one card at most: where one of
  // them shows the printed layout, the others are the table or a part of that card. (A deck of
  // another layout, playing cards, never shows it: its cards are kept as found.)
  const auto overlapping = [&](std::size_t i, std::size_t j) {
    return i != j && !cards[i].covered() && !cards[j].covered() && one_round_the_other(cards[i].corners, cards[j].corners);
  };
  // But a "card" of the printed layout far smaller than a card of another deck seen whole round
  // it, in its middle, is a part of that card's face: UNO's numeral, white, outlined, on the
  // card's colour, passes for a panel with its margin and its disc. (A fanned row taken whole is
  // no longer than a card seen at an angle: its cards are far more than such a share of it.)
  std::vector<bool> drop(cards.size(), false);
  for (std::size_t j = 0; j < cards.size(); ++j) {
    if (printed[j] || cards[j].covered()) continue;
    // Its one printed "card" in its middle: cards on a patch of pale table taken for a card lie
    // anywhere on it, and as often more than one.
    std::vector<std::size_t> inside;
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (printed[i] && !cards[i].covered() && holds(cards[j].corners, centre_of(cards[i].corners))) inside.push_back(i);
    if (inside.size() != 1) continue;
    const std::size_t i = inside.front();
    const cv::Point2f off = centre_of(cards[i].corners) - centre_of(cards[j].corners);
    if (std::hypot(off.x, off.y) < p.card_face_part_off_centre * short_side_of(cards[j].corners) &&
        polygon_area(cards[i].corners) < p.card_face_part_share * polygon_area(cards[j].corners))
      drop[i] = true;
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (printed[i]) continue;
    for (std::size_t j = 0; j < cards.size(); ++j)
      if (printed[j] && !drop[j] && overlapping(i, j)) drop[i] = true;
  }
  // A card seen whole lies on top: no other card covers it. Two cards seen whole that overlap
  // more than their outlines' slack are stripes or shadows of the table read as panels.
  const auto overlap_share = [&](std::size_t i, std::size_t j) {
    return common_area(cards[i].corners, cards[j].corners) / std::max(1.0, std::min(polygon_area(cards[i].corners), polygon_area(cards[j].corners)));
  };
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t j = 0; j < cards.size(); ++j)
      if (i != j && printed[i] && printed[j] && overlap_share(i, j) > p.card_whole_overlap) drop[i] = true;
  // The cards of one deck on one table look about the same size: a shape much smaller than a
  // card, lying in it, is a part of that card (the number's disc, its panel). A card showing the
  // printed layout is no part of a shape that does not (a fanned row taken whole). A covered
  // card lying in a card, its whole outline (hidden part included) far shorter than that card is
  // wide, is a part of it too: a playing card's red corner index, taken for the panel of a card
  // under it, was reported as a card. (A fanned row of playing cards taken whole is as wide as
  // its cards are long, and a card under it, placed a little short, is not much shorter.)
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].covered()) {
      const double length = long_side_of(cards[i].corners);
      for (std::size_t j = 0; j < cards.size(); ++j)
        if (j != i && !cards[j].covered() &&
            length < p.card_covered_part_share * short_side_of(cards[j].corners) &&
            holds(cards[j].corners, centre_of(cards[i].corners)))
          drop[i] = true;
      continue;
    }
    const double area = polygon_area(cards[i].corners);
    for (std::size_t j = 0; j < cards.size(); ++j)
      if (j != i && !(printed[i] && !printed[j]) && area < p.card_part_area_share * polygon_area(cards[j].corners) &&
          holds(cards[j].corners, centre_of(cards[i].corners)))
        drop[i] = true;
  }
  // What shows of a covered card lies beside the card over it: a "covered card" lying wholly
  // inside a card seen whole that stays, hidden part and all, is a part of that card's face (a
  // court card's framed picture taken for a panel). Its outline is taken a little in round its
  // centre: the outlines of a card and of a part placed from it meet at their edges.
  for (std::size_t i = 0; i < cards.size() && p.card_covered_inside_share > 0; ++i) {
    if (!cards[i].covered() || drop[i]) continue;
    const Quad part = scaled_round_centre(cards[i].corners, p.card_covered_inside_share);
    for (std::size_t j = 0; j < cards.size(); ++j)
      if (!drop[j] && !cards[j].covered() && std::ranges::all_of(part, [&](const cv::Point2f& corner) { return holds(cards[j].corners, corner); }))
        drop[i] = true;
  }
  std::vector<CardOutline> settled;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (!drop[i]) settled.push_back(cards[i]);
  cards = std::move(settled);
  std::erase_if(cards, cut_by_frame);  // the panels' cards too
  std::erase_if(cards, smaller_than_a_card);
  // One card found twice (from its own white and from a neighbour's): keep the fuller view, and
  // of two as full, the one not in doubt; a card placed in a row is kept only where no other
  // view of it was found (that one is read); of two covered views, the one from its panel (the
  // outline from a walk along a fanned row, card_fans.hpp, is read right less often).
  std::stable_sort(cards.begin(), cards.end(), [](const CardOutline& p, const CardOutline& q) {
    if (p.under_in_row != q.under_in_row) return q.under_in_row;
    if (p.covered() && q.covered() && p.under_top_card != q.under_top_card) return q.under_top_card;
    return p.visible != q.visible ? p.visible > q.visible : !p.read_for_sure && q.read_for_sure;
  });
  std::vector<CardOutline> kept;
  for (const CardOutline& card : cards) {
    const Box box = bounding_box(card.corners);
    const bool twice = std::any_of(kept.begin(), kept.end(), [&](const CardOutline& other) {
      // The cards of a fanned row overlap the card on top by design (each was placed from an
      // edge of its own): one is another outline's card seen whole only if it nearly matches it.
      // One found covered from its panel too is settled by reading (CardScanner::scan).
      if (!card.under_in_row) return iou(box, bounding_box(other.corners)) > p.card_duplicate_overlap;
      return !other.covered() && iou(box, bounding_box(other.corners)) > p.card_row_duplicate_overlap;
    });
    if (!twice) kept.push_back(card);
  }
  cards = std::move(kept);
  add_cards_in_piles(bgr, contours, hierarchy, one_card, image_area, inner, cards, p);
  add_cards_of_two_pieces(bgr, contours, hierarchy, one_card, image_area, inner, cards, p);
  add_cards_parted_at_necks(bgr, contours, hierarchy, one_card, image_area, inner, cards, p);
  add_cards_with_a_corner_in_shade(bgr, darkest, brightest, contours, hierarchy, one_card, image_area, inner, cards, p);
  std::sort(cards.begin(), cards.end(), [](const CardOutline& p, const CardOutline& q) {
    const Box a = bounding_box(p.corners);
    const Box b = bounding_box(q.corners);
    const double ay = a.y + a.h / 2;
    const double by = b.y + b.h / 2;
    if (std::abs(ay - by) > std::min(a.h, b.h) / 2) return ay < by;
    return a.x < b.x;
  });
  return cards;
}

std::vector<Quad> find_cards(const cv::Mat& bgr, const ScanParameters& parameters) {
  std::vector<Quad> quads;
  for (const CardOutline& card : locate_cards(bgr, parameters)) quads.push_back(order_corners(card.corners));
  return quads;
}

namespace {

cv::Mat warp_in_order(const cv::Mat& bgr, const Quad& q) {
  const std::array<cv::Point2f, 4> target{cv::Point2f(0, 0), cv::Point2f(kCardWidth, 0),
                                          cv::Point2f(kCardWidth, kCardHeight), cv::Point2f(0, kCardHeight)};
  const cv::Mat h = cv::getPerspectiveTransform(q.data(), target.data());
  cv::Mat card;
  cv::warpPerspective(bgr, card, h, cv::Size(kCardWidth, kCardHeight), cv::INTER_AREA, cv::BORDER_REPLICATE);
  return card;
}

// A card seen far at an angle along its length looks as wide as it is long, or wider: taken
// short side first, it comes out turned a quarter. Outlines this nearly square (long over short
// side) are warped both ways (on the phone-photo simulator's hardest look, cards so turned had
// 1.03 to 1.11, and cards the right way round were seen down to 1.01).
constexpr double kEitherWayMaxRatio = 1.3;
// The number's disc is looked at between these shares of its radius inside its rim (its paper,
// where the card check reads it by default), and outside it in the panel (card_panel_round_disc).
constexpr std::array<double, 2> kRimInside = {ScanParameters{}.card_check_disc_inner, ScanParameters{}.card_check_disc_outer};
constexpr int kRimDirections = 36;
// The disc stands out of its panel in all but this share of the directions (a finger, glare or
// an emblem's point may spoil a few)...
constexpr double kRimSpoiledShare = 0.2;
// ... and the card is turned only where it stands out this much more so (whiteness levels): a
// card of the printed layout scores 30 to 210 the right way round and -50 to 2 turned; a card of
// another deck has no disc and keeps the first way.
constexpr double kTurnedMinGain = 20;

// How clearly the number's disc stands out of the panel round it, all the way round: in each
// direction from its centre, the whiteness just inside its rim less that just outside, the
// smallest but the spoiled share. Warped a quarter turn wrong, the round disc is drawn out to an
// ellipse 2.25 times as long as wide, and the rim shows nowhere: paper both sides along its
// length, panel both sides across it.
double disc_rim_contrast(const cv::Mat& card) {
  const cv::Point2d centre(card_number_centre());
  const double r = card_number_radius();
  std::vector<double> contrasts;
  for (int d = 0; d < kRimDirections; ++d) {
    const double angle = 2 * std::numbers::pi * d / kRimDirections;
    const cv::Point2d step(std::cos(angle), std::sin(angle));
    const auto mean_whiteness = [&](const std::array<double, 2>& shares) {
      double sum = 0;
      int count = 0;
      for (double at = shares[0] * r; at <= shares[1] * r; at += 1) {
        const cv::Point pixel(cvRound(centre.x + step.x * at), cvRound(centre.y + step.y * at));
        const cv::Vec3b& colour = card.at<cv::Vec3b>(pixel);
        sum += std::min({colour[0], colour[1], colour[2]});
        ++count;
      }
      return sum / std::max(1, count);
    };
    contrasts.push_back(mean_whiteness(kRimInside) - mean_whiteness(card_panel_round_disc()));
  }
  const auto at = contrasts.begin() + static_cast<long>(kRimSpoiledShare * kRimDirections);
  std::nth_element(contrasts.begin(), at, contrasts.end());
  return *at;
}

}  // namespace

cv::Mat warp_card(const cv::Mat& bgr, const Quad& corners) {
  // Make the first side a short one, so that the card comes out portrait.
  const Quad q = short_side_first(order_corners(corners));
  cv::Mat card = warp_in_order(bgr, q);
  if (long_over_short(q) >= kEitherWayMaxRatio) return card;
  cv::Mat turned = warp_in_order(bgr, {q[1], q[2], q[3], q[0]});
  // A disc stands out by kTurnedMinGain at least (less than none counts as none: the two cards
  // of a fanned row's white shape, taken for one, are no card either way).
  return disc_rim_contrast(turned) > std::max(disc_rim_contrast(card), 0.0) + kTurnedMinGain ? turned : card;
}

cv::Mat warp_card(const cv::Mat& bgr, const CardOutline& outline) {
  return outline.covered() ? warp_in_order(bgr, outline.corners) : warp_card(bgr, outline.corners);
}

namespace {

cv::Vec3f median_of(const cv::Mat& card, const std::vector<cv::Rect>& rects) {
  cv::Vec3f result;
  for (int c = 0; c < 3; ++c) {
    std::vector<uchar> values;
    for (const cv::Rect& rect : rects) {
      for (int y = rect.y; y < rect.br().y; ++y) {
        for (int x = rect.x; x < rect.br().x; ++x) values.push_back(card.at<cv::Vec3b>(y, x)[c]);
      }
    }
    std::nth_element(values.begin(), values.begin() + static_cast<long>(values.size() / 2), values.end());
    result[c] = values[values.size() / 2];
  }
  return result;
}

// The panel's colour divided by the margin's white (so warm, cold or dim light cancels), in CIELAB.
cv::Vec3f relative_lab(const cv::Vec3f& panel, const cv::Vec3f& border, const ScanParameters& p) {
  cv::Mat pixel(1, 1, CV_32FC3);
  const auto least = static_cast<float>(p.card_min_margin_level);
  const auto white = static_cast<float>(p.card_margin_white);
  for (int c = 0; c < 3; ++c) pixel.at<cv::Vec3f>(0, 0)[c] = std::clamp(panel[c] / std::max(least, border[c]) * white, 0.0F, 1.0F);
  cv::cvtColor(pixel, pixel, cv::COLOR_BGR2Lab);
  return pixel.at<cv::Vec3f>(0, 0);
}

// Ink components cut to their bounding square and reduced to kDigitFeatureSize^2 ink shares.
std::optional<std::vector<float>> shape_features(const cv::Mat& kept) {
  const cv::Rect box = cv::boundingRect(kept);
  if (box.width < kMinInkWidth || box.height < kMinInkHeight) return std::nullopt;
  const int s = std::max(box.width, box.height);
  cv::Mat square = cv::Mat::zeros(s, s, CV_8U);
  kept(box).copyTo(square(cv::Rect((s - box.width) / 2, (s - box.height) / 2, box.width, box.height)));
  cv::Mat small;
  cv::resize(square, small, cv::Size(kDigitFeatureSize, kDigitFeatureSize), 0, 0, cv::INTER_AREA);
  std::vector<float> features;
  features.reserve(static_cast<std::size_t>(kDigitFeatureSize * kDigitFeatureSize));
  for (int y = 0; y < small.rows; ++y) {
    for (int x = 0; x < small.cols; ++x) features.push_back(small.at<uchar>(y, x) / 255.0F);
  }
  return features;
}

}  // namespace

cv::Vec3f card_colour_lab(const cv::Mat& card, const ScanParameters& p) {
  const cv::Vec3f border = median_of(card, {card_border_strip_top(), card_border_strip_bottom()});
  const auto strips = card_panel_strips();
  return relative_lab(median_of(card, {strips[0], strips[1]}), border, p);
}

cv::Vec3f corner_colour_lab(const cv::Mat& card, const ScanParameters& p) {
  return relative_lab(median_of(card, {card_panel_left_strip()}), median_of(card, {card_border_strip_left()}), p);
}

std::optional<std::vector<float>> digit_features(const cv::Mat& card, const ScanParameters& p) {
  const cv::Point centre = card_number_centre();
  const int r = card_number_radius() - kDiscRimInset;
  const cv::Rect area(centre.x - r, centre.y - r, 2 * r, 2 * r);
  cv::Mat gray;
  cv::cvtColor(card(area), gray, cv::COLOR_BGR2GRAY);
  cv::Mat disc = cv::Mat::zeros(gray.size(), CV_8U);
  cv::circle(disc, {r, r}, r, 255, cv::FILLED);
  std::vector<uchar> values;
  for (int y = 0; y < gray.rows; ++y) {
    for (int x = 0; x < gray.cols; ++x) {
      if (disc.at<uchar>(y, x)) values.push_back(gray.at<uchar>(y, x));
    }
  }
  const auto at = std::min(values.size() - 1, static_cast<std::size_t>(static_cast<double>(values.size()) * p.digit_paper_percentile));
  std::nth_element(values.begin(), values.begin() + static_cast<long>(at), values.end());
  const double paper = values[at];
  // The number's strokes darker than `level`, less specks and the panel at the rim; nullopt when
  // none is left, or too small a box for a number.
  const auto ink_below = [&](double level) -> std::optional<cv::Mat> {
    const cv::Mat ink = (gray < level) & disc;
    cv::Mat labels;
    cv::Mat stats;
    cv::Mat centroids;
    const int count = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8);
    cv::Mat kept = cv::Mat::zeros(ink.size(), CV_8U);
    bool any = false;
    for (int i = 1; i < count; ++i) {
      const double dx = centroids.at<double>(i, 0) - r;
      const double dy = centroids.at<double>(i, 1) - r;
      if (stats.at<int>(i, cv::CC_STAT_AREA) < p.digit_min_speck || std::hypot(dx, dy) > r * p.digit_max_radius) continue;  // specks, panel at the rim
      kept.setTo(255, labels == i);
      any = true;
    }
    if (!any) return std::nullopt;
    const cv::Rect box = cv::boundingRect(kept);
    if (box.width < p.digit_min_box || box.height < p.digit_min_box) return std::nullopt;
    return kept;
  };
  // Whether there is a number: ink well below the paper (a patch of table has none).
  const auto ink = ink_below(paper * p.digit_ink_of_paper);
  if (!ink) return std::nullopt;
  // Its shape: blur spreads a stroke's darkness over its sides, and a level at a fixed share of
  // the paper then keeps only the cores of a small number's strokes (its bar lost, a 3's arcs
  // parted). Halfway between the paper and the ink's darkest keeps a blurred stroke as wide as it
  // is printed. Sharp ink's halfway lies below the fixed share, which is kept (lower, a thin
  // font's sharp strokes thinned out); and a level higher up may join a stroke to the shade at
  // the disc's rim, which is left out, and then the fixed share's shape is read.
  const auto darkest_at = static_cast<std::size_t>(static_cast<double>(values.size()) * p.digit_darkest_percentile);
  std::nth_element(values.begin(), values.begin() + static_cast<long>(darkest_at), values.begin() + static_cast<long>(at));
  const double halfway = (paper + values[darkest_at]) / 2;
  const double level = std::clamp(halfway, paper * p.digit_ink_of_paper, paper * p.digit_ink_most_of_paper);
  if (level == paper * p.digit_ink_of_paper) return shape_features(*ink);  // sharp ink: that shape is taken already
  const auto shape = ink_below(level);
  return shape_features(shape ? *shape : *ink);
}

namespace {

// Where the panel begins along a profile of whiteness that runs from the margin in (canonical
// pixels): where it first falls halfway from the margin's paper to the panel, looked for within
// `reach` of where the card's art puts it. Nothing when the profile shows no such edge.
std::optional<int> panel_edge(const std::vector<double>& profile, int expected, int reach, double min_contrast) {
  const int last = std::min(static_cast<int>(profile.size()) - 1, expected + reach);
  const auto brightest = std::max_element(profile.begin(), profile.begin() + last + 1);
  const double paper = *brightest;
  const double panel = *std::min_element(brightest, profile.end());
  if (paper - panel < min_contrast) return std::nullopt;
  for (auto at = brightest; at != profile.end(); ++at) {
    if (*at >= (paper + panel) / 2) continue;
    const int edge = static_cast<int>(at - profile.begin());
    if (std::abs(edge - expected) > reach) return std::nullopt;
    return edge;
  }
  return std::nullopt;
}

// How far the warped card's panel lies from where the card's art puts it. A covered card is
// placed from the few sides of it that show, and a blurred or shaded side puts it a few pixels
// off; its corner index, as small as that, is then cut by its box or shares the box with margin.
// The left side's profile is taken down the middle rows (no index there), the top's across the
// index's own columns (its strokes are a minority of any row).
cv::Point index_shift(const cv::Mat& whiteness, const ScanParameters& p) {
  const int reach = p.index_max_shift;
  if (reach == 0) return {};
  const cv::Rect panel = card_panel();
  const cv::Rect index = card_corner_index();
  const int depth = panel.x + 2 * reach + 4;  // the profile runs this far in from the card's edge
  std::vector<double> across(static_cast<std::size_t>(depth));
  for (int x = 0; x < depth; ++x) across[static_cast<std::size_t>(x)] = median_in(whiteness, {x, kCardHeight / 4, 1, kCardHeight / 2});
  const int dx = panel_edge(across, panel.x, reach, p.index_min_contrast).value_or(panel.x) - panel.x;
  std::vector<double> down(static_cast<std::size_t>(depth));
  for (int y = 0; y < depth; ++y) down[static_cast<std::size_t>(y)] = median_in(whiteness, {index.x + dx, y, index.width, 1});
  const int dy = panel_edge(down, panel.y, reach, p.index_min_contrast).value_or(panel.y) - panel.y;
  return {dx, dy};
}

}  // namespace

std::optional<std::vector<float>> corner_features(const cv::Mat& card, const ScanParameters& p) {
  // Ink: the index is white on the panel, so it is what is much whiter than the panel's
  // median (the index covers well under half of the box) towards the margin's white.
  std::vector<cv::Mat> channels;
  cv::split(card, channels);
  cv::Mat whiteness;
  cv::min(channels[0], channels[1], whiteness);
  cv::min(whiteness, channels[2], whiteness);
  const cv::Point shift = index_shift(whiteness, p);
  const cv::Rect area = card_corner_index() + shift;
  const double panel = median_in(whiteness, area);
  // The left margin's strip, narrowed where the panel begins early.
  const cv::Rect strip = card_border_strip_left();
  const int strip_x = std::max(0, strip.x + std::min(0, shift.x));
  const double paper = median_in(whiteness, {strip_x, strip.y, std::clamp(card_panel().x + shift.x - 1 - strip_x, 1, strip.width), strip.height});
  if (paper - panel < p.index_min_contrast) return std::nullopt;
  cv::Mat ink = whiteness(area) > (panel + paper) / 2;
  cv::Mat labels;
  cv::Mat stats;
  cv::Mat centroids;
  const int count = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8);
  cv::Mat kept = cv::Mat::zeros(ink.size(), CV_8U);
  for (int i = 1; i < count; ++i) {
    const int x = stats.at<int>(i, cv::CC_STAT_LEFT);
    const int y = stats.at<int>(i, cv::CC_STAT_TOP);
    // Specks, and the white margin showing at the box's edge when the card is still a little off.
    // (Keeping a stroke that merely touches the edge read more indices, but also read white
    // blotches of carpet under covered cards' outlines as indices: 6 more phantoms of 363 real photos.)
    if (stats.at<int>(i, cv::CC_STAT_AREA) < p.index_min_speck || x == 0 || y == 0) continue;
    kept.setTo(255, labels == i);
  }
  if (cv::countNonZero(kept) < p.index_min_ink_total) return std::nullopt;
  return shape_features(kept);
}

std::vector<float> turned_half(const std::vector<float>& features) { return {features.rbegin(), features.rend()}; }

CardReader::CardReader(CardProfile profile, ScanParameters parameters)
    : profile_(std::move(profile)), parameters_(parameters) {}

namespace {

// Best distance per label -> {best label, confidence from the margin to the runner-up}.
std::pair<std::string, double> decide(const std::map<std::string, double>& best) {
  std::string label;
  double first = std::numeric_limits<double>::max();
  double second = std::numeric_limits<double>::max();
  for (const auto& [name, distance] : best) {
    if (distance < first) {
      second = first;
      first = distance;
      label = name;
    } else if (distance < second) {
      second = distance;
    }
  }
  if (second == std::numeric_limits<double>::max()) return {label, 1.0};
  return {label, std::clamp(1.0 - first / std::max(1e-9, second), 0.0, 1.0)};
}

// Four running sums, not one: each addition to one sum waits for the one before, four sums'
// additions overlap (a card is compared with some 500 samples of 400 features, turned and not:
// 5.8% of a 12 MP photo's time with one sum, perf samples). Each square is a float's, summed as a double.
double squared_distance(const std::vector<float>& a, const std::vector<float>& b) {
  std::array<double, 4> sums{};
  std::size_t i = 0;
  for (; i + sums.size() <= a.size(); i += sums.size())
    for (std::size_t k = 0; k < sums.size(); ++k) {
      const float d = a[i + k] - b[i + k];
      sums[k] += d * d;
    }
  for (; i < a.size(); ++i) {
    const float d = a[i] - b[i];
    sums[0] += d * d;
  }
  return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

double smallest(const std::map<std::string, double>& best) {
  double least = std::numeric_limits<double>::max();
  for (const auto& [label, distance] : best) least = std::min(least, distance);
  return least;
}

// The distance from a card's features to the nearest sample of each label, upright or turned half
// a turn (`turned`: the features turned, or the same features where a card is not read turned),
// and whether the turned features were the nearer. `counts` says which samples are compared.
struct NearestSamples {
  std::map<std::string, double> distances;
  std::map<std::string, bool> turned;
};

template <typename Counts>
NearestSamples nearest_samples(const std::vector<NumberSample>& samples, const std::vector<float>& upright,
                               const std::vector<float>& turned, Counts counts) {
  NearestSamples nearest;
  for (const NumberSample& sample : samples) {
    if (sample.features.size() != upright.size() || !counts(sample)) continue;
    const double straight = squared_distance(upright, sample.features);
    const double upside = squared_distance(turned, sample.features);
    const double d = std::sqrt(std::min(straight, upside));
    auto [it, fresh] = nearest.distances.try_emplace(sample.label, d);
    if (fresh || d < it->second) {
      it->second = d;
      nearest.turned[sample.label] = upside < straight;
    }
  }
  return nearest;
}

}  // namespace

std::map<std::string, double> CardReader::colour_distances(const cv::Vec3f& lab) const {
  std::map<std::string, double> best;
  for (const ColourSample& sample : profile_.colours) {
    const double d = cv::norm(lab - sample.lab);
    auto [it, fresh] = best.try_emplace(sample.label, d);
    if (!fresh) it->second = std::min(it->second, d);
  }
  return best;
}

std::pair<std::string, double> CardReader::read_colour(const cv::Vec3f& lab) const { return decide(colour_distances(lab)); }

bool CardReader::read_colour_into(const cv::Vec3f& lab, CardReading& reading) const {
  const std::map<std::string, double> colours = colour_distances(lab);
  std::tie(reading.colour, reading.colour_confidence) = decide(colours);
  reading.colour_distance = smallest(colours);
  return !colours.empty();
}

std::tuple<std::string, double, bool> CardReader::read_number(const std::vector<float>& features) const {
  NearestSamples nearest = nearest_samples(profile_.numbers, features, turned_half(features), [](const NumberSample&) { return true; });
  const auto [label, confidence] = decide(nearest.distances);
  return {label, confidence, nearest.turned[label]};
}

std::optional<CardReading> CardReader::read_from(const std::vector<float>& features, const cv::Vec3f& lab, bool corner) const {
  // Numbers: nearest sample, upright or (the centre only) turned half a turn.
  const std::vector<float> turned = turned_half(features);
  NearestSamples nearest = nearest_samples(corner ? profile_.corners : profile_.numbers, features, corner ? features : turned,
                                           [](const NumberSample&) { return true; });
  const std::map<std::string, double>& numbers = nearest.distances;
  std::map<std::string, bool>& numbers_turned = nearest.turned;
  // Cards learned whole: shape and colour together.
  std::map<std::string, double> wholes;
  std::map<std::string, bool> wholes_turned;
  double whole_shape = std::numeric_limits<double>::max();
  for (const WholeSample& sample : profile_.wholes) {
    const std::vector<float>& shape = corner ? sample.corner : sample.features;
    if (shape.size() != features.size()) continue;
    const double upright = squared_distance(features, shape);
    const double upside = corner ? upright : squared_distance(turned, shape);
    const double d = std::sqrt(std::min(upright, upside));
    whole_shape = std::min(whole_shape, d);
    const double combined = d + parameters_.whole_colour_weight * cv::norm(lab - sample.lab);
    auto [it, fresh] = wholes.try_emplace(sample.label, combined);
    if (fresh || combined < it->second) {
      it->second = combined;
      wholes_turned[sample.label] = upside < upright;
    }
  }
  if (numbers.empty() && wholes.empty()) return std::nullopt;
  const double number_shape = smallest(numbers);
  // How clearly the shape is a number rather than an emblem (1 when the profile has only one kind).
  const double kind_margin = std::clamp(1.0 - std::min(number_shape, whole_shape) / std::max(number_shape, whole_shape), 0.0, 1.0);
  CardReading reading;
  if (whole_shape < number_shape) {
    std::tie(reading.label, reading.confidence) = decide(wholes);
    if (!numbers.empty()) reading.confidence = std::min(reading.confidence, kind_margin);
    reading.upside_down = wholes_turned[reading.label];
  } else {
    read_colour_into(lab, reading);
    // Only the numbers the deck has in that colour (Loot: merchants 2-8, pirate ships 1-4).
    std::map<std::string, double> allowed;
    if (!profile_.labels.empty()) {
      const std::set<std::string> deck(profile_.labels.begin(), profile_.labels.end());
      for (const auto& [number, distance] : numbers)
        if (deck.count(reading.colour + number)) allowed.emplace(number, distance);
    }
    std::tie(reading.number, reading.number_confidence) = decide(allowed.empty() ? numbers : allowed);
    if (!wholes.empty()) reading.number_confidence = std::min(reading.number_confidence, kind_margin);
    reading.upside_down = numbers_turned[reading.number];
    reading.label = reading.colour + reading.number;
    reading.confidence = std::min(reading.colour_confidence, reading.number_confidence);
  }
  reading.uncertain = reading.confidence < profile_.min_confidence;
  return reading;
}

std::optional<CardReading> CardReader::read(const cv::Mat& card) const {
  const auto features = digit_features(card, parameters_);
  if (!features) return read_by_look_alone(card);
  std::optional<CardReading> reading = read_from(*features, card_colour_lab(card, parameters_), false);
  // A deck learned from its own photos may have its number read by how that deck prints it
  // (calibration chooses): the ink's shape knows the drawn fonts, and another deck's numeral
  // (white, outlined, on the card's colour) is no dark ink on a white disc.
  if (reading && !reading->colour.empty() && profile_.numbers_by_look) read_number_by_look(card, *reading);
  return reading;
}

std::optional<CardReading> CardReader::read_by_look_alone(const cv::Mat& card) const {
  // A patch of table shows no printed face: read by a look, it would be the nearest card.
  if (!profile_.numbers_by_look || profile_.looks.empty() || !shows_a_printed_face(card, parameters_)) return std::nullopt;
  CardReading reading;
  if (!read_colour_into(card_colour_lab(card, parameters_), reading)) return std::nullopt;
  reading.uncertain = true;  // no number read yet: the look decides it
  read_number_by_look(card, reading);
  if (reading.label.empty()) return std::nullopt;
  return reading;
}

void CardReader::read_number_by_look(const cv::Mat& card, CardReading& reading) const {
  const std::vector<float> upright = card_look(card);
  const std::vector<float> turned = card_look(card, true);
  const std::set<std::string> deck(profile_.labels.begin(), profile_.labels.end());
  // Only the numbers the deck has in that colour, as read_from.
  NearestSamples nearest = nearest_samples(profile_.looks, upright, turned, [&](const NumberSample& sample) {
    return deck.empty() || deck.count(reading.colour + sample.label) > 0;
  });
  const std::map<std::string, double>& numbers = nearest.distances;
  std::map<std::string, bool>& numbers_turned = nearest.turned;
  // A number no photo showed is read from the drawn fonts only (the calibration warns of it):
  // where the ink reads it for sure, the looks, which know the other numbers, do not overrule it.
  if (numbers.empty() || (!numbers.count(reading.number) && !reading.uncertain)) return;
  // Unlike every card learned: another deck's card, or one of this deck's that no number names
  // (UNO's skip, reverse, draw two, 0). Listed unread, for the players to name, not guessed.
  if (profile_.look_max_distance > 0 && smallest(numbers) > profile_.look_max_distance) {
    reading.number.clear();
    reading.label = kUnreadLabel;
    reading.number_confidence = reading.confidence = 0;
    reading.uncertain = true;
    return;
  }
  std::tie(reading.number, reading.number_confidence) = decide(numbers);
  reading.upside_down = numbers_turned[reading.number];
  reading.label = reading.colour + reading.number;
  reading.confidence = std::min(reading.colour_confidence, reading.number_confidence);
  reading.uncertain = reading.confidence < profile_.min_confidence;
}

double nearest_look_distance(const cv::Mat& card, const std::vector<NumberSample>& looks) {
  return smallest(nearest_samples(looks, card_look(card), card_look(card, true), [](const NumberSample&) { return true; }).distances);
}

std::optional<CardReading> CardReader::read_corner(const cv::Mat& card) const { return read_corner(card, corner_colour_lab(card, parameters_)); }

std::optional<CardReading> CardReader::read_corner(const cv::Mat& card, const cv::Vec3f& lab) const {
  const auto features = corner_features(card, parameters_);
  if (!features) return std::nullopt;
  return read_from(*features, lab, true);
}

namespace {

// Where what shows of a covered card ends, in canonical x: `visible` is the share of its panel's
// width that shows (card_fans.hpp, CardOutline::visible).
double shown_to(double visible) {
  const cv::Rect panel = card_panel();
  return panel.x + visible * panel.width;
}

// A covered card (warp_card of a covered outline, its visible part at the left) with what lies
// over it painted its disc's paper (of the disc's pixels that show, the one at the
// `digit_paper_percentile` of brightness, as digit_features takes the paper): the margin and
// panel of the card on top would pass for strokes of its number.
cv::Mat cover_painted_as_paper(const cv::Mat& card, double visible, const ScanParameters& p) {
  const int cover_from = std::clamp(static_cast<int>(shown_to(visible)) - kFrameMargin, 0, kCardWidth);
  const cv::Point centre = card_number_centre();
  const int r = card_number_radius() - kDiscRimInset;
  std::vector<std::pair<int, cv::Vec3b>> shown;
  for (int y = centre.y - r; y < centre.y + r; ++y)
    for (int x = centre.x - r; x < std::min(cover_from, centre.x + r); ++x)
      if (std::hypot(x - centre.x, y - centre.y) < r) {
        const cv::Vec3b& bgr = card.at<cv::Vec3b>(y, x);
        shown.emplace_back(bgr[0] + bgr[1] + bgr[2], bgr);
      }
  cv::Mat painted = card.clone();
  if (shown.empty()) return painted;
  const auto at = shown.begin() + static_cast<long>(static_cast<double>(shown.size() - 1) * p.digit_paper_percentile);
  std::nth_element(shown.begin(), at, shown.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  painted(cv::Rect(cover_from, 0, kCardWidth - cover_from, kCardHeight)).setTo(cv::Scalar(at->second[0], at->second[1], at->second[2]));
  return painted;
}

}  // namespace

std::optional<CardReading> CardReader::read_covered(const cv::Mat& card, double visible) const {
  // The colour beside the corner, taken once for both readings: the corner shows on every covered card.
  const cv::Vec3f colour = corner_colour_lab(card, parameters_);
  std::optional<CardReading> reading = read_corner(card, colour);
  // What shows of the card ends inside its corner index's box: the card over it may cut the
  // index, and a finger over that corner is read as a number for sure where none shows.
  if (reading && shown_to(visible) < card_corner_index().br().x) reading->uncertain = true;
  if (visible < parameters_.covered_number_min_visible) return reading;
  const auto features = digit_features(cover_painted_as_paper(card, visible, parameters_), parameters_);
  if (!features) return reading;
  std::optional<CardReading> from_number = read_from(*features, colour, false);
  // Only a sure reading: an outline placed wrong (the table, two cards' strips) shows no number,
  // and its corner none either, so it was not reported.
  if (from_number && !from_number->uncertain && (!reading || from_number->confidence > reading->confidence)) return from_number;
  return reading;
}

namespace {

// `grey` with the slope of the light across the card taken out, its mean level kept: a lamp to
// one side lights one end of a card brighter than the other, and its margin, one paper, then
// runs from one grey to another. The slope is the plane fitted to the medians of the margin's
// pieces (a piece's median is paper though an index or a pip reaches into it).
cv::Mat without_light_slope(const cv::Mat& grey, const std::array<cv::Rect, 4>& strips) {
  constexpr int kPieces = 4;  // per strip, along it
  cv::Mat a(4 * kPieces, 3, CV_64F);
  cv::Mat z(4 * kPieces, 1, CV_64F);
  int row = 0;
  for (const cv::Rect& strip : strips) {
    const bool across = strip.width > strip.height;
    for (int k = 0; k < kPieces; ++k) {
      const cv::Rect piece = across ? cv::Rect(strip.x + strip.width * k / kPieces, strip.y, strip.width / kPieces, strip.height)
                                    : cv::Rect(strip.x, strip.y + strip.height * k / kPieces, strip.width, strip.height / kPieces);
      a.at<double>(row, 0) = 1;
      a.at<double>(row, 1) = piece.x + piece.width / 2.0 - kCardWidth / 2.0;
      a.at<double>(row, 2) = piece.y + piece.height / 2.0 - kCardHeight / 2.0;
      z.at<double>(row, 0) = median_in(grey, piece);
      ++row;
    }
  }
  cv::Mat plane;
  cv::solve(a, z, plane, cv::DECOMP_SVD);
  cv::Mat slope(grey.size(), CV_64F);
  for (int y = 0; y < grey.rows; ++y)
    for (int x = 0; x < grey.cols; ++x)
      slope.at<double>(y, x) = plane.at<double>(1) * (x + 0.5 - kCardWidth / 2.0) + plane.at<double>(2) * (y + 0.5 - kCardHeight / 2.0);
  cv::Mat level;
  grey.convertTo(level, CV_64F);
  cv::Mat flat;
  cv::Mat(level - slope).convertTo(flat, CV_8U);  // saturating
  return flat;
}

// Whether a face with little ink (an ace, a two) shows a corner index at both ends, as a deck
// prints them: ink in the top-left corner and as much, within a factor, in the bottom-right
// (the face turned half a turn). `grey` is the whole card, `paper` its margin's grey.
bool indices_at_both_ends(const cv::Mat& grey, double paper, const ScanParameters& p) {
  const cv::Mat inked = grey < paper - p.unread_ink_contrast;
  const int width = cvRound(kCardWidth * p.unread_index_box), height = cvRound(kCardHeight * p.unread_index_box);
  const int top_left = cv::countNonZero(inked(cv::Rect(0, 0, width, height)));
  const int bottom_right = cv::countNonZero(inked(cv::Rect(kCardWidth - width, kCardHeight - height, width, height)));
  const double least = p.unread_index_min_ink * width * height;
  return top_left >= least && bottom_right >= least && std::max(top_left, bottom_right) <= p.unread_index_max_ratio * std::min(top_left, bottom_right);
}

// Whether a grey card shows a printed face (shows_a_printed_face).
bool printed_face_in(cv::Mat grey, const ScanParameters& p) {
  // The margin along each side, its middle only (corner indices may reach into it): plain paper,
  // one grey, with no ink (a patch of checked cloth or of a striped table has its own stripes there).
  const int s = p.unread_margin_strip;
  const int along_x = kCardWidth / 5, along_y = kCardHeight / 5;
  const std::array<cv::Rect, 4> strips{cv::Rect(along_x, 0, kCardWidth - 2 * along_x, s), cv::Rect(along_x, kCardHeight - s, kCardWidth - 2 * along_x, s),
                                       cv::Rect(0, along_y, s, kCardHeight - 2 * along_y), cv::Rect(kCardWidth - s, along_y, s, kCardHeight - 2 * along_y)};
  grey = without_light_slope(grey, strips);
  std::array<double, 4> medians{};
  for (std::size_t i = 0; i < strips.size(); ++i) {
    std::vector<uchar> values = grey_levels(grey, strips[i]);
    const auto at = [&](double share) {
      const auto k = static_cast<long>(share * static_cast<double>(values.size() - 1));
      std::nth_element(values.begin(), values.begin() + k, values.end());
      return static_cast<double>(values[static_cast<std::size_t>(k)]);
    };
    medians[i] = at(0.5);
    if (medians[i] - at(0.1) > p.unread_margin_spread) return false;
  }
  const double paper = (medians[0] + medians[1] + medians[2] + medians[3]) / 4;
  for (const double median : medians)
    if (std::abs(median - paper) > p.unread_margin_spread) return false;
  // The margin is the face's paper, the brightest it has: inside lies ink on that paper, nothing
  // whiter (the white cells of a cloth whose darker cells fell as the margin).
  const cv::Mat face = grey(cv::Rect(2 * s, 2 * s, kCardWidth - 4 * s, kCardHeight - 4 * s));
  const double whiter = cv::countNonZero(face > paper + p.unread_margin_spread);
  if (whiter > p.unread_max_whiter_share * static_cast<double>(face.total())) return false;
  // Ink printed on that paper, neither a few specks nor a dark patch in a pale frame.
  const cv::Mat inked = face < paper - p.unread_ink_contrast;
  const int ink_pixels = cv::countNonZero(inked);
  const double ink = ink_pixels / static_cast<double>(face.total());
  if (ink > p.unread_max_ink_share) return false;
  if (ink < p.unread_min_ink_share) return ink >= p.unread_sparse_min_ink && indices_at_both_ends(grey, paper, p);
  // Print is pips, letters, a picture: pieces, or one piece with paper inside its outline. Ink
  // that is nearly all one solid block is a dark cell of checked cloth ringed by its pale lines.
  std::vector<std::vector<cv::Point>> pieces;
  cv::findContours(inked.clone(), pieces, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  for (const auto& piece : pieces) {
    if (cv::boundingRect(piece).area() < ink_pixels / 2) continue;  // a piece, not the bulk of the ink
    std::vector<cv::Point> hull;
    cv::convexHull(piece, hull);
    cv::Mat inside = cv::Mat::zeros(inked.size(), CV_8U);
    cv::fillConvexPoly(inside, hull, 255);
    const int hull_pixels = cv::countNonZero(inside);
    if (hull_pixels < ink_pixels / 2) continue;
    if (cv::countNonZero(inked & inside) > p.unread_max_block_fill * hull_pixels) return false;
  }
  return true;
}

// `grey` as the card would look in even light: each pixel over the light falling on the paper
// round it, scaled to the brightest paper. That light is the grey closed over a square
// unread_even_light_window of the card's width across: ink narrower than that (a pip, a letter)
// is filled with the paper round it, while the edge of a shadow across the card, far wider than
// any ink, stays where it falls. None where that light falls below unread_even_light_least of
// the brightest over a twentieth of the card: "paper" that dark is a dark thing, not paper in
// shade, which the room still lights.
std::optional<cv::Mat> in_even_light(const cv::Mat& grey, const ScanParameters& p) {
  if (p.unread_even_light_window <= 0) return std::nullopt;
  const int side = cvRound(kCardWidth * p.unread_even_light_window) | 1;
  cv::Mat light;
  cv::morphologyEx(grey, light, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {side, side}));
  double brightest = 0;
  cv::minMaxLoc(light, nullptr, &brightest);
  const double dark = cv::countNonZero(light < p.unread_even_light_least * brightest);
  if (dark > 0.05 * static_cast<double>(light.total())) return std::nullopt;
  cv::Mat even;
  cv::divide(grey, cv::max(light, 1), even, brightest, CV_8U);
  return even;
}

}  // namespace

bool shows_a_printed_face(const cv::Mat& card, const ScanParameters& p) {
  CV_Assert(card.type() == CV_8UC3 && card.cols == kCardWidth && card.rows == kCardHeight);
  cv::Mat grey;
  cv::cvtColor(card, grey, cv::COLOR_BGR2GRAY);
  if (printed_face_in(grey, p)) return true;
  // Half in sunlight and half in shade, a card's margin is two papers, and the light slope's
  // plane fits neither.
  const auto even = in_even_light(grey, p);
  return even && printed_face_in(*even, p);
}

CardScanner::CardScanner(CardProfile profile, ScanParameters parameters)
    : reader_(std::move(profile), parameters), parameters_(parameters) {}

ScanResult CardScanner::scan(const std::filesystem::path& photo) const { return scan(load_photo(photo, parameters_)); }

ScanResult CardScanner::scan(const Photo& photo) const {
  ScanResult result;
  result.photo_size = photo.original_size;
  const std::vector<CardOutline> outlines = locate_cards(photo.image, parameters_);
  std::vector<std::optional<ScannedItem>> items(outlines.size());
  const auto report = [&](std::size_t i, std::optional<CardReading> reading, const Quad& corners) {
    // A reading in doubt whose panel's colour lies far from every colour the profile learned is a
    // guess at a card of another deck (a playing card's white face read as a grey Corsari card):
    // the card is listed unread, for the players to name, not under a wrong name.
    if (reading && reading->uncertain && reading->colour_distance > parameters_.read_max_colour_distance) reading.reset();
    ScannedItem item;
    item.label = reading ? reading->label : std::string(kUnreadLabel);
    item.corners = scaled(order_corners(corners), photo.scale);
    item.box = bounding_box(item.corners);
    item.confidence = reading ? reading->confidence : 0.0;
    item.uncertain = !reading || reading->uncertain;
    items[i] = std::move(item);
  };
  for (std::size_t i = 0; i < outlines.size(); ++i) {
    const CardOutline& outline = outlines[i];
    if (outline.under_in_row) continue;
    if (outline.in_pile && !outline.parted) {
      report(i, std::nullopt, outline.corners);
      continue;
    }
    const cv::Mat card = warp_card(photo.image, outline);
    auto reading = outline.covered() ? reader_.read_covered(card, outline.visible) : reader_.read(card);
    if (outline.parted) {
      if (reading) reading->uncertain = true;
      report(i, reading, outline.corners);
      continue;
    }
    // A card both walks along a fanned row placed, not read as the top card's own outline placed
    // it, may read as the top card's outline fitted to the edges placed it; only ever in doubt,
    // a second guess at where it lies (the same photo saved as a JPEG had a purple 3's index read
    // as a 1 for sure there).
    if (!reading && outline.walked_again_as) {
      const CardOutline again{outline.walked_again_as->corners, outline.walked_again_as->visible};
      if (auto other = reader_.read_covered(warp_card(photo.image, again), again.visible)) {
        other->uncertain = true;
        report(i, other, again.corners);
        continue;
      }
    }
    // A card walked to in a fanned row whose corner is not read may read as the card seen whole
    // that its strip was taken for (a card covered but a little).
    if (!reading && outline.seen_whole_as) {
      if (const auto whole = reader_.read(warp_card(photo.image, *outline.seen_whole_as))) report(i, whole, *outline.seen_whole_as);
      continue;
    }
    if (!reading && (outline.covered() || (!outline.face_shown && !face_printed_within(photo.image, card, outline.corners, parameters_))))
      continue;
    if (outline.read_for_sure && (!reading || reading->uncertain)) continue;
    report(i, reading, outline.corners);
  }
  // A card under others in a fanned row is reported only under a card reported (the row's top
  // card, or a card under it reported so), as a card that lies there, unread: it shows a strip,
  // and read whole, the top card's face would be read for it. Where it overlaps a covered card
  // read from its panel, the row is of the profile's deck, whose panels place its cards (a
  // picture on a card of another deck, taken for a panel, is not read).
  const auto index = std::views::iota(std::size_t{0}, outlines.size());
  for (bool more = true; more;) {
    more = false;
    for (std::size_t i = 0; i < outlines.size(); ++i) {
      if (!outlines[i].under_in_row || items[i]) continue;
      const auto over = [&](std::size_t j) { return items[j] && common_area(outlines[j].corners, outlines[i].corners) > 0; };
      const auto read_covered = [&](std::size_t j) { return items[j] && outlines[j].covered() && common_area(outlines[j].corners, outlines[i].corners) > 0; };
      if (std::ranges::none_of(index, over) || std::ranges::any_of(index, read_covered)) continue;
      report(i, std::nullopt, outlines[i].corners);
      more = true;
    }
  }
  for (std::optional<ScannedItem>& item : items) {
    if (!item) continue;
    if (item->uncertain) {
      ++result.uncertain;
    } else {
      ++result.counts[item->label];
    }
    result.items.push_back(std::move(*item));
  }
  return result;
}

ScanResult scan_cards(const std::filesystem::path& photo, const CardProfile& profile) {
  return CardScanner(profile).scan(photo);
}

ScanResult scan_cards(const std::filesystem::path& photo, CardGame game) {
  return scan_cards(photo, load_builtin_card_profile(game));
}

InputError no_cards_found(const std::filesystem::path& photo) {
  return InputError(fmt::format("{}: no cards found in the photo", photo.string()));
}

}  // namespace qm::vision
