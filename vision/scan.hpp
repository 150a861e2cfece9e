#pragma once
// Photo -> recognised dice: the pipeline's entry point for the CLI and the REPL.
//   load_photo (photo.hpp) -> find_dice (detection.hpp) -> rectify_face (rectification.hpp)
//   -> face_features + FaceClassifier (classifier.hpp)
// scan() only chains the stages. Usage:
//   const DiceProfile profile = options.profile ? load_profile(*options.profile) : load_builtin_profile();
//   const ScanResult result = scan(photo_path, profile);       // InputError on bad input
//   std::cout << to_json(result).dump();                         // the CLI.md `scan` document
//   annotate(photo_path, result, "out.png");                     // boxes, labels, confidences
//   if (result.items.empty()) throw no_dice_found(photo_path);  // exit 2, one line
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scoring/input_error.hpp"
#include "vision/classifier.hpp"
#include "vision/geometry.hpp"
#include "vision/photo.hpp"
#include "vision/profile.hpp"

namespace qm::vision {

// One thing recognised in a photo: a die (its top face) or a card.
// The label of an item found but not read (a card of another deck's layout): uncertain, for the
// players to name.
inline constexpr const char* kUnreadLabel = "?";

struct ScannedItem {
  std::string label;        // the profile's label: a die's face or a card (a guess when uncertain), or kUnreadLabel
  Box box;                  // in pixels of the original, upright photo
  Quad corners;             // the die's top face or the whole card (hidden parts included), same pixels
  double confidence = 0;    // 0..1
  bool uncertain = false;   // too close to call: ask the player
};

// How an item's label is shown to people: an uncertain one marked '?' (an unread one is just '?').
std::string marked_label(const std::string& label, bool uncertain);

struct ScanResult {
  std::vector<ScannedItem> items;     // top to bottom, then left to right
  std::map<std::string, int> counts;  // certain items per label (uncertain ones are not counted)
  int uncertain = 0;                  // how many items are uncertain
  cv::Size photo_size;                // the original photo's size, upright
};

// Holds a profile ready for repeated scans.
class DiceScanner {
 public:
  explicit DiceScanner(DiceProfile profile);

  ScanResult scan(const std::filesystem::path& photo) const;
  ScanResult scan(const Photo& photo) const;
  const DiceProfile& profile() const { return profile_; }

 private:
  DiceProfile profile_;
  FaceClassifier classifier_;
  std::vector<int> pips_of_label_;  // pip dice: each label's pips, in the profile's label order
};

ScanResult scan(const std::filesystem::path& photo, const DiceProfile& profile);

// {"items": [{"label", "box": [x, y, w, h], "confidence", "uncertain"}], "counts": {label: n},
//  "uncertain": n}: the CLI.md document plus the uncertainty fields.
nlohmann::json to_json(const ScanResult& result);

// The one-line error for a photo in which no die was found.
InputError no_dice_found(const std::filesystem::path& photo);

// Draws every die's face outline with its label and confidence (uncertain ones in red, with
// a question mark) on the full-size photo and writes it (PNG or JPEG by extension).
void annotate(const std::filesystem::path& photo, const ScanResult& result, const std::filesystem::path& out);

}  // namespace qm::vision
