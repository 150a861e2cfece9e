#pragma once
// Helpers shared by the vision tests: a temporary directory removed at the end of a test, the
// profiles the tests scan with, and a card seen at an outline.
#include <filesystem>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>

#include <opencv2/imgproc.hpp>

#include "vision/calibration.hpp"
#include "vision/geometry.hpp"
#include "vision/scene_renderer.hpp"

namespace qm::testing {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    // Unique per object, so that test runs in parallel processes do not collide.
    const std::size_t unique = std::hash<std::string>{}(name + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    path = std::filesystem::temp_directory_path() / ("qm-test-vision-" + name + "-" + std::to_string(unique));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// Small scenes keep the tests fast; dice stay 40..70 px as in a reduced 12 MP photo.
inline vision::SceneOptions small_scene(vision::DiceArt art, int dice) {
  vision::SceneOptions options;
  options.width = 800;
  options.height = 600;
  options.art = art;
  options.dice = dice;
  return options;
}

// The first line of `text` that starts with `start` (without its newline), or "" when none does.
inline std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(start)) return line;
  return "";
}

// An 800 x 600 photo of `card` (drawn flat) lying on a dark table, its corners (top left first,
// clockwise) seen at `seen`.
inline cv::Mat card_seen_as(const cv::Mat& card, const vision::Quad& seen) {
  cv::Mat photo(600, 800, CV_8UC3, cv::Scalar(60, 65, 70));
  const vision::Quad flat = vision::corners_of(cv::Rect2f(0, 0, static_cast<float>(card.cols), static_cast<float>(card.rows)));
  cv::warpPerspective(card, photo, cv::getPerspectiveTransform(flat.data(), seen.data()), photo.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  return photo;
}

}  // namespace qm::testing
