#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/photo.hpp"
#include "vision/scene_renderer.hpp"
#include "photo_test_support.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::TempDir;
using qm::testing::expect_refused;
using qm::testing::write_bytes;

namespace {

std::vector<std::uint8_t> jpeg_bytes(const cv::Mat& image) {
  std::vector<std::uint8_t> bytes;
  cv::imencode(".jpg", image, bytes, {cv::IMWRITE_JPEG_QUALITY, 90});
  return bytes;
}

cv::Mat test_image(int width, int height) {
  cv::Mat image(height, width, CV_8UC3, cv::Scalar(60, 110, 160));
  cv::rectangle(image, cv::Rect(width / 4, height / 4, width / 8, height / 8), cv::Scalar(235, 235, 235), cv::FILLED);
  return image;
}

}  // namespace

TEST_CASE("Bad photo files are refused with a one-line message naming the file", "[vision][photo][bad-input]") {
  TempDir dir("photo");
  expect_refused(dir.path / "missing.jpg", "no such file");
  expect_refused(dir.path, "not a regular file");

  write_bytes(dir.path / "empty.jpg", {});
  expect_refused(dir.path / "empty.jpg", "empty");

  std::ofstream(dir.path / "notes.jpg") << "these are not the dice you are looking for\n";
  expect_refused(dir.path / "notes.jpg", "not an image");

  std::vector<std::uint8_t> jpeg = jpeg_bytes(test_image(320, 240));
  write_bytes(dir.path / "truncated.jpg", std::vector<std::uint8_t>(jpeg.begin(), jpeg.begin() + static_cast<long>(jpeg.size() / 2)));
  expect_refused(dir.path / "truncated.jpg", "truncated");

  std::vector<std::uint8_t> png;
  cv::imencode(".png", test_image(320, 240), png);
  write_bytes(dir.path / "truncated.png", std::vector<std::uint8_t>(png.begin(), png.end() - 20));
  expect_refused(dir.path / "truncated.png", "truncated");
}

TEST_CASE("A 50 MP photo is refused before it is decoded", "[vision][photo][bad-input]") {
  TempDir dir("photo");
  std::vector<std::uint8_t> jpeg = jpeg_bytes(test_image(64, 48));
  // Patch the frame header to claim 8160 x 6120 (about 50 MP): refused on the header alone.
  for (std::size_t i = 2; i + 9 < jpeg.size(); ++i) {
    if (jpeg[i] == 0xff && jpeg[i + 1] == 0xc0) {
      jpeg[i + 5] = 6120 >> 8;
      jpeg[i + 6] = 6120 & 0xff;
      jpeg[i + 7] = 8160 >> 8;
      jpeg[i + 8] = 8160 & 0xff;
      break;
    }
  }
  write_bytes(dir.path / "huge.jpg", jpeg);
  expect_refused(dir.path / "huge.jpg", "megapixels");
}

TEST_CASE("Grayscale photos are refused and alpha is dropped", "[vision][photo][bad-input]") {
  TempDir dir("photo");
  cv::Mat gray;
  cv::cvtColor(test_image(320, 240), gray, cv::COLOR_BGR2GRAY);
  cv::imwrite((dir.path / "gray.png").string(), gray);
  cv::imwrite((dir.path / "gray.jpg").string(), gray);
  expect_refused(dir.path / "gray.png", "grayscale");
  expect_refused(dir.path / "gray.jpg", "grayscale");

  cv::Mat bgra;
  cv::cvtColor(test_image(320, 240), bgra, cv::COLOR_BGR2BGRA);
  cv::imwrite((dir.path / "alpha.png").string(), bgra);
  const Photo photo = load_photo(dir.path / "alpha.png");
  CHECK(photo.image.type() == CV_8UC3);
  CHECK(photo.original_size == cv::Size(320, 240));
}

TEST_CASE("Large JPEGs are decoded reduced and their scale recorded", "[vision][photo]") {
  TempDir dir("photo");
  cv::imwrite((dir.path / "big.jpg").string(), test_image(4000, 3000));
  const Photo photo = load_photo(dir.path / "big.jpg");
  CHECK(photo.original_size == cv::Size(4000, 3000));
  CHECK(photo.image.cols == 1000);
  CHECK(photo.scale == Approx(4.0));
}

TEST_CASE("EXIF orientation turns the photo upright", "[vision][photo]") {
  TempDir dir("photo");
  std::vector<std::uint8_t> jpeg = jpeg_bytes(test_image(320, 240));
  // A minimal APP1 Exif segment: big-endian TIFF, one IFD entry, Orientation (0x0112) = 6
  // (the camera was turned a quarter clockwise).
  const std::vector<std::uint8_t> app1 = {0xff, 0xe1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0,
                                          'M', 'M', 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
                                          0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x00};
  jpeg.insert(jpeg.begin() + 2, app1.begin(), app1.end());
  write_bytes(dir.path / "turned.jpg", jpeg);
  const Photo photo = load_photo(dir.path / "turned.jpg");
  CHECK(photo.original_size == cv::Size(240, 320));
  CHECK(photo.image.size() == cv::Size(240, 320));
}

TEST_CASE("White balance makes the brightest surfaces neutral", "[vision][photo]") {
  cv::Mat warm = test_image(400, 300);
  cv::multiply(warm, cv::Scalar(0.75, 0.95, 1.05), warm);  // warm light: blue low, red high
  balance_white(warm, 0.995);
  const cv::Vec3b face = warm.at<cv::Vec3b>(300 / 4 + 5, 400 / 4 + 5);
  CHECK(std::abs(face[0] - face[2]) <= 6);
  CHECK(face[1] >= 230);
}

TEST_CASE("Only JPEG, PNG, WebP and HEIF photos are decoded: other formats are refused in one line before any decoder runs", "[vision][photo][bad-input]") {
  // Found with tests/fuzz (photo): OpenCV's other decoders ran on anything that was neither,
  // without a size check first, and printed their own error lines (JPEG 2000) besides ours.
  TempDir dir("photo-formats");
  std::vector<std::uint8_t> bmp;
  cv::imencode(".bmp", test_image(32, 24), bmp);
  write_bytes(dir.path / "photo.bmp", bmp);
  expect_refused(dir.path / "photo.bmp", "JPEG, PNG, WebP or HEIC expected");
  // A PNM header that claims 900 megapixels in a file of a few bytes.
  std::ofstream(dir.path / "huge.ppm") << "P6\n30000 30000\n255\nxyz";
  expect_refused(dir.path / "huge.ppm", "JPEG, PNG, WebP or HEIC expected");
  const std::string jp2 = std::string("\0\0\0\x0cjP  \r\n\x87\n", 12) + "broken";
  std::ofstream(dir.path / "broken.jp2", std::ios::binary) << jp2;
  expect_refused(dir.path / "broken.jp2", "JPEG, PNG, WebP or HEIC expected");
}

TEST_CASE("A photo thousands of times longer than wide keeps a pixel across at its working size", "[vision][photo][bad-input]") {
  // Found by tests/fuzz (photo): a JPEG 1 pixel wide and 24577 long shrank to no pixel across,
  // and OpenCV's resize threw an assertion, an internal error.
  const Photo photo = normalise_photo(cv::Mat(3000, 1, CV_8UC3, cv::Scalar(90, 120, 200)), cv::Size(1, 3000));
  CHECK(photo.image.cols == 1);
  CHECK(photo.image.rows == ScanParameters{}.work_long_side);
}
