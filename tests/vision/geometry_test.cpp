#include <catch2/catch.hpp>

#include "vision/geometry.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

using namespace qm::vision;

TEST_CASE("IoU of identical, disjoint and half-overlapping boxes", "[vision][geometry]") {
  const Box a{10, 10, 20, 20};
  CHECK(iou(a, a) == Approx(1.0));
  CHECK(iou(a, Box{100, 100, 5, 5}) == 0.0);
  CHECK(iou(a, Box{20, 10, 20, 20}) == Approx(1.0 / 3.0));  // overlap 200, union 600
  CHECK(iou(a, Box{30, 10, 20, 20}) == 0.0);                // touching edges only
  CHECK(iou(a, Box{0, 0, 0, 5}) == 0.0);                    // an empty box
}

TEST_CASE("IoU of two outlines counts what they share, not what their boxes share", "[vision][geometry]") {
  const Quad square = quad_of(cv::RotatedRect(cv::Point2f(50, 50), cv::Size2f(20, 20), 0));
  CHECK(iou(square, square) == Approx(1.0));
  CHECK(iou(square, quad_of(cv::RotatedRect(cv::Point2f(60, 50), cv::Size2f(20, 20), 0))) == Approx(1.0 / 3.0).epsilon(1e-4));
  CHECK(iou(square, quad_of(cv::RotatedRect(cv::Point2f(200, 50), cv::Size2f(20, 20), 0))) == 0.0);
  // Two long thin cards crossing at right angles: their boxes are one square, their outlines
  // share a ninth of either.
  const Quad along = quad_of(cv::RotatedRect(cv::Point2f(50, 50), cv::Size2f(90, 10), 45));
  const Quad across = quad_of(cv::RotatedRect(cv::Point2f(50, 50), cv::Size2f(90, 10), -45));
  CHECK(iou(bounding_box(along), bounding_box(across)) == Approx(1.0));
  CHECK(iou(along, across) == Approx(100.0 / 1700.0).epsilon(1e-3));
}

TEST_CASE("A card's long and short side are the longer and shorter of its first two sides", "[vision][geometry]") {
  const Quad card = quad_of(cv::RotatedRect(cv::Point2f(50, 50), cv::Size2f(20, 30), 30));
  CHECK(long_side_of(card) == Approx(30).epsilon(1e-4));
  CHECK(short_side_of(card) == Approx(20).epsilon(1e-4));
}

TEST_CASE("Corners are ordered clockwise from the top-left one", "[vision][geometry]") {
  const Quad shuffled = {cv::Point2f(10, 10), cv::Point2f(0, 0), cv::Point2f(0, 10), cv::Point2f(10, 0)};
  const Quad ordered = order_corners(shuffled);
  CHECK(ordered[0] == cv::Point2f(0, 0));
  CHECK(ordered[1] == cv::Point2f(10, 0));
  CHECK(ordered[2] == cv::Point2f(10, 10));
  CHECK(ordered[3] == cv::Point2f(0, 10));
}

TEST_CASE("A rotated square keeps its area and gets a tight bounding box", "[vision][geometry]") {
  const cv::RotatedRect rect(cv::Point2f(50, 50), cv::Size2f(20, 20), 45);
  const Quad quad = quad_of(rect);
  CHECK(polygon_area(quad) == Approx(400).epsilon(1e-4));
  const Box box = bounding_box(quad);
  CHECK(box.w == Approx(20 * std::sqrt(2.0)).epsilon(1e-4));
  CHECK(box.x + box.w / 2 == Approx(50));
  CHECK(scaled(box, 2.0).w == Approx(2 * box.w));
  CHECK(scaled(quad, 0.5)[0].x == Approx(quad[0].x / 2));
}

TEST_CASE("The share of an outline outside a frame weighs each side by its length", "[vision][geometry]") {
  const cv::Rect2f frame(0, 0, 100, 100);
  const Quad inside = corners_of(cv::Rect2f(10, 10, 20, 40));
  CHECK(outline_share_outside(inside, frame) == 0.0);
  // A 40 x 20 rectangle with its short left side 10 px past the frame: that side (20) and
  // 10 px of each long side lie outside, 40 of 120.
  const Quad cut = corners_of(cv::Rect2f(-10, 10, 40, 20));
  CHECK(outline_share_outside(cut, frame) == Approx(40.0 / 120.0).margin(0.02));
  CHECK(outline_share_outside(corners_of(cv::Rect2f(200, 200, 5, 5)), frame) == Approx(1.0));
}

TEST_CASE("A quad scaled round its centre keeps its centre and scales its sides", "[vision][geometry]") {
  const Quad quad{cv::Point2f(10, 20), cv::Point2f(50, 20), cv::Point2f(50, 80), cv::Point2f(10, 80)};
  CHECK(centre_of(quad) == cv::Point2f(30, 50));
  const Quad grown = scaled_round_centre(quad, 1.5);
  CHECK(centre_of(grown) == cv::Point2f(30, 50));
  CHECK(grown[0] == cv::Point2f(0, 5));
  CHECK(grown[2] == cv::Point2f(60, 95));
  CHECK(polygon_area(scaled_round_centre(quad, 0.5)) == Approx(polygon_area(quad) / 4));
}

