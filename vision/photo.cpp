#include "vision/photo.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/heif_codec.hpp"
#include "vision/image_codecs.hpp"

namespace qm::vision {
namespace {

constexpr std::array<std::uint8_t, 8> kPngSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

int big_endian16(const std::vector<std::uint8_t>& b, std::size_t at) { return b[at] << 8 | b[at + 1]; }
long big_endian32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<long>(b[at]) << 24 | b[at + 1] << 16 | b[at + 2] << 8 | b[at + 3];
}

bool is_start_of_frame(int marker) {
  // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  return marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc;
}

ImageHeader read_jpeg_header(const std::vector<std::uint8_t>& b, const std::string& name) {
  const auto truncated = [&] { return InputError(fmt::format("{}: the JPEG file is truncated", name)); };
  ImageHeader header;
  header.format = ImageFormat::jpeg;
  std::size_t at = 2;
  while (true) {
    while (at < b.size() && b[at] == 0xff && at + 1 < b.size() && b[at + 1] == 0xff) ++at;  // fill bytes
    if (at + 1 >= b.size()) throw truncated();
    if (b[at] != 0xff) throw InputError(fmt::format("{}: the JPEG file is corrupt", name));
    const int marker = b[at + 1];
    if (marker == 0xd9) throw truncated();  // end of image before any scan
    if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {  // markers without a length
      at += 2;
      continue;
    }
    if (at + 3 >= b.size()) throw truncated();
    const std::size_t length = static_cast<std::size_t>(big_endian16(b, at + 2));
    if (length < 2 || at + 2 + length > b.size()) throw truncated();
    if (is_start_of_frame(marker)) {
      if (length < 8) throw InputError(fmt::format("{}: the JPEG file is corrupt", name));
      header.height = big_endian16(b, at + 5);
      header.width = big_endian16(b, at + 7);
      header.colour_channels = b[at + 9] == 1 ? 1 : 3;
    }
    if (marker == 0xda) {  // start of scan: entropy-coded data follows, then EOI
      // 0xFF is always stuffed inside scan data, so FF D9 can only be a real end of image.
      const std::array<std::uint8_t, 2> eoi = {0xff, 0xd9};
      if (std::search(b.begin() + static_cast<long>(at + 2 + length), b.end(), eoi.begin(), eoi.end()) == b.end()) {
        throw truncated();
      }
      break;
    }
    at += 2 + length;
  }
  if (header.width <= 0 || header.height <= 0) throw InputError(fmt::format("{}: the JPEG file has no image size", name));
  return header;
}

ImageHeader read_png_header(const std::vector<std::uint8_t>& b, const std::string& name) {
  const auto truncated = [&] { return InputError(fmt::format("{}: the PNG file is truncated", name)); };
  if (b.size() < 33) throw truncated();
  if (std::string(b.begin() + 12, b.begin() + 16) != "IHDR") throw InputError(fmt::format("{}: the PNG file is corrupt", name));
  ImageHeader header;
  header.format = ImageFormat::png;
  header.width = static_cast<int>(big_endian32(b, 16));
  header.height = static_cast<int>(big_endian32(b, 20));
  const int colour_type = b[25];
  header.colour_channels = (colour_type == 0 || colour_type == 4) ? 1 : 3;
  header.alpha = colour_type == 4 || colour_type == 6;
  // Every PNG ends with an empty IEND chunk: length, "IEND", CRC.
  if (std::string(b.end() - 8, b.end() - 4) != "IEND") throw truncated();
  if (header.width <= 0 || header.height <= 0) throw InputError(fmt::format("{}: the PNG file has no image size", name));
  return header;
}

int little_endian16(const std::vector<std::uint8_t>& b, std::size_t at) { return b[at] | b[at + 1] << 8; }
long little_endian24(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<long>(b[at]) | static_cast<long>(b[at + 1]) << 8 | static_cast<long>(b[at + 2]) << 16;
}
long little_endian32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return little_endian24(b, at) | static_cast<long>(b[at + 3]) << 24;
}

bool is_webp(const std::vector<std::uint8_t>& b) {
  return b.size() >= 12 && std::equal(b.begin(), b.begin() + 4, "RIFF") && std::equal(b.begin() + 8, b.begin() + 12, "WEBP");
}

