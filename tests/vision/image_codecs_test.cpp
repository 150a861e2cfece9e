// Image codecs loaded on first use (vision/image_codecs.hpp): they are found (their names carry
// their signatures, so a name found is the function declared) and give what linked OpenCV gives.
#include <catch2/catch.hpp>
#include <opencv2/imgcodecs.hpp>

#include "vision_test_support.hpp"
#include "vision/image_codecs.hpp"

namespace qm::vision {
namespace {

cv::Mat gradient(int width, int height) {
  cv::Mat image(height, width, CV_8UC3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(x), static_cast<uchar>(y), 90);
  return image;
}

TEST_CASE("a PNG encoded by the loaded codecs decodes to the same pixels", "[image_codecs]") {
  const cv::Mat image = gradient(64, 48);
  const std::vector<std::uint8_t> png = encode_image(".png", image);
  REQUIRE_FALSE(png.empty());
  const cv::Mat back = decode_image(png, cv::IMREAD_COLOR);
  REQUIRE(back.size() == image.size());
  CHECK(cv::norm(back, image, cv::NORM_INF) == 0);
  // The same bytes as OpenCV linked the ordinary way writes.
  std::vector<uchar> linked;
  REQUIRE(cv::imencode(".png", image, linked));
  CHECK(std::vector<std::uint8_t>(linked.begin(), linked.end()) == png);
}

TEST_CASE("bytes that are no image decode to nothing, an unknown format encodes to nothing", "[image_codecs]") {
  CHECK(decode_image({'n', 'o', 't', ' ', 'a', 'n', ' ', 'i', 'm', 'a', 'g', 'e'}, cv::IMREAD_COLOR).empty());
  CHECK(decode_image({}, cv::IMREAD_COLOR).empty());
  CHECK(encode_image(".no-such-format", gradient(8, 8)).empty());
}

TEST_CASE("an image is written in the format its extension names", "[image_codecs]") {
  const qm::testing::TempDir dir("image-codecs");
  const cv::Mat image = gradient(32, 32);
  REQUIRE(write_image(dir.path / "a.jpg", image, {cv::IMWRITE_JPEG_QUALITY, 95}));
  const cv::Mat back = cv::imread((dir.path / "a.jpg").string());
  REQUIRE(back.size() == image.size());
  CHECK(cv::norm(back, image, cv::NORM_L1) / static_cast<double>(image.total() * 3) < 3.0);
  CHECK_FALSE(write_image(dir.path / "no-such-folder" / "a.png", image));
  CHECK_FALSE(write_image(dir.path / "a.unknown", image));
}

}  // namespace
}  // namespace qm::vision
