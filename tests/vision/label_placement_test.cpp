// Labels of an annotated photo: readable when dice touch, inside the photo, stable.
#include <random>

#include <catch2/catch.hpp>

#include "vision/label_placement.hpp"

using qm::vision::place_labels;

namespace {

bool any_two_overlap(const std::vector<cv::Rect>& rects) {
  for (std::size_t i = 0; i < rects.size(); ++i) {
    for (std::size_t j = i + 1; j < rects.size(); ++j) {
      if ((rects[i] & rects[j]).area() > 0) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("A lone die's label sits just above its box, at its left", "[vision][annotation]") {
  const auto labels = place_labels({cv::Rect(100, 100, 60, 60)}, {cv::Size(80, 20)}, cv::Size(640, 480));
  REQUIRE(labels.size() == 1);
  CHECK(labels[0] == cv::Rect(100, 78, 80, 20));
}

TEST_CASE("Two touching dice side by side get labels that do not cover each other", "[vision][annotation]") {
  // The labels are wider than a die, so both above-left spots would overlap.
  const std::vector<cv::Rect> dice = {cv::Rect(100, 100, 60, 60), cv::Rect(160, 100, 60, 60)};
  const std::vector<cv::Size> sizes = {cv::Size(110, 20), cv::Size(110, 20)};
  const auto labels = place_labels(dice, sizes, cv::Size(640, 480));
  REQUIRE(labels.size() == 2);
  CHECK(labels[0] == cv::Rect(100, 78, 110, 20));
  CHECK_FALSE(any_two_overlap(labels));
  for (std::size_t i = 0; i < labels.size(); ++i) {
    for (const cv::Rect& die : dice) CHECK((labels[i] & die).area() == 0);
  }
}

TEST_CASE("A die at the photo's top edge gets its label below, inside the photo", "[vision][annotation]") {
  const auto labels = place_labels({cv::Rect(10, 0, 60, 60)}, {cv::Size(80, 20)}, cv::Size(640, 480));
  CHECK(labels[0] == cv::Rect(10, 62, 80, 20));
}

TEST_CASE("Labels of a crowd of dice stay inside the photo and apart", "[vision][annotation]") {
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> position(0, 560);
  const cv::Size image(640, 640);
  std::vector<cv::Rect> dice;
  std::vector<cv::Size> sizes;
  for (int i = 0; i < 8; ++i) {
    dice.emplace_back(position(rng), position(rng), 60, 60);
    sizes.emplace_back(90, 22);
  }
  const auto labels = place_labels(dice, sizes, image);
  REQUIRE(labels.size() == dice.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    CHECK((labels[i] & cv::Rect(cv::Point(0, 0), image)) == labels[i]);
    CHECK(labels[i].size() == sizes[i]);
  }
  CHECK_FALSE(any_two_overlap(labels));
  CHECK(place_labels(dice, sizes, image) == labels);
}

TEST_CASE("Placing labels needs one label per die", "[vision][annotation]") {
  CHECK_THROWS_AS(place_labels({cv::Rect(0, 0, 10, 10)}, {}, cv::Size(100, 100)), std::invalid_argument);
}
