#pragma once
// Learning a profile from a table's own photos: `quartermaster calibrate dice DIR --out FILE`.
// Every labelled die in DIR's photos (labels.json, see labels_file.hpp) is found with the
// same detection and rectification as a scan, and its face features become a sample. The
// report says how well the samples separate the faces, cross-validated photo by photo (each
// photo's dice are classified by a profile learned from the other photos only), and warns
// about faces that look alike and about photos where detection disagrees with labels.json.
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vision/confusion.hpp"
#include "vision/profile.hpp"

namespace qm::vision {

struct CalibrationOptions {
  std::string name = "calibrated";  // the profile's name
  ScanParameters parameters;        // stored in the profile and used to find the dice
  int max_samples_per_label = 64;   // more add little but make every scan slower
  // Called after each photo is read, with the reads done and to do: every photo is read three
  // times (the dice's colour, their faces, the cross-validation). Null: nothing is called.
  std::function<void(long reads_done, long reads)> progress;
};

struct CalibrationReport {
  int photos = 0;
  int dice = 0;                                 // labelled dice found and learned
  std::map<std::string, int> dice_per_label;
  // Leave-one-photo-out: each photo scanned with a profile made from the others; the share of
  // its labelled dice the scan names right (certain or not; not found or wrong: not right).
  double accuracy = 0;
  int tested = 0;                               // labelled dice the cross-validation read
  std::map<std::string, double> label_accuracy;
  std::vector<Confusion> confusions;            // cross-validated mistakes
  std::vector<std::string> warnings;            // one line each
  bool pip_dice = false;                        // the profile counts pips (DiceProfile::pips)
};

struct Calibration {
  DiceProfile profile;
  CalibrationReport report;
};

// Throws InputError for a missing DIR or labels.json, a bad photo, or fewer than two labels.
Calibration calibrate(const std::filesystem::path& dir, const CalibrationOptions& options = {});

// `calibrate dice DIR --out FILE`: calibrate, then write the profile to `out`.
CalibrationReport calibrate_dice(const std::filesystem::path& dir, const std::filesystem::path& out,
                                 const CalibrationOptions& options = {});

// For people: a few aligned lines. For --json: the same facts.
std::string format_report(const CalibrationReport& report);
nlohmann::json to_json(const CalibrationReport& report);

}  // namespace qm::vision
