#pragma once
// Photo -> recognised cards (Vision II), reusing Vision I's photo stage and ScanResult:
//   load_photo (photo.hpp) -> find_cards -> warp_card -> card_colour_lab + digit_features
//   -> CardReader (nearest samples of a CardProfile)
// Usage (the CLI's `scan cards PHOTO --game corsari|loot [--profile FILE] [--json] [--annotate OUT]`):
//   const CardGame game = card_game_from_string(option);
//   const CardProfile profile = file ? load_card_profile(*file) : load_builtin_card_profile(game);
//   const ScanResult result = scan_cards(photo, profile);   // InputError on bad input
//   std::cout << to_json(result).dump();                      // same document as `scan dice`
//   annotate(photo, result, "out.png");                       // scan.hpp, works for cards too
//   if (result.items.empty()) throw no_cards_found(photo);
// Current scope: Corsari cards (colour + number), laid face up and not overlapping (touching is
// fine when a thin line of table shows between them); the table darker than the card's white.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "scoring/input_error.hpp"
#include "vision/card_profile.hpp"
#include "vision/geometry.hpp"
#include "vision/photo.hpp"
#include "vision/scan.hpp"

namespace qm::vision {

// Stage 2: the cards' outlines in `bgr` (a normalised photo), ordered clockwise as geometry.hpp.
std::vector<Quad> find_cards(const cv::Mat& bgr);

// Stage 3: the card warped to kCardWidth x kCardHeight, portrait (possibly upside down).
cv::Mat warp_card(const cv::Mat& bgr, const Quad& corners);

// Stage 4a: the panel's colour in CIELAB (L 0..100), after dividing by the card's own white
// margin (so that warm or cold light and a grey cast cancel out).
cv::Vec3f card_colour_lab(const cv::Mat& card);

// Stage 4b: the number's ink (digits and the orientation bar) cut to its bounding square and
// reduced to kDigitFeatureSize^2 ink shares; nullopt when the centre holds no ink (not a card).
std::optional<std::vector<float>> digit_features(const cv::Mat& card);
// The same features for the card turned half a turn.
std::vector<float> turned_half(const std::vector<float>& features);

struct CardReading {
  std::string colour;
  std::string number;
  std::string label;        // colour + number
  double colour_confidence = 0;
  double number_confidence = 0;
  double confidence = 0;    // the smaller of the two
  bool uncertain = false;
  bool upside_down = false;
};

// Nearest-sample reader for one profile.
class CardReader {
 public:
  explicit CardReader(CardProfile profile);
  // nullopt when the card has no readable number.
  std::optional<CardReading> read(const cv::Mat& card) const;
  std::pair<std::string, double> read_colour(const cv::Vec3f& lab) const;
  // {label, confidence, upside_down}
  std::tuple<std::string, double, bool> read_number(const std::vector<float>& features) const;
  const CardProfile& profile() const { return profile_; }

 private:
  CardProfile profile_;
};

class CardScanner {
 public:
  explicit CardScanner(CardProfile profile, ScanParameters parameters = {});
  ScanResult scan(const std::filesystem::path& photo) const;
  ScanResult scan(const Photo& photo) const;
  const CardReader& reader() const { return reader_; }

 private:
  CardReader reader_;
  ScanParameters parameters_;
};

ScanResult scan_cards(const std::filesystem::path& photo, const CardProfile& profile);
// With the game's built-in profile.
ScanResult scan_cards(const std::filesystem::path& photo, CardGame game);

// The one-line error for a photo in which no card was found.
InputError no_cards_found(const std::filesystem::path& photo);

}  // namespace qm::vision
