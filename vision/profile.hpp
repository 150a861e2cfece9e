#pragma once
// A dice profile: what one kind of dice looks like. It is one JSON file, with no side files:
//   {"format": "quartermaster-dice-profile", "version": 3,
//    "name": str, "labels": [str],               // the face labels, free strings
//    "body_colour": [b, g, r],                     // the dice's own colour before white balance,
//                                                  // largest channel 1
//    "scan": {ScanParameters overrides},           // optional; see scan_parameters.hpp
//    "reject_distance": number,                    // farther from every sample: not a die
//    "samples": [{"label": str, "features": str}]} // learned faces
// A sample's "features" is the face_features() vector (feature_size^2 lightness values, then
// as many a and b values) quantised to signed bytes (value * 32, clamped to +-127) and written
// in base64. Profiles are made by calibrate() (calibration.hpp). Versions 1 and 2 measured a
// face's colour differently, so their samples mean nothing to this scanner: they are refused
// with a request to calibrate again.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vision/face_features.hpp"
#include "vision/photo.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

inline constexpr const char* kProfileFormat = "quartermaster-dice-profile";
inline constexpr int kProfileVersion = 3;
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
  // Pip dice: how many pips each face shows, learned when the calibration photos' dice of every
  // face show one count of their own (count_pips); empty for dice of symbols. Scans count the
  // pips as a second opinion on the face the samples name.
  std::map<std::string, int> pips;
};

// The colours the faces of these dice may have in `photo` once balanced, for find_dice: the
// body colour times the photo's white-balance gains (the balance took the table for white),
// and the body colour itself (it took the faces' own brightest pixels, clipped, for white and
// left their hue).
std::vector<cv::Scalar> expected_face_colours(const DiceProfile& profile, const Photo& photo);

// Throws InputError naming `source` when the document is not a valid profile.
DiceProfile profile_from_json(const nlohmann::json& json, const std::string& source);
nlohmann::json to_json(const DiceProfile& profile);

// Profile files. Errors (missing, unreadable, invalid, unwritable) are InputErrors naming the file.
DiceProfile load_profile(const std::filesystem::path& path);
void save_profile(const DiceProfile& profile, const std::filesystem::path& path);

// Where the built-in profile is: in the first of $QM_DATA_DIR/vision, the source tree's
// data/vision and the installed share/quartermaster/vision that holds it (data/data_files.hpp).
// Empty when none does.
std::filesystem::path builtin_profile_path();
DiceProfile load_builtin_profile();
// What `--profile FILE` chooses: that file, or the built-in profile when `file` is empty.
DiceProfile load_profile_or_builtin(const std::string& file);

// The quantisation a profile file applies to features (exposed for tests).
Features quantised(const Features& features);

}  // namespace qm::vision
