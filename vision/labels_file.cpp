#include "vision/labels_file.hpp"

#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "scoring/input_error.hpp"

namespace qm::vision {

std::vector<LabelledPhoto> read_labels_file(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kLabelsFile;
  const std::string name = path.string();
  if (!std::filesystem::is_directory(dir)) throw InputError(fmt::format("{}: no such directory", dir.string()));
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("{}: no such file (see CLI.md: calibrate)", name));
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception&) {
    throw InputError(fmt::format("{}: not a JSON document", name));
  }
  if (!json.is_object() || !json.contains("photos") || !json["photos"].is_array() || json["photos"].empty()) {
    throw InputError(fmt::format("{}: needs a non-empty \"photos\" array", name));
  }
  std::vector<LabelledPhoto> photos;
  for (const auto& entry : json["photos"]) {
    if (!entry.is_object() || !entry.contains("file") || !entry["file"].is_string()) {
      throw InputError(fmt::format("{}: photo {} has no \"file\"", name, photos.size() + 1));
    }
    const std::string file = entry["file"].get<std::string>();
    const auto fail = [&](const std::string& why) { return InputError(fmt::format("{}: {}: {}", name, file, why)); };
    if (!entry.contains("items") || !entry["items"].is_array() || entry["items"].empty()) throw fail("needs a non-empty \"items\" array");
    LabelledPhoto photo{dir / file, {}};
    for (const auto& item : entry["items"]) {
      if (!item.is_object() || !item.contains("label") || !item["label"].is_string() || item["label"].get<std::string>().empty()) {
        throw fail("every item needs a \"label\"");
      }
      LabelledItem labelled{item["label"].get<std::string>(), std::nullopt};
      if (item.contains("box")) {
        const auto& box = item["box"];
        if (!box.is_array() || box.size() != 4 || !std::all_of(box.begin(), box.end(), [](const auto& v) { return v.is_number(); })) {
          throw fail("a box is [x, y, w, h]");
        }
        labelled.box = Box{box[0].get<double>(), box[1].get<double>(), box[2].get<double>(), box[3].get<double>()};
        if (labelled.box->w <= 0 || labelled.box->h <= 0) throw fail("a box needs a positive width and height");
      }
      photo.items.push_back(std::move(labelled));
    }
    const bool boxless = std::any_of(photo.items.begin(), photo.items.end(), [](const LabelledItem& i) { return !i.box; });
    const bool one_label = std::all_of(photo.items.begin(), photo.items.end(),
                                       [&](const LabelledItem& i) { return i.label == photo.items.front().label; });
    if (boxless && !one_label) throw fail("items without a box must all have the same label");
    photos.push_back(std::move(photo));
  }
  return photos;
}

}  // namespace qm::vision
