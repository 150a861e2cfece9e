#pragma once
// A card profile: what one deck looks like. One JSON file, no side files:
//   {"format": "quartermaster-card-profile", "version": 1, "name": str, "game": "corsari"|"loot",
//    "min_confidence": number,                        // below: a card is reported uncertain
//    "labels": [str],                                  // optional: the only labels to report
//    "colours": [{"label": "red", "lab": [L, a, b]}],  // learned panel colours (CIELAB, after
//                                                      //  normalising by the card's white margin)
//    "numbers": [{"label": "7", "features": hex}],     // learned digit shapes: kDigitFeatureSize^2
//                                                      //  ink shares, one hex digit (0..15) each
//    "corners": [{"label": "7", "features": hex}],     // optional: the corner index's shapes
//    "wholes": [{"label": "admiral", "lab": [L, a, b], "features": hex, "corner": hex}]}  // optional
// A label colour+number (`red7`, `m5`) is learned as its colour and its number separately, so
// a card never photographed is still read; any other label (`captain-blue`, `admiral`) is
// learned whole: its panel colour, centre and corner shapes together. Built-in profiles are
// rendered by qm-render-cards from card_art.hpp; a real deck should be calibrated once
// (calibrate_cards, card_calibration.hpp).
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

namespace qm::vision {

inline constexpr const char* kCardProfileFormat = "quartermaster-card-profile";
inline constexpr int kCardProfileVersion = 1;
inline constexpr int kDigitFeatureSize = 20;

enum class CardGame { corsari, loot };

// "corsari" / "loot"; anything else is an InputError.
CardGame card_game_from_string(const std::string& name);
std::string to_string(CardGame game);
// corsari-cards.json, loot-cards.json
std::string builtin_card_profile_file(CardGame game);

struct ColourSample {
  std::string label;
  cv::Vec3f lab;
};

struct NumberSample {
  std::string label;
  std::vector<float> features;  // kDigitFeatureSize^2 values in 0..1
};

// A card learned whole: features or corner may be empty when not seen.
struct WholeSample {
  std::string label;
  cv::Vec3f lab;
  std::vector<float> features;  // the centre's emblem, as digit features
  std::vector<float> corner;    // the corner index's emblem
};

struct CardProfile {
  std::string name;
  CardGame game = CardGame::corsari;
  double min_confidence = 0.12;
  std::vector<std::string> labels;  // empty: any colour+number
  std::vector<ColourSample> colours;
  std::vector<NumberSample> numbers;
  std::vector<NumberSample> corners;
  std::vector<WholeSample> wholes;
  // The number's look (card_look.hpp, kCardLookLength values), learned from photos of the
  // table's own deck only; numbers_by_look: a card's number is read by them (calibration sets it
  // where they read the photos it left out better than the ink's shape does).
  std::vector<NumberSample> looks;
  bool numbers_by_look = false;
  // Read by their look, a card farther than this from every look learned is unlike every card
  // of the deck (another deck's, or a card of this one that no number names): listed unread. 0: no limit.
  double look_max_distance = 0;
};

// Throws InputError when a profile made for one game is used for the other.
void require_game(const CardProfile& profile, CardGame game, const std::string& source);

// Throws InputError naming `source` when the document is not a valid card profile.
CardProfile card_profile_from_json(const nlohmann::json& json, const std::string& source);
nlohmann::json to_json(const CardProfile& profile);

// Errors (missing, unreadable, invalid, unwritable) are InputErrors naming the file.
CardProfile load_card_profile(const std::filesystem::path& path);
void save_card_profile(const CardProfile& profile, const std::filesystem::path& path);

// In the first of $QM_DATA_DIR/vision, the source tree's data/vision and the installed
// share/quartermaster/vision that holds it (data/data_files.hpp). Throws InputError when the
// game has no built-in card profile.
std::filesystem::path builtin_card_profile_path(CardGame game);
CardProfile load_builtin_card_profile(CardGame game);
// What `--profile FILE` chooses for `game`: that file, checked to be for that game, or the
// game's built-in profile when `file` is empty.
CardProfile load_card_profile_for(CardGame game, const std::string& file);

// The quantisation a profile file applies to digit features (exposed for tests).
std::vector<float> quantised_digit_features(const std::vector<float>& features);

}  // namespace qm::vision
