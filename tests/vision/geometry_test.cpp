#include <catch2/catch.hpp>

#include "vision/geometry.hpp"

using namespace qm::vision;

TEST_CASE("IoU of identical, disjoint and half-overlapping boxes", "[vision][geometry]") {
  const Box a{10, 10, 20, 20};
  CHECK(iou(a, a) == Approx(1.0));
  CHECK(iou(a, Box{100, 100, 5, 5}) == 0.0);
  CHECK(iou(a, Box{20, 10, 20, 20}) == Approx(1.0 / 3.0));  // overlap 200, union 600
  CHECK(iou(a, Box{30, 10, 20, 20}) == 0.0);                // touching edges only
  CHECK(iou(a, Box{0, 0, 0, 5}) == 0.0);                    // an empty box
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
