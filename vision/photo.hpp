#pragma once
// Stage 1: load and normalise a photo. Reads the file once, checks it is a complete colour
// image of a sane size (refusing bad input with an InputError naming the file), decodes it
// upright (EXIF orientation; a HEIC's own rotation) at a working size (JPEGs are DCT-scaled
// while decoding, which is what makes a 12 MP photo cheap), and balances its white.
// Formats: JPEG, PNG, WebP and HEIF (HEIC, an iPhone's default, and AVIF); any other is refused
// before a decoder sees it.
#include <cstdint>
#include <filesystem>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/scan_parameters.hpp"

namespace qm::vision {

enum class ImageFormat { jpeg, png, webp, heif, other };

// What the file's header says, before any decoding.
struct ImageHeader {
  ImageFormat format = ImageFormat::other;
  int width = 0;   // as stored, before EXIF orientation (HEIF: upright); 0 when not read
  int height = 0;
  int colour_channels = 0;  // 1 = grayscale, 3 = colour; 0 when unknown
  bool alpha = false;
};

struct Photo {
  cv::Mat image;            // 8-bit BGR, upright, white-balanced, long side about work_long_side
  double scale = 1.0;       // original photo pixels per pixel of `image`
  cv::Size original_size;   // the upright photo's size in its own pixels
  cv::Scalar white_gains{1, 1, 1};  // what balance_white multiplied each channel (B, G, R) by
};

// Reads the header of an image held in memory; throws InputError (naming `name`) when the
// data is not an image, is truncated, or the header is inconsistent.
ImageHeader read_image_header(const std::vector<std::uint8_t>& bytes, const std::string& name);

// The whole pipeline stage: file -> Photo. Throws InputError for a missing, empty, truncated,
// non-image, grayscale or oversized file.
Photo load_photo(const std::filesystem::path& path, const ScanParameters& parameters = {});

// The normalising half of load_photo, for an image already in memory (decoded at some
// reduction of a photo of `original_size`): working size, white balance.
Photo normalise_photo(cv::Mat image, cv::Size original_size, const ScanParameters& parameters = {});

// The photo at full resolution and upright, unbalanced (for annotating it). Same checks.
cv::Mat load_full_photo(const std::filesystem::path& path, const ScanParameters& parameters = {});

// Scales each channel so that its `percentile` brightness becomes white: the dice faces are
// among the brightest things on the table, so they come out neutral under warm or cold light.
// Returns the gains applied (B, G, R).
cv::Scalar balance_white(cv::Mat& bgr, double percentile);

}  // namespace qm::vision
