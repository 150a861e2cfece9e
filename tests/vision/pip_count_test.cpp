#include <catch2/catch.hpp>

#include <opencv2/imgproc.hpp>

#include "vision/pip_count.hpp"

using namespace qm::vision;

namespace {

// A rectified top face as rectify_face gives it: a white face filling the patch, with the pips
// of a standard die's layout for `pips` (1 to 6), each a dark disc.
cv::Mat face_patch(int pips, int size = 64) {
  cv::Mat patch(size, size, CV_8UC3, cv::Scalar(228, 232, 236));
  const double q = size / 4.0, m = size / 2.0, r = size / 11.0;
  // The standard layout: the centre on odd faces, then corners in pairs, then the middle sides.
  const std::vector<cv::Point2d> layout = {{q, q}, {3 * q, 3 * q}, {3 * q, q}, {q, 3 * q}, {q, m}, {3 * q, m}};
  std::vector<cv::Point2d> spots(layout.begin(), layout.begin() + (pips / 2) * 2);
  if (pips % 2 == 1) spots.emplace_back(m, m);
  for (const cv::Point2d& c : spots) cv::circle(patch, c, static_cast<int>(r), cv::Scalar(40, 35, 30), cv::FILLED, cv::LINE_AA);
  return patch;
}

}  // namespace

TEST_CASE("The pips of every face of a pip die are counted", "[vision][pips]") {
  for (int pips = 1; pips <= 6; ++pips) {
    CAPTURE(pips);
    CHECK(count_pips(face_patch(pips)) == pips);
    CHECK(count_pips(face_patch(pips, 40)) == pips);
  }
}

TEST_CASE("A face with shading but no pips shows none", "[vision][pips]") {
  cv::Mat patch = face_patch(1);
  patch.setTo(cv::Scalar(228, 232, 236));
  // A soft shadow across half of it is not a pip: too little contrast.
  cv::rectangle(patch, cv::Rect(0, 0, 32, 64), cv::Scalar(205, 209, 213), cv::FILLED);
  CHECK(count_pips(patch) == 0);
}

TEST_CASE("Spots that are not pips are not counted", "[vision][pips]") {
  SECTION("a long dark stroke (a letter, a side's edge) is not a pip") {
    cv::Mat patch = face_patch(1);
    patch.setTo(cv::Scalar(228, 232, 236));
    cv::line(patch, {14, 32}, {50, 32}, cv::Scalar(30, 30, 30), 5);
    CHECK(count_pips(patch) == 0);
  }
  SECTION("a spot cut by the patch's edge belongs to a side or the table") {
    cv::Mat patch = face_patch(2);
    cv::circle(patch, {0, 32}, 6, cv::Scalar(40, 35, 30), cv::FILLED);
    CHECK(count_pips(patch) == 2);
  }
  SECTION("a speck far smaller than the other pips is dust") {
    cv::Mat patch = face_patch(3);
    cv::circle(patch, {48, 16}, 1, cv::Scalar(40, 35, 30), cv::FILLED);
    CHECK(count_pips(patch) == 3);
  }
}

TEST_CASE("Spots cut by the patch's edge are told apart from the pips", "[vision][pips]") {
  const PipReading whole = read_pips(face_patch(6));
  CHECK(whole.pips == 6);
  CHECK(whole.cut == 0);
  // A patch sitting across the face's edge: a pip half outside it.
  cv::Mat patch = face_patch(2);
  cv::circle(patch, {0, 32}, 6, cv::Scalar(40, 35, 30), cv::FILLED);
  const PipReading across = read_pips(patch);
  CHECK(across.pips == 2);
  CHECK(across.cut == 1);
  // A sliver of dark at the edge, far smaller than a pip, is the rim's shade, not a pip.
  cv::Mat rim = face_patch(2);
  cv::line(rim, {0, 0}, {0, 4}, cv::Scalar(40, 35, 30), 1);
  CHECK(read_pips(rim).cut == 0);
}
