// The phone-photo simulator the benches measure on: its outlines must follow its geometry, or
// every figure measured on it is wrong; and it must be as rough as it says.
#include <catch2/catch.hpp>

#include <random>

#include <opencv2/imgproc.hpp>

#include "vision/phone_photo.hpp"

using namespace qm::vision;

namespace {

// A dark table with two white cards, each with a black spot at its first corner's end.
cv::Mat two_cards(std::vector<Quad>& outlines) {
  cv::Mat image(600, 800, CV_8UC3, cv::Scalar(40, 60, 80));
  outlines = {Quad{cv::Point2f(150, 150), {300, 150}, {300, 375}, {150, 375}},
              Quad{cv::Point2f(450, 200), {600, 200}, {600, 425}, {450, 425}}};
  for (const Quad& q : outlines) {
    cv::rectangle(image, cv::Rect(q[0], q[2]), cv::Scalar(240, 240, 240), cv::FILLED);
    cv::circle(image, q[0] + cv::Point2f(20, 20), 8, cv::Scalar(0, 0, 0), cv::FILLED);
  }
  return image;
}

}  // namespace

TEST_CASE("Level 0 leaves the render as it is", "[vision][phone]") {
  std::vector<Quad> outlines;
  const cv::Mat image = two_cards(outlines);
  std::mt19937_64 rng(1);
  const PhonePhoto photo = phone_photo(image, outlines, PhoneLook::level(0), rng);
  CHECK(cv::norm(photo.image, image, cv::NORM_INF) == 0);
  CHECK(photo.outlines[0] == outlines[0]);
}

TEST_CASE("Tilted, the outlines follow the cards", "[vision][phone]") {
  std::vector<Quad> outlines;
  const cv::Mat image = two_cards(outlines);
  PhoneLook look;  // geometry only, so the colours can be checked
  look.max_tilt_degrees = 40;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    const PhonePhoto photo = phone_photo(image, outlines, look, rng);
    REQUIRE(photo.outlines.size() == 2);
    for (const Quad& q : photo.outlines) {
      cv::Point2f centre(0, 0);
      for (const cv::Point2f& p : q) {
        CHECK(cv::Rect2f(0, 0, 800, 600).contains(p));  // every card stays in view
        centre += p * 0.25f;
      }
      // The card's middle is still white, and just outside its outline is table.
      const cv::Vec3b middle = photo.image.at<cv::Vec3b>(cv::Point(centre));
      CHECK(middle[0] > 200);
      const cv::Point2f outside = q[0] + (q[0] - centre) * 0.15f;
      if (cv::Rect2f(0, 0, 800, 600).contains(outside)) CHECK(photo.image.at<cv::Vec3b>(cv::Point(outside))[0] < 120);
    }
  }
}

TEST_CASE("The hardest look is rough: another table, uneven light, blur, JPEG", "[vision][phone]") {
  std::vector<Quad> outlines;
  const cv::Mat image = two_cards(outlines);
  std::mt19937_64 rng(7);
  const PhonePhoto photo = phone_photo(image, outlines, PhoneLook::level(3), rng);
  CHECK(photo.image.size() == image.size());
  CHECK(photo.image.type() == CV_8UC3);
  // Far from the render: not a few pixels changed, but the whole photo.
  cv::Mat difference;
  cv::absdiff(photo.image, image, difference);
  CHECK(cv::mean(difference)[0] + cv::mean(difference)[1] + cv::mean(difference)[2] > 30);
}

TEST_CASE("Every table pattern fills the photo with texture", "[vision][phone]") {
  std::mt19937_64 rng(3);
  for (int p = 0; p < kTablePatterns; ++p) {
    CAPTURE(p);
    const cv::Mat table = patterned_table(cv::Size(320, 240), static_cast<TablePattern>(p), rng);
    REQUIRE(table.size() == cv::Size(320, 240));
    cv::Scalar mean, spread;
    cv::meanStdDev(table, mean, spread);
    CHECK(spread[0] + spread[1] + spread[2] > 6);  // a pattern, not a flat colour
  }
}
