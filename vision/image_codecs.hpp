#pragma once
// Image files in and out (JPEG, PNG and every other format OpenCV reads, EXIF orientation
// included), with OpenCV's image codecs loaded on first use.
//
// Why not link opencv_imgcodecs: on Debian it pulls in ~120 more shared libraries (GDAL, GDCM,
// x265, PROJ ...) and relocating them cost every command about 0.3 s at start-up, although only
// the commands that read or write images need them. Everything else in vision/ needs only
// opencv_core and opencv_imgproc.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
// For the flags (cv::IMREAD_*, cv::IMWRITE_*) only: its functions are loaded, never linked.
#include <opencv2/imgcodecs.hpp>

namespace qm::vision {

// Decodes an image file's bytes as cv::imdecode does (`flags`: cv::IMREAD_*). An empty Mat for
// bytes that are no image; InputError when the codecs cannot be loaded at all.
cv::Mat decode_image(const std::vector<std::uint8_t>& bytes, int flags);
// Encodes as cv::imencode does; `extension` chooses the format (".jpg", ".png"). Empty when
// OpenCV cannot encode it.
std::vector<std::uint8_t> encode_image(const std::string& extension, const cv::Mat& image,
                                       const std::vector<int>& parameters = {});
// Writes `image` to `file`, in the format its extension names. False when it cannot.
bool write_image(const std::filesystem::path& file, const cv::Mat& image, const std::vector<int>& parameters = {});

}  // namespace qm::vision