namespace {

std::vector<cv::Point> outline_of_filled(const cv::RotatedRect& ellipse) {
  cv::Mat mask = cv::Mat::zeros(300, 300, CV_8U);
  cv::ellipse(mask, ellipse, cv::Scalar(255), cv::FILLED);
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(mask, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  REQUIRE(outlines.size() == 1);
  return outlines[0];
}

}  // namespace

TEST_CASE("An ellipse fitted to a drawn ellipse's outline is that ellipse, as OpenCV fits it", "[vision][geometry]") {
  for (const float angle : {0.0f, 30.0f, 75.0f, 90.0f, 140.0f}) {
    for (const cv::Size2f size : {cv::Size2f(160, 100), cv::Size2f(30, 24), cv::Size2f(60, 60)}) {
      const cv::RotatedRect drawn(cv::Point2f(148.5f, 151), size, angle);
      const auto outline = outline_of_filled(drawn);
      const auto fitted = fit_ellipse(outline);
      REQUIRE(fitted);
      INFO("drawn at " << angle << " degrees, " << size.width << " x " << size.height);
      // The outline runs along the ellipse's inner pixels: within a pixel of it.
      CHECK(fitted->center.x == Approx(drawn.center.x).margin(0.5));
      CHECK(fitted->center.y == Approx(drawn.center.y).margin(0.5));
      CHECK(fitted->size.width == Approx(std::min(size.width, size.height)).margin(2));
      CHECK(fitted->size.height == Approx(std::max(size.width, size.height)).margin(2));
      CHECK(fitted->size.width <= fitted->size.height);
      if (size.width != size.height) {
        // The shorter side, the width, runs along the drawn ellipse's shorter axis.
        const double shorter_axis = size.width < size.height ? angle : angle + 90;
        CHECK(std::abs(std::remainder(fitted->angle - shorter_axis, 180.0)) < 2);
      }
      // OpenCV's own fit: the same ellipse to rounding.
      const cv::RotatedRect opencv = cv::fitEllipse(outline);
      CHECK(fitted->center.x == Approx(opencv.center.x).epsilon(1e-4));
      CHECK(fitted->center.y == Approx(opencv.center.y).epsilon(1e-4));
      CHECK(fitted->size.width == Approx(opencv.size.width).epsilon(1e-4));
      CHECK(fitted->size.height == Approx(opencv.size.height).epsilon(1e-4));
    }
  }
}

TEST_CASE("No ellipse fits fewer than five points, points in a line or on a hyperbola", "[vision][geometry]") {
  CHECK_FALSE(fit_ellipse({{0, 0}, {10, 3}, {4, 9}, {-2, 5}}));
  std::vector<cv::Point> line, hyperbola;
  for (int i = 0; i < 40; ++i) line.emplace_back(3 * i, 2 * i + 1);
  CHECK_FALSE(fit_ellipse(line));
  for (int i = 1; i <= 30; ++i) {
    hyperbola.emplace_back(100 + i * 3, 100 + 900 / (i * 3));  // x y = 900 about (100, 100): one branch
    hyperbola.emplace_back(100 - i * 3, 100 - 900 / (i * 3));  // and the other
  }
  CHECK_FALSE(fit_ellipse(hyperbola));
}

TEST_CASE("An outline's pixel corners are its corners rounded, in order, and its mask fills them", "[vision][geometry]") {
  const Quad quad{cv::Point2f(10.4F, 20.6F), cv::Point2f(30.5F, 20.2F), cv::Point2f(29.6F, 40.4F), cv::Point2f(9.5F, 39.5F)};
  const std::vector<cv::Point> corners = pixel_corners(quad);
  CHECK(corners == std::vector<cv::Point>{{10, 21}, {30, 20}, {30, 40}, {10, 40}});  // halves to even, as cvRound
  // The same outline masked in a window: its corners shifted by the window's corner.
  const cv::Mat mask = mask_of(quad, cv::Rect(5, 15, 40, 40));
  CHECK(mask.at<uchar>(21 - 15, 10 - 5) == 255);
  CHECK(mask.at<uchar>(30 - 15, 20 - 5) == 255);
  CHECK(mask.at<uchar>(19 - 15, 8 - 5) == 0);
}

TEST_CASE("Two lines meet where both pass, parallel lines nowhere", "[vision][geometry]") {
  const auto meet = lines_meet({0, 0}, {10, 10}, {0, 10}, {10, 0});
  REQUIRE(meet);
  CHECK(meet->x == Approx(5));
  CHECK(meet->y == Approx(5));
  // Beyond the points given: the lines, not the segments.
  const auto beyond = lines_meet({0, 0}, {1, 0}, {7, 3}, {7, 2});
  REQUIRE(beyond);
  CHECK(beyond->x == Approx(7));
  CHECK(beyond->y == Approx(0).margin(1e-6));
  CHECK_FALSE(lines_meet({0, 0}, {4, 2}, {1, 1}, {9, 5}));
  CHECK_FALSE(lines_meet({0, 0}, {0, 0}, {1, 1}, {9, 5}));
}

TEST_CASE("The median value of cards' measures is the middle one, of an even count the upper", "[vision][geometry]") {
  CHECK(median_value({3.0, 1.0, 2.0}) == 2.0);
  CHECK(median_value({4.0, 1.0, 3.0, 2.0}) == 3.0);
  CHECK(median_value({1.4, 1.4, 0.2, 1.5, 9.0}) == 1.4);  // a fragment and a frame pull no further than a card
}
