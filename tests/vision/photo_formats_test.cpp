// Photos as phones take them: WebP and HEIC (an iPhone's default), with their orientation, and
// the same one-line refusals as JPEG and PNG for files that lie about themselves.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/heif_codec.hpp"
#include "vision/photo.hpp"
#include "photo_test_support.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::TempDir;
using qm::testing::expect_refused;
using qm::testing::write_bytes;

namespace {

// Left half red, right half blue: which way up the photo came out shows at a glance.
cv::Mat halves(int width, int height) {
  cv::Mat image(height, width, CV_8UC3, cv::Scalar(200, 40, 30));
  image(cv::Rect(0, 0, width / 2, height)).setTo(cv::Scalar(30, 40, 200));
  return image;
}

bool reddish(const cv::Vec3b& bgr) { return bgr[2] > 150 && bgr[0] < 90; }
bool bluish(const cv::Vec3b& bgr) { return bgr[0] > 150 && bgr[2] < 90; }

// HEIC photos made once with libheif's HEVC encoder (tests/vision/photos/README.md): the tests
// need no encoder, and an encoder's own allocations do not reach LeakSanitizer.
std::vector<std::uint8_t> fixture(const std::string& name) {
  std::ifstream in(std::filesystem::path(QM_TEST_PHOTOS) / name, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("WebP photos are read, lossy and lossless", "[vision][photo][formats]") {
  TempDir dir("webp");
  for (const int quality : {80, 101}) {  // above 100: lossless (a VP8L chunk rather than VP8)
    CAPTURE(quality);
    std::vector<std::uint8_t> bytes;
    REQUIRE(cv::imencode(".webp", halves(320, 200), bytes, {cv::IMWRITE_WEBP_QUALITY, quality}));
    write_bytes(dir.path / "photo.webp", bytes);
    CHECK(read_image_header(bytes, "photo.webp").format == ImageFormat::webp);
    CHECK(read_image_header(bytes, "photo.webp").width == 320);
    CHECK(read_image_header(bytes, "photo.webp").height == 200);
    const Photo photo = load_photo(dir.path / "photo.webp");
    CHECK(photo.original_size == cv::Size(320, 200));
    CHECK(reddish(load_full_photo(dir.path / "photo.webp").at<cv::Vec3b>(100, 40)));
    CHECK(bluish(load_full_photo(dir.path / "photo.webp").at<cv::Vec3b>(100, 280)));
  }
}

TEST_CASE("A WebP that lies about itself is refused in one line before it is decoded", "[vision][photo][formats][bad-input]") {
  TempDir dir("webp-bad");
  std::vector<std::uint8_t> bytes;
  REQUIRE(cv::imencode(".webp", halves(320, 200), bytes, {cv::IMWRITE_WEBP_QUALITY, 80}));
  write_bytes(dir.path / "cut.webp", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(bytes.size() / 2)));
  expect_refused(dir.path / "cut.webp", "the WebP file is truncated");

  // An extended (VP8X) header claiming 16384 x 16384 pixels in a file of 30 bytes.
  std::vector<std::uint8_t> huge = {'R', 'I', 'F', 'F', 22, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', 'X', 10, 0, 0, 0,
                                    0, 0, 0, 0, 0xff, 0x3f, 0, 0xff, 0x3f, 0};
  write_bytes(dir.path / "huge.webp", huge);
  expect_refused(dir.path / "huge.webp", "megapixels");

  std::vector<std::uint8_t> unknown = huge;
  unknown[15] = 'Z';  // a chunk no WebP starts with
  write_bytes(dir.path / "unknown.webp", unknown);
  expect_refused(dir.path / "unknown.webp", "the WebP file is corrupt");
}

TEST_CASE("HEIC photos are read upright, their rotation carried out", "[vision][photo][formats]") {
  TempDir dir("heic");
  const std::vector<std::uint8_t> upright = fixture("halves-320x192.heic");
  CHECK(looks_like_heif(upright));
  write_bytes(dir.path / "upright.heic", upright);
  const Photo photo = load_photo(dir.path / "upright.heic");
  CHECK(photo.original_size == cv::Size(320, 192));
  const cv::Mat full = load_full_photo(dir.path / "upright.heic");
  REQUIRE(full.size() == cv::Size(320, 192));
  CHECK(reddish(full.at<cv::Vec3b>(96, 40)));
  CHECK(bluish(full.at<cv::Vec3b>(96, 280)));

  // The phone held a quarter turn: the file stores the image as the sensor saw it and says
  // (irot) to turn it 90 degrees clockwise, which brings its left (red) half to the top.
  write_bytes(dir.path / "turned.heic", fixture("halves-320x192-turned-cw.heic"));
  CHECK(load_photo(dir.path / "turned.heic").original_size == cv::Size(192, 320));
  const cv::Mat turned = load_full_photo(dir.path / "turned.heic");
  REQUIRE(turned.size() == cv::Size(192, 320));
  CHECK(reddish(turned.at<cv::Vec3b>(40, 96)));
  CHECK(bluish(turned.at<cv::Vec3b>(280, 96)));
}

TEST_CASE("A broken HEIC is refused in one line, and its size is checked before decoding", "[vision][photo][formats][bad-input]") {
  TempDir dir("heic-bad");
  const std::vector<std::uint8_t> bytes = fixture("halves-320x192.heic");
  write_bytes(dir.path / "cut.heic", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(bytes.size() * 2 / 3)));
  expect_refused(dir.path / "cut.heic", "the HEIF file cannot be read");
  // Only the first boxes of a file: a HEIF brand, no image.
  write_bytes(dir.path / "header.heic", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 40));
  expect_refused(dir.path / "header.heic", "the HEIF file cannot be read");

  write_bytes(dir.path / "photo.heic", bytes);
  ScanParameters small;
  small.max_megapixels = 0.05;  // 320 x 192 is 0.06 MP
  expect_refused(dir.path / "photo.heic", "megapixels", small);
}

TEST_CASE("Only files beginning as a HEIF brand are taken for HEIF", "[vision][photo][formats]") {
  const auto box = [](const std::string& text) { return std::vector<std::uint8_t>(text.begin(), text.end()); };
  CHECK(looks_like_heif(box(std::string("\0\0\0\x18" "ftypheic\0\0\0\0mif1heic", 24))));
  CHECK(looks_like_heif(box(std::string("\0\0\0\x18" "ftypavif\0\0\0\0avifmif1", 24))));
  // Compatible brands count only inside the ftyp box.
  CHECK(looks_like_heif(box(std::string("\0\0\0\x14" "ftypXXXX\0\0\0\0mif1zzzz", 24))));
  CHECK_FALSE(looks_like_heif(box(std::string("\0\0\0\x10" "ftypXXXX\0\0\0\0mif1zzzz", 24))));
  // MP4 video, QuickTime: an ISO box, not a photo.
  CHECK_FALSE(looks_like_heif(box(std::string("\0\0\0\x18" "ftypisom\0\0\0\0isomiso2", 24))));
  CHECK_FALSE(looks_like_heif(box("short")));
}
