#pragma once
// Card faces drawn from scratch (no image files): the renderer's cards, the built-in profiles'
// training samples and the tests all come from here. Every card is a white card with a
// coloured panel. Cards with a number (Corsari's, Loot's merchants and pirate ships) carry it
// in black on a white disc in the panel's centre, with a bar under it (the bar says which way
// up the card lies, so 6 and 9 differ); the other cards (Loot's captains and admiral) carry an
// emblem there instead. As on real cards, a small white corner index repeats the number or
// emblem in the panel's top-left corner and, turned half a turn, in its bottom-right one, so a
// card covered by another is still read from the corner that shows. Two art styles: the
// built-in profiles are trained on `classic`; `alternate` (other proportions, fonts and inks)
// stands for a real deck and is what calibration tests learn.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/card_profile.hpp"

namespace qm::vision {

// The canonical (rectified) card: portrait, this many pixels.
inline constexpr int kCardWidth = 120;
inline constexpr int kCardHeight = 180;

enum class CardArt { classic, alternate };

// A colour of the panel ink (RGB) under its label's colour name.
struct CardColour {
  const char* name;
  cv::Vec3b rgb;
};
inline constexpr int kCorsariColours = 10;
inline constexpr int kCorsariMaxNumber = 11;
// Corsari's ten colours (RULINGS.md), in a fixed order, with the classic deck's ink.
const std::array<CardColour, kCorsariColours>& corsari_colours();

// Index of a colour name in corsari_colours(), -1 when unknown.
int corsari_colour_index(const std::string& name);

// "red7" -> {index of red, 7}; {-1, 0} when the label is not a Corsari colour+number.
std::pair<int, int> split_card_label(const std::string& label);
std::string card_label(int colour, int number);

// Any card label: colour+number (`red7`, and Loot's `m5` and `blue3`: the colour part is what
// precedes the trailing number) or nullopt for a label learned whole (`captain-blue`, `admiral`).
struct LabelParts {
  std::string colour;
  std::string number;
};
std::optional<LabelParts> split_label(const std::string& label);

// Loot's panel inks: the merchants' (colour part `m`) and the four pirate colours.
const std::vector<CardColour>& loot_colours();
inline constexpr int kLootMaxNumber = 8;  // merchants 2..8, pirate ships 1..4

// Every card of a game in the notation (scoring/notation.hpp), the deck's own order.
std::vector<std::string> deck_labels(CardGame game);
// The colour parts and numbers a game's colour+number labels use, and its whole labels.
std::vector<std::string> deck_colours(CardGame game);
std::vector<std::string> deck_numbers(CardGame game);
std::vector<std::string> deck_wholes(CardGame game);

// How a face is drawn: which font and stroke the number uses (several, so that the digit
// reader does not learn one font), and small ink variations.
struct CardStyle {
  CardArt art = CardArt::classic;
  int font_variant = 0;    // 0..kFontVariants-1
  double ink_jitter = 0;   // 0..1: how far the panel ink strays from the nominal colour
  unsigned seed = 0;       // for the ink jitter
};
inline constexpr int kFontVariants = 6;

// The face at canonical size, 8-bit BGR.
cv::Mat draw_corsari_card(int colour, int number, const CardStyle& style = {});
// Any card of the game by its label (notation token); InputError when the game has no such card.
cv::Mat draw_card(CardGame game, const std::string& label, const CardStyle& style = {});

// Regions of the canonical card (the same for both art styles, as a real deck is assumed to
// have a white margin, a plain central panel around the number and corner indices).
cv::Rect card_border_strip_top();     // white margin along the top edge
cv::Rect card_border_strip_bottom();
cv::Rect card_border_strip_left();    // white margin along the left edge (seen on a covered card)
std::array<cv::Rect, 2> card_panel_strips();  // plain panel above and below the number disc
std::array<cv::Rect, 2> card_panel_sides();   // plain panel left and right of the disc, where it is narrowest
cv::Point card_number_centre();
int card_number_radius();
// The panel just round the number's disc, between these shares of its radius from its centre:
// inside the panel all round, as the panel reaches 1.3 radii at its narrow sides.
std::array<double, 2> card_panel_round_disc();
double card_disc_share();            // the number's disc's share of the card's area
cv::Rect card_corner_index();         // the top-left corner index
cv::Rect card_panel_left_strip();     // plain panel down the left side, left of the disc (a covered card shows it)
// The panel as the detection expects it (a real deck is assumed to be close): canonical pixels.
cv::Rect card_panel();

}  // namespace qm::vision
