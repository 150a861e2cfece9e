#pragma once
// Photo -> recognised cards (Vision II), reusing Vision I's photo stage and ScanResult:
//   load_photo (photo.hpp) -> locate_cards -> warp_card -> card_colour_lab + digit_features
//   (a covered card: corner_colour_lab + corner_features) -> CardReader (nearest samples of a
//   CardProfile; a calibrated one may read numbers by their look instead, card_look.hpp)
// Usage (the CLI's `scan cards PHOTO --game corsari|loot [--profile FILE] [--json] [--annotate OUT]`):
//   const CardGame game = card_game_from_string(option);
//   const CardProfile profile = file ? load_card_profile(*file) : load_builtin_card_profile(game);
//   const ScanResult result = scan_cards(photo, profile);   // InputError on bad input
//   std::cout << to_json(result).dump();                      // same document as `scan dice`
//   annotate(photo, result, "out.png");                       // scan.hpp, works for cards too
//   if (result.items.empty()) throw no_cards_found(photo);
// Scope: Corsari and Loot cards laid face up, side by side, touching or overlapping (a fanned
// hand: a card covered by another is read from its corner index when at least the index and
// the panel's edge show); the table darker than the card's white. Limits: vision/CARDS.md.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "scoring/input_error.hpp"
#include "vision/card_fans.hpp"
#include "vision/card_profile.hpp"
#include "vision/geometry.hpp"
#include "vision/photo.hpp"
#include "vision/scan.hpp"

namespace qm::vision {

// Stage 2: the cards in `bgr` (a normalised photo). A card seen whole is found from its white
// outline; cards that touch or overlap merge into one white shape, and are found from the
// coloured panels inside it: a whole panel gives its card, a panel cut by the card lying on it
// gives the whole card when its corner index shows (the card's size follows from the panel's
// full side).
struct CardOutline {
  // The whole card (hidden parts included), image pixels. Seen whole: ordered clockwise as
  // geometry.hpp. Covered: in the canonical card's order, the visible corner index first, so
  // that warp_card puts it at the top left.
  Quad corners;
  double visible = 1;  // the share of the panel's width that shows (1: the whole card)
  bool read_for_sure = false;  // doubtful as a card: one only if its reading is sure
  bool under_in_row = false;   // placed from a fanned row's edges (card_rows.hpp): covered, its face not read
  bool under_top_card = false; // placed from the top card of a fanned hand (card_fans.hpp): covered
  std::optional<Quad> seen_whole_as = std::nullopt;  // ... whose strip was found as a card seen whole: this outline
  std::optional<FannedCard> walked_again_as = std::nullopt;  // ... and placed again from the top card's outline fitted to the edges
  bool in_pile = false;        // placed from its corners in a pile of another deck's cards (card_piles.hpp): its face not read
  bool parted = false;         // ... one of the cards a shape taken for one card was: read, but only ever in doubt (one may lie on it)
  bool face_shown = false;     // its face judged printed with what lies over it painted as paper (locate_cards): not judged again
  bool covered() const { return visible < 1; }
};
// Every tunable value of this stage and of reading is in `parameters` (scan_parameters.hpp).
std::vector<CardOutline> locate_cards(const cv::Mat& bgr, const ScanParameters& parameters = {});
// The corners of locate_cards, every one ordered as geometry.hpp.
std::vector<Quad> find_cards(const cv::Mat& bgr, const ScanParameters& parameters = {});

// Stage 3: the card warped to kCardWidth x kCardHeight, portrait (possibly upside down).
cv::Mat warp_card(const cv::Mat& bgr, const Quad& corners);
// Seen whole as above; covered, with the visible corner index at the top left.
cv::Mat warp_card(const cv::Mat& bgr, const CardOutline& outline);

// Stage 4a: the panel's colour in CIELAB (L 0..100), after dividing by the card's own white
// margin (so that warm or cold light and a grey cast cancel out).
cv::Vec3f card_colour_lab(const cv::Mat& card, const ScanParameters& parameters = {});

// Stage 4b: the number's ink (digits and the orientation bar) cut to its bounding square and
// reduced to kDigitFeatureSize^2 ink shares; nullopt when the centre holds no ink (not a card).
std::optional<std::vector<float>> digit_features(const cv::Mat& card, const ScanParameters& parameters = {});
// The same features for the card turned half a turn.
std::vector<float> turned_half(const std::vector<float>& features);

// The same two read down the left side only, for a covered card: the panel's colour down its
// left side (a finger over one corner of it still leaves it the panel's median) against the
// white of the left margin, and the white ink of the top-left corner index (always upright at
// the top left, whichever way the card lies).
cv::Vec3f corner_colour_lab(const cv::Mat& card, const ScanParameters& parameters = {});
std::optional<std::vector<float>> corner_features(const cv::Mat& card, const ScanParameters& parameters = {});

struct CardReading {
  std::string colour;       // empty for a card read whole
  std::string number;
  std::string label;        // colour + number, or the whole label
  double colour_confidence = 0;
  double number_confidence = 0;
  double confidence = 0;    // the smaller of the two
  bool uncertain = false;
  bool upside_down = false;
  double colour_distance = 0;  // CIELAB, from the panel's colour to the nearest colour learned (0: read whole)
};

// Nearest-sample reader for one profile.
class CardReader {
 public:
  explicit CardReader(CardProfile profile, ScanParameters parameters = {});
  // nullopt when the card has no readable number or emblem, and read_by_look_alone no reading.
  std::optional<CardReading> read(const cv::Mat& card) const;
  // A covered card, from its corner (warp_card of a covered outline); nullopt when the
  // corner holds no index or the profile knows no corner shapes.
  std::optional<CardReading> read_corner(const cv::Mat& card) const;
  // A covered card whose panel shows `visible` of its width: from its corner or, where so much
  // shows that its number's disc is there to read (covered_number_min_visible), from what shows
  // of the disc, whichever is surer. A blurred photo's corner index is a few pixels high.
  std::optional<CardReading> read_covered(const cv::Mat& card, double visible) const;
  std::pair<std::string, double> read_colour(const cv::Vec3f& lab) const;
  // {label, confidence, upside_down}
  std::tuple<std::string, double, bool> read_number(const std::vector<float>& features) const;
  const CardProfile& profile() const { return profile_; }

