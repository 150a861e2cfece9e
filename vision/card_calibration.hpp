#pragma once
// Learning a card profile from a table's own photos: `quartermaster calibrate cards DIR --out FILE`.
// DIR/labels.json as in CLI.md (labels_file.hpp). Every labelled card is found with the scan's
// own detection; a label colour+number (`red7`) teaches its colour and its number separately,
// so a handful of photos in which every colour and every number appears at least once is
// enough. The number samples start from the digit shapes drawn in every built-in font (a
// fallback for numbers the photos lack) and add the deck's own. The report re-reads every
// labelled card with the new profile and warns about colours or numbers never seen, labels
// that are not colour+number, and labelled cards the detection missed.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vision/card_art.hpp"
#include "vision/card_profile.hpp"

namespace qm::vision {

struct CardCalibrationOptions {
  std::string name = "calibrated cards";
  CardGame game = CardGame::corsari;
  int max_samples_per_label = 40;
};

struct CardCalibrationReport {
  int photos = 0;
  int cards = 0;                               // labelled cards found and learned
  std::map<std::string, int> colour_samples;   // per colour
  std::map<std::string, int> number_samples;   // per number (the deck's own)
  int reread = 0;                              // cards read back with the new profile
  int reread_right = 0;
  double accuracy = 0;                         // reread_right / reread
  std::vector<std::string> warnings;
};

struct CardCalibration {
  CardProfile profile;
  CardCalibrationReport report;
};

// Throws InputError for a missing DIR or labels.json, a bad photo, or no card learned.
CardCalibration calibrate_card_profile(const std::filesystem::path& dir, const CardCalibrationOptions& options = {});

// `calibrate cards DIR --out FILE`: calibrate, then write the profile to `out`.
CardCalibrationReport calibrate_cards(const std::filesystem::path& dir, const std::filesystem::path& out,
                                      const CardCalibrationOptions& options = {});

std::string format_report(const CardCalibrationReport& report);
nlohmann::json to_json(const CardCalibrationReport& report);

// Digit samples of every number in every font of an art style, drawn flat and upright.
std::vector<NumberSample> drawn_number_samples(CardArt art);

// `features` as they are, or turned half a turn: whichever is nearer the references of `label`.
std::vector<float> oriented_like(const std::vector<float>& features, const std::string& label,
                                 const std::vector<NumberSample>& references);

}  // namespace qm::vision
