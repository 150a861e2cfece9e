#pragma once
// DIR/labels.json, the calibration photos' labels (CLI.md):
//   {"photos": [{"file": str, "items": [{"label": str, "box": [x, y, w, h]}]}]}
// `file` is relative to DIR; boxes are in the photo's pixels. A box may be left out when the
// photo holds one item, or when every item in it has the same label.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "vision/geometry.hpp"

namespace qm::vision {

inline constexpr const char* kLabelsFile = "labels.json";

struct LabelledItem {
  std::string label;
  std::optional<Box> box;
};

struct LabelledPhoto {
  std::filesystem::path file;  // DIR / file
  std::vector<LabelledItem> items;
};

// Throws InputError naming labels.json (and the photo entry) when it is missing or malformed.
std::vector<LabelledPhoto> read_labels_file(const std::filesystem::path& dir);

}  // namespace qm::vision