 private:
  std::optional<CardReading> read_from(const std::vector<float>& features, const cv::Vec3f& lab, bool corner) const;
  // The distance from `lab` to each colour learned, its nearest sample's.
  std::map<std::string, double> colour_distances(const cv::Vec3f& lab) const;
  // The colour of `reading` read from `lab`, its confidence and distance too; false when the
  // profile learned no colour (the colour then empty).
  bool read_colour_into(const cv::Vec3f& lab, CardReading& reading) const;
  // The number of `reading` (a colour+number card seen whole) read again by its look, from the
  // profile's looks (card_look.hpp).
  void read_number_by_look(const cv::Mat& card, CardReading& reading) const;
  // A card seen whole whose middle holds no numeral's ink (a playing card's pips or picture) but
  // that shows a printed face, read by its colour and its look alone, where the profile reads
  // numbers by their look; else nullopt.
  std::optional<CardReading> read_by_look_alone(const cv::Mat& card) const;
  // read_corner with the colour beside the corner measured already (`lab`: corner_colour_lab).
  std::optional<CardReading> read_corner(const cv::Mat& card, const cv::Vec3f& lab) const;

  CardProfile profile_;
  ScanParameters parameters_;
};

// How far a warped card's look lies from the nearest of `looks`, either way up: the distance
// the reader holds against a profile's look_max_distance (calibration sets that limit from it).
// The largest double where no look is of the card's length.
double nearest_look_distance(const cv::Mat& card, const std::vector<NumberSample>& looks);

// A card seen whole that the profile cannot read (another deck's layout, a face too blurred to
// read) but that shows a printed face of some deck: its margin one paper along all four edges,
// and ink clearly darker than that paper over a good share of what lies inside. A patch of
// table or a blank sheet shows no such face. The scan reports such a card as kUnreadLabel
// (scan.hpp), uncertain, for the players to name.
bool shows_a_printed_face(const cv::Mat& card, const ScanParameters& parameters = {});

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