// RIFF "WEBP" and its first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended), each of
// which gives the canvas size (WebP container specification).
ImageHeader read_webp_header(const std::vector<std::uint8_t>& b, const std::string& name) {
  const auto truncated = [&] { return InputError(fmt::format("{}: the WebP file is truncated", name)); };
  const auto corrupt = [&] { return InputError(fmt::format("{}: the WebP file is corrupt", name)); };
  if (b.size() < 30) throw truncated();
  // The RIFF size counts the bytes after its own field.
  if (static_cast<unsigned long>(little_endian32(b, 4)) + 8 > b.size()) throw truncated();
  ImageHeader header;
  header.format = ImageFormat::webp;
  header.colour_channels = 3;  // WebP has no grayscale mode
  const std::string chunk(b.begin() + 12, b.begin() + 16);
  if (chunk == "VP8 ") {
    if (b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a) throw corrupt();
    header.width = little_endian16(b, 26) & 0x3fff;
    header.height = little_endian16(b, 28) & 0x3fff;
  } else if (chunk == "VP8L") {
    if (b[20] != 0x2f) throw corrupt();
    const long bits = little_endian32(b, 21);
    header.width = static_cast<int>(bits & 0x3fff) + 1;
    header.height = static_cast<int>((bits >> 14) & 0x3fff) + 1;
    header.alpha = ((bits >> 28) & 1) != 0;
  } else if (chunk == "VP8X") {
    header.alpha = (b[20] & 0x10) != 0;
    header.width = static_cast<int>(little_endian24(b, 24)) + 1;
    header.height = static_cast<int>(little_endian24(b, 27)) + 1;
  } else {
    throw corrupt();
  }
  if (header.width <= 0 || header.height <= 0) throw InputError(fmt::format("{}: the WebP file has no image size", name));
  return header;
}

ImageHeader read_heif_header(const std::vector<std::uint8_t>& b, const std::string& name) {
  ImageHeader header;
  header.format = ImageFormat::heif;
  const cv::Size size = heif_upright_size(b, name);
  header.width = size.width;
  header.height = size.height;
  if (header.width <= 0 || header.height <= 0) throw InputError(fmt::format("{}: the HEIF file has no image size", name));
  return header;
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) throw InputError(fmt::format("{}: no such file", name));
  if (!std::filesystem::is_regular_file(status)) throw InputError(fmt::format("{}: not a regular file", name));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot be read", name));
  // Read in one block, not byte by byte through a stream iterator (about 14 instructions a
  // byte: 1.9% of a 12 MP photo's scan, callgrind). The size is asked of the open stream, so a
  // file replaced between the status above and here is read as it now is.
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size < 0 || !in) throw InputError(fmt::format("{}: cannot be read", name));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) throw InputError(fmt::format("{}: cannot be read", name));
  if (bytes.empty()) throw InputError(fmt::format("{}: the file is empty", name));
  return bytes;
}

void refuse_grayscale(const std::string& name) {
  throw InputError(fmt::format("{}: a grayscale image; scanning needs a colour photo", name));
}

void check_megapixels(double pixels, const ScanParameters& parameters, const std::string& name) {
  const double megapixels = pixels / 1e6;
  if (megapixels > parameters.max_megapixels) {
    throw InputError(fmt::format("{}: {:.1f} megapixels is more than the {:.0f} MP a photo may have; resize it",
                                 name, megapixels, parameters.max_megapixels));
  }
}

InputError not_readable(const std::string& name) {
  return InputError(fmt::format("{}: not an image that can be read (JPEG, PNG, WebP or HEIC expected)", name));
}

// Decodes after the checks. `reduction` is 1, 2, 4 or 8 (JPEG DCT scaling; other formats are
// decoded whole).
cv::Mat decode(const std::vector<std::uint8_t>& bytes, const ImageHeader& header, int reduction, const std::string& name) {
  if (header.format == ImageFormat::heif) return decode_heif(bytes, name);
  int flags = cv::IMREAD_COLOR;
  if (header.format == ImageFormat::jpeg) {
    if (reduction == 2) flags = cv::IMREAD_REDUCED_COLOR_2;
    if (reduction == 4) flags = cv::IMREAD_REDUCED_COLOR_4;
    if (reduction == 8) flags = cv::IMREAD_REDUCED_COLOR_8;
  }
  const cv::Mat image = decode_image(bytes, flags);
  if (image.empty() || image.type() != CV_8UC3) throw not_readable(name);
  return image;
}

struct Checked {
  std::vector<std::uint8_t> bytes;
  ImageHeader header;
};

Checked read_checked(const std::filesystem::path& path, const ScanParameters& parameters) {
  const std::string name = path.string();
  Checked checked{read_bytes(path), {}};
  const auto& b = checked.bytes;
  checked.header = read_image_header(b, name);
  // Only JPEG, PNG, WebP and HEIF reach a decoder: their headers are checked above, so a file
  // that claims a size it has not is refused before any memory is spent on it, and the decoders
  // of the other formats OpenCV knows (JPEG 2000, TIFF, PNM ...) neither run nor print their
  // own errors.
  if (checked.header.format == ImageFormat::other) throw not_readable(name);
  check_megapixels(static_cast<double>(checked.header.width) * checked.header.height, parameters, name);
  if (checked.header.colour_channels == 1) refuse_grayscale(name);
  return checked;
}

}  // namespace

