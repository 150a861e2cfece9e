#pragma once
// Helpers shared by the vision tests: a temporary directory removed at the end of a test, and
// the profiles the tests scan with.
#include <filesystem>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>

#include "vision/calibration.hpp"
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

}  // namespace qm::testing
