#pragma once
// Learning a card profile from a table's own photos: `quartermaster calibrate cards DIR --out FILE`.
// DIR/labels.json as in CLI.md (labels_file.hpp); labels are the game's notation tokens
// (scoring/notation.hpp: `red7`; `m5`, `blue3`, `captain-gold`, `admiral`), aliases and case
// normalised. Every labelled card is found with the scan's own detection; a label colour+number
// teaches its colour and its number (centre and corner index) separately, so a handful of
// photos in which every colour and every number appears at least once is enough; any other
// label is learned whole. The number samples start from the digit shapes drawn in every
// built-in font (a fallback for numbers the photos lack) and add the deck's own. The report
// re-reads every labelled card with the new profile and warns about colours, numbers or whole
// cards never seen, labels that are not the game's cards, and labelled cards the detection missed.
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "vision/card_art.hpp"
#include "vision/card_profile.hpp"
#include "vision/confusion.hpp"

namespace qm::vision {

struct CardCalibrationOptions {
  std::string name = "calibrated cards";
  CardGame game = CardGame::corsari;
  int max_samples_per_label = 40;
  // Called after each photo is read, with the photos done and in all. Null: nothing is called.
  std::function<void(long photos_done, long photos)> progress;
};

struct CardCalibrationReport {
  int photos = 0;
  int cards = 0;                               // labelled cards found and learned
  std::map<std::string, int> colour_samples;   // per colour
  std::map<std::string, int> number_samples;   // per number (the deck's own)
  std::map<std::string, int> whole_samples;    // per label learned whole
  int reread = 0;                              // cards read back with the new profile
  int reread_right = 0;
  double read_back_accuracy = 0;               // reread_right / reread: the cards it learned from
  // Cross-validated photo by photo: each photo's labelled cards read with the profile less what
  // that photo taught it, a card not found or not read counting against it. What new photos of
  // the same cards will give.
  int tested = 0;
  int tested_right = 0;
  double accuracy = 0;                         // tested_right / tested
  bool numbers_by_look = false;                // the profile reads numbers by their look (CardProfile)
  double other_reader_accuracy = 0;            // the accuracy reading them the other way (ink or look)
  std::map<std::string, std::pair<int, int>> label_results;  // per label: right, tested
  std::vector<Confusion> confusions;           // most frequent first; guess "?": not found or not read
  std::set<std::string> untested;              // labels whose colour or whole card one photo alone shows
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

// The game whose cards DIR/labels.json names: Loot when a label is a Loot card and not a
// Corsari one (`m5`, `gold2`, `admiral`), else Corsari.
CardGame card_game_of_labels(const std::filesystem::path& dir);
// The notation's own token for a card of the game (`Gray7` -> `grey7`), nullopt when none.
std::optional<std::string> canonical_card_label(CardGame game, const std::string& label);

// Adds to a profile the samples of its cards: colour and number (centre and corner) for a
// label colour+number, else the card whole; at most `max_per_label` of each. The numbers
// already in the profile (drawn ones) say which way up a number is learned.
class CardLearner {
 public:
  CardLearner(CardProfile& profile, int max_per_label);
  // A card seen whole (warp_card); false when it holds no number or emblem, nor (a colour+number
  // label) a printed face to learn its look from.
  bool learn(const std::string& label, const cv::Mat& card);
  const std::map<std::string, int>& colours() const { return colours_; }
  const std::map<std::string, int>& numbers() const { return numbers_; }
  const std::map<std::string, int>& wholes() const { return wholes_; }

 private:
  // A colour+number card whose middle holds no numeral's ink: its colour and its look; false
  // when it shows no printed face.
  bool learn_look_alone(const LabelParts& parts, const cv::Mat& card);
  CardProfile& profile_;
  int max_per_label_;
  std::map<std::string, int> colours_;
  std::map<std::string, int> numbers_;
  std::map<std::string, int> wholes_;
};

// Samples of every number (centre and corner) and every card learned whole, in every font of
// an art style, drawn flat and upright (no colours: those come from photos).
CardProfile drawn_card_samples(CardGame game, CardArt art);

// `features` as they are, or turned half a turn: whichever is nearer the references of `label`.
std::vector<float> oriented_like(const std::vector<float>& features, const std::string& label,
                                 const std::vector<NumberSample>& references);
// The same with the features of the card turned half a turn given (a look: card_look(card, true)).
std::vector<float> oriented_like(const std::vector<float>& features, const std::vector<float>& turned, const std::string& label,
                                 const std::vector<NumberSample>& references);

}  // namespace qm::vision