ImageHeader read_image_header(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  if (bytes.empty()) throw InputError(fmt::format("{}: the file is empty", name));
  if (bytes.size() >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 && bytes[2] == 0xff) return read_jpeg_header(bytes, name);
  if (bytes.size() >= kPngSignature.size() && std::equal(kPngSignature.begin(), kPngSignature.end(), bytes.begin())) {
    return read_png_header(bytes, name);
  }
  if (is_webp(bytes)) return read_webp_header(bytes, name);
  if (looks_like_heif(bytes)) return read_heif_header(bytes, name);
  return {};
}

cv::Scalar balance_white(cv::Mat& bgr, double percentile) {
  CV_Assert(bgr.type() == CV_8UC3);
  constexpr double kWhite = 245.0;  // not 255: leaves room for glare above the faces
  std::array<std::array<int, 256>, 3> histograms{};
  // Every other pixel of every other row is plenty for a percentile. Clipped pixels (glare,
  // blown highlights) no longer show the light's colour: they are left out.
  constexpr int kClipped = 250;
  for (int y = 0; y < bgr.rows; y += 2) {
    const cv::Vec3b* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr.cols; x += 2) {
      if (std::max({row[x][0], row[x][1], row[x][2]}) >= kClipped) continue;
      for (int c = 0; c < 3; ++c) ++histograms[static_cast<std::size_t>(c)][row[x][c]];
    }
  }
  cv::Scalar gains;
  for (int c = 0; c < 3; ++c) {
    const auto& histogram = histograms[static_cast<std::size_t>(c)];
    long total = 0;
    for (int count : histogram) total += count;
    if (total == 0) return {1, 1, 1};  // all clipped: nothing to learn the light from
    const long wanted = static_cast<long>(std::ceil(percentile * static_cast<double>(total)));
    long seen = 0;
    int level = 255;
    for (int v = 0; v < 256; ++v) {
      seen += histogram[static_cast<std::size_t>(v)];
      if (seen >= wanted) {
        level = v;
        break;
      }
    }
    // Bounded gains: a photo of a red cloth with no white in it must not turn grey.
    gains[c] = std::clamp(kWhite / std::max(level, 1), 0.7, 1.8);
  }
  cv::multiply(bgr, gains, bgr);
  return gains;
}

Photo normalise_photo(cv::Mat image, cv::Size original_size, const ScanParameters& parameters) {
  CV_Assert(image.type() == CV_8UC3 && !image.empty());
  Photo photo;
  photo.original_size = original_size;
  const int long_side = std::max(image.cols, image.rows);
  if (long_side > parameters.work_long_side * 3 / 2) {
    const double factor = static_cast<double>(parameters.work_long_side) / long_side;
    if (std::min(image.cols, image.rows) * factor >= 1) {
      cv::resize(image, photo.image, cv::Size(), factor, factor, cv::INTER_AREA);
    } else {
      // Thousands of times longer than wide: the short side would shrink to no pixel at all.
      const cv::Size size(std::max(1, cvRound(image.cols * factor)), std::max(1, cvRound(image.rows * factor)));
      cv::resize(image, photo.image, size, 0, 0, cv::INTER_AREA);
    }
  } else {
    photo.image = image.clone();
  }
  photo.scale = static_cast<double>(std::max(original_size.width, original_size.height)) /
                std::max(photo.image.cols, photo.image.rows);
  photo.white_gains = balance_white(photo.image, parameters.white_percentile);
  return photo;
}

Photo load_photo(const std::filesystem::path& path, const ScanParameters& parameters) {
  const std::string name = path.string();
  const Checked checked = read_checked(path, parameters);
  const int stored_long_side = std::max(checked.header.width, checked.header.height);
  int reduction = 1;
  while (reduction < 8 && stored_long_side / (reduction * 2) >= parameters.work_long_side) reduction *= 2;
  cv::Mat image = decode(checked.bytes, checked.header, reduction, name);
  // EXIF orientation may have turned the decoded image a quarter turn from the stored one.
  const bool turned = (image.cols > image.rows) != (checked.header.width > checked.header.height);
  const cv::Size original = turned ? cv::Size(checked.header.height, checked.header.width)
                                   : cv::Size(checked.header.width, checked.header.height);
  return normalise_photo(std::move(image), original, parameters);
}

cv::Mat load_full_photo(const std::filesystem::path& path, const ScanParameters& parameters) {
  const Checked checked = read_checked(path, parameters);
  return decode(checked.bytes, checked.header, 1, path.string());
}

}  // namespace qm::vision
