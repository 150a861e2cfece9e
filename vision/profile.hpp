#pragma once
// A dice profile: what one kind of dice looks like. It is one JSON file, with no side files:
//   {"format": "quartermaster-dice-profile", "version": 2,
//    "name": str, "labels": [str],               // the face labels, free strings
//    "body_colour": [b, g, r],                     // the dice's own colour before white balance,
//                                                  // largest channel 1 (version 1: white)
//    "scan": {ScanParameters overrides},           // optional; see scan_parameters.hpp
//    "reject_distance": number,                    // farther from every sample: not a die
//    "samples": [{"label": str, "features": str}]} // learned faces
// A sample's "features" is the face_features() vector (feature_size^2 lightness values, then
// as many a and b values) quantised to signed bytes (value * 32, clamped to +-127) and written
// in base64. Profiles are made by calibrate() (calibration.hpp).
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vision/face_features.hpp"
#include "vision/photo.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

inline constexpr const char* kProfileFormat = "quartermaster-dice-profile";
inline constexpr int kProfileVersion = 2;  // version 1 files (no body_colour) are still read
// The built-in profile for Piraten Kapern dice, made by qm-render-dice.
inline constexpr const char* kBuiltinProfileFile = "piraten-dice.json";

struct FaceSample {
  std::string label;
  Features features;
};

struct DiceProfile {
  std::string name;
  std::vector<std::string> labels;
  ScanParameters parameters;
  double reject_distance = 0;
  std::vector<FaceSample> samples;
  cv::Scalar body_colour{1, 1, 1};  // BGR, largest channel 1: the faces' colour under white light
};

// The colour the faces of these dice have in `photo` once balanced (the body colour times the
// photo's white-balance gains), for find_dice.
cv::Scalar expected_face_colour(const DiceProfile& profile, const Photo& photo);

// Throws InputError naming `source` when the document is not a valid profile.
DiceProfile profile_from_json(const nlohmann::json& json, const std::string& source);
nlohmann::json to_json(const DiceProfile& profile);

// Profile files. Errors (missing, unreadable, invalid, unwritable) are InputErrors naming the file.
DiceProfile load_profile(const std::filesystem::path& path);
void save_profile(const DiceProfile& profile, const std::filesystem::path& path);

// Where the built-in profile is: $QM_DATA_DIR/vision if set, else the source tree's
// data/vision, else the installed share/quartermaster/vision. Empty when none holds it.
std::filesystem::path builtin_profile_path();
DiceProfile load_builtin_profile();
// What `--profile FILE` chooses: that file, or the built-in profile when `file` is empty.
DiceProfile load_profile_or_builtin(const std::string& file);

// The quantisation a profile file applies to features (exposed for tests).
Features quantised(const Features& features);

}  // namespace qm::vision
