#pragma once
// HEIF photos: HEIC, what an iPhone takes by default, and AVIF. Read through libheif, loaded on
// the first such photo rather than linked: with the HEVC and AV1 decoders it brings (libde265,
// x265, dav1d, aom) it would cost every command at start-up, as opencv_imgcodecs would
// (image_codecs.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace qm::vision {

// True when the bytes begin as a HEIF file: an ISO `ftyp` box naming a HEIF brand (heic, heix,
// mif1, avif ...) as its major brand or among its compatible ones.
bool looks_like_heif(const std::vector<std::uint8_t>& bytes);

// The primary image's size as it will be shown: libheif applies the file's rotation, mirroring
// and crop, so this is the upright size (HEIF keeps its orientation in those boxes, not only in
// EXIF). Throws InputError naming `name` when the file cannot be read.
cv::Size heif_upright_size(const std::vector<std::uint8_t>& bytes, const std::string& name);

// The primary image, upright, 8-bit BGR (an alpha channel dropped). Throws InputError naming
// `name` when it cannot be decoded (a truncated file, a codec libheif lacks) or when libheif
// cannot be loaded at all (naming its package).
cv::Mat decode_heif(const std::vector<std::uint8_t>& bytes, const std::string& name);

}  // namespace qm::vision
