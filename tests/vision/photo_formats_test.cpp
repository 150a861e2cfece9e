// Photos as phones take them: WebP and HEIC (an iPhone's default), with their orientation, and
// the same one-line refusals as JPEG and PNG for files that lie about themselves.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <libheif/heif.h>
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

// A HEIC of `image` as a phone writes one (HEVC, through libheif's own encoder), its
// orientation recorded as irot/imir boxes. Empty when this libheif has no HEVC encoder.
std::vector<std::uint8_t> heic_bytes(const cv::Mat& image, heif_orientation orientation) {
  std::unique_ptr<heif_context, void (*)(heif_context*)> context(heif_context_alloc(), heif_context_free);
  heif_encoder* raw_encoder = nullptr;
  if (heif_context_get_encoder_for_format(context.get(), heif_compression_HEVC, &raw_encoder).code != heif_error_Ok) return {};
  std::unique_ptr<heif_encoder, void (*)(heif_encoder*)> encoder(raw_encoder, heif_encoder_release);
  heif_encoder_set_lossy_quality(encoder.get(), 90);
  heif_image* raw_image = nullptr;
  REQUIRE(heif_image_create(image.cols, image.rows, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &raw_image).code == heif_error_Ok);
  std::unique_ptr<heif_image, void (*)(const heif_image*)> picture(raw_image, heif_image_release);
  REQUIRE(heif_image_add_plane(picture.get(), heif_channel_interleaved, image.cols, image.rows, 8).code == heif_error_Ok);
  int stride = 0;
  std::uint8_t* plane = heif_image_get_plane(picture.get(), heif_channel_interleaved, &stride);
  cv::Mat rgb(image.rows, image.cols, CV_8UC3, plane, static_cast<std::size_t>(stride));
  cv::cvtColor(image, rgb, cv::COLOR_BGR2RGB);
  std::unique_ptr<heif_encoding_options, void (*)(heif_encoding_options*)> options(heif_encoding_options_alloc(),
                                                                                heif_encoding_options_free);
  options->image_orientation = orientation;
  REQUIRE(heif_context_encode_image(context.get(), picture.get(), encoder.get(), options.get(), nullptr).code == heif_error_Ok);
  std::vector<std::uint8_t> bytes;
  heif_writer writer{1, [](heif_context*, const void* data, std::size_t size, void* out) {
                       auto* buffer = static_cast<std::vector<std::uint8_t>*>(out);
                       buffer->insert(buffer->end(), static_cast<const std::uint8_t*>(data), static_cast<const std::uint8_t*>(data) + size);
                       return heif_error{heif_error_Ok, heif_suberror_Unspecified, "ok"};
                     }};
  REQUIRE(heif_context_write(context.get(), &writer, &bytes).code == heif_error_Ok);
  return bytes;
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
  const std::vector<std::uint8_t> upright = heic_bytes(halves(320, 192), heif_orientation_normal);
  if (upright.empty()) {
    WARN("this libheif has no HEVC encoder: HEIC reading not tested");
    return;
  }
  CHECK(looks_like_heif(upright));
  write_bytes(dir.path / "upright.heic", upright);
  const Photo photo = load_photo(dir.path / "upright.heic");
  CHECK(photo.original_size == cv::Size(320, 192));
  const cv::Mat full = load_full_photo(dir.path / "upright.heic");
  REQUIRE(full.size() == cv::Size(320, 192));
  CHECK(reddish(full.at<cv::Vec3b>(96, 40)));
  CHECK(bluish(full.at<cv::Vec3b>(96, 280)));

  // The phone held a quarter turn: the file stores the image as the sensor saw it and says to
  // turn it 90 degrees clockwise, which brings its left (red) half to the top.
  write_bytes(dir.path / "turned.heic", heic_bytes(halves(320, 192), heif_orientation_rotate_90_cw));
  CHECK(load_photo(dir.path / "turned.heic").original_size == cv::Size(192, 320));
  const cv::Mat turned = load_full_photo(dir.path / "turned.heic");
  REQUIRE(turned.size() == cv::Size(192, 320));
  CHECK(reddish(turned.at<cv::Vec3b>(40, 96)));
  CHECK(bluish(turned.at<cv::Vec3b>(280, 96)));
}

TEST_CASE("A broken HEIC is refused in one line, and its size is checked before decoding", "[vision][photo][formats][bad-input]") {
  TempDir dir("heic-bad");
  const std::vector<std::uint8_t> bytes = heic_bytes(halves(320, 192), heif_orientation_normal);
  if (bytes.empty()) {
    WARN("this libheif has no HEVC encoder: HEIC refusals not tested");
    return;
  }
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
