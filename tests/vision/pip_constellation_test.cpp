#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/dice_art.hpp"
#include "vision/geometry.hpp"
#include "vision/pip_constellation.hpp"

using namespace qm::vision;

namespace {

constexpr int kFace = 128;
const std::vector<int> kAllPips = {1, 2, 3, 4, 5, 6};

// A die seen at an angle, as on the real webcam photos: the top face (0-based `top`) sheared and
// foreshortened, a side face (`front`) below it more so and shaded. `top_face` and `front_face`
// are where the two faces lie.
struct DieAtAngle {
  cv::Mat image;
  Quad top_face;
  Quad front_face;
};

Quad mapped_face(const cv::Mat& affine) {
  Quad q;
  const std::array<cv::Point2d, 4> corners = {{{0, 0}, {kFace, 0}, {kFace, kFace}, {0, kFace}}};
  for (std::size_t i = 0; i < 4; ++i) {
    const cv::Point2d& c = corners[i];
    q[i] = cv::Point2f(static_cast<float>(affine.at<double>(0, 0) * c.x + affine.at<double>(0, 1) * c.y + affine.at<double>(0, 2)),
                       static_cast<float>(affine.at<double>(1, 0) * c.x + affine.at<double>(1, 1) * c.y + affine.at<double>(1, 2)));
  }
  return order_corners(q);
}

DieAtAngle die_at_angle(int top, int front) {
  DieAtAngle die{cv::Mat(260, 200, CV_8UC3, cv::Scalar(40, 60, 90)), {}, {}};
  const cv::Mat top_view = (cv::Mat_<double>(2, 3) << 1, 0.25, 36 - 0.25 * 64, 0, 0.8, 36);
  cv::warpAffine(draw_face(DiceArt::pips, top, kFace), die.image, top_view, die.image.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  cv::Mat shaded;
  cv::multiply(draw_face(DiceArt::pips, front, kFace), cv::Scalar(0.85, 0.85, 0.85), shaded);
  const cv::Mat front_view = (cv::Mat_<double>(2, 3) << 1, 0, 36 + 0.25 * 64, 0, 0.6, 36 + 0.8 * kFace);
  cv::warpAffine(shaded, die.image, front_view, die.image.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  die.top_face = mapped_face(top_view);
  die.front_face = mapped_face(front_view);
  return die;
}

// Detection's outline of such a die: both faces taken for one long face.
std::vector<cv::RotatedRect> both_faces() { return {cv::RotatedRect(cv::Point2f(108, 36 + 0.7f * kFace), cv::Size2f(kFace, 1.4f * kFace), 0)}; }

// Whether `placement` lies on `face` and covers most of it: the drawn pips sit a little inside
// a quarter of the side from the edges, so the placement is a little smaller than the face.
bool lies_on(const Quad& placement, const Quad& face) {
  const double area = polygon_area(placement);
  return area > 0 && common_area(placement, face) >= 0.95 * area && area >= 0.6 * polygon_area(face);
}

// A face (0-based) seen head on, alone on the table, and detection's outline of it.
const cv::Rect kLoneFace(36, 36, kFace, kFace);
const std::vector<cv::RotatedRect> kLoneOutline = {cv::RotatedRect(cv::Point2f(99.5f, 99.5f), cv::Size2f(kFace, kFace), 0)};
cv::Mat lone_face(int face) {
  cv::Mat image(200, 200, CV_8UC3, cv::Scalar(40, 60, 90));
  draw_face(DiceArt::pips, face, kFace).copyTo(image(kLoneFace));
  return image;
}

}  // namespace

TEST_CASE("The pips of a die seen at an angle place its top face", "[vision][pips][constellation]") {
  for (int top = 1; top < 6; ++top) {  // a one's single pip fixes no face
    for (int front = 0; front < 6; ++front) {
      if (front == top || top + front == 5) continue;
      CAPTURE(top + 1, front + 1);
      const DieAtAngle die = die_at_angle(top, front);
      const std::vector<Quad> faces = faces_from_pips(die.image, both_faces(), kAllPips);
      REQUIRE_FALSE(faces.empty());
      // Placements that take pips of both faces are made too (fit_face's classifier and pip count
      // turn them down); the top face must be among them, except a two or three beside a side's
      // six, whose constellations (the six, and fours and threes of its pips) fill the few
      // placements given.
      if (top >= 3 || front != 5) CHECK(std::any_of(faces.begin(), faces.end(), [&](const Quad& f) { return lies_on(f, die.top_face); }));
      // The constellation of more pips comes first: a six, five or four over a smaller side.
      if (top >= 3 && front < top) CHECK(lies_on(faces.front(), die.top_face));
    }
  }
}

TEST_CASE("Part of a constellation is no face: a five's corners are no four", "[vision][pips][constellation]") {
  const cv::Mat image = lone_face(4);
  const std::vector<Quad> faces = faces_from_pips(image, kLoneOutline, kAllPips);
  REQUIRE(faces.size() == 1);
  CHECK(lies_on(faces.front(), corners_of(cv::Rect2f(kLoneFace))));
  SECTION("a profile without fives finds nothing there") {
    CHECK(faces_from_pips(image, kLoneOutline, {1, 2, 3, 4, 6}).empty());
  }
}

TEST_CASE("Part of a constellation is no face: two rows of a six are no four", "[vision][pips][constellation]") {
  const std::vector<Quad> faces = faces_from_pips(lone_face(5), kLoneOutline, kAllPips);
  REQUIRE(faces.size() == 1);
  CHECK(lies_on(faces.front(), corners_of(cv::Rect2f(kLoneFace))));
}

TEST_CASE("A die without pips, or a blank table, gives no placement", "[vision][pips][constellation]") {
  cv::Mat image(200, 200, CV_8UC3, cv::Scalar(40, 60, 90));
  const std::vector<cv::RotatedRect>& outline = kLoneOutline;
  CHECK(faces_from_pips(image, outline, kAllPips).empty());
  cv::rectangle(image, kLoneFace, cv::Scalar(228, 232, 236), cv::FILLED);
  CHECK(faces_from_pips(image, outline, kAllPips).empty());
  // Specks of grain or dust, of no one size and on no grid.
  cv::circle(image, {60, 70}, 2, cv::Scalar(40, 40, 40), cv::FILLED);
  cv::circle(image, {130, 90}, 7, cv::Scalar(40, 40, 40), cv::FILLED);
  cv::circle(image, {90, 140}, 4, cv::Scalar(40, 40, 40), cv::FILLED);
  CHECK(faces_from_pips(image, outline, kAllPips).empty());
}
