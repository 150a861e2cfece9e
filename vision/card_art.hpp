#pragma once
// Card faces drawn from scratch (no image files): the renderer's cards, the built-in profile's
// training samples and the tests all come from here. A Corsari card is a white card with a
// coloured panel; in the panel's centre a white disc carries the number in black with a bar
// under it (the bar says which way up the card lies, so 6 and 9 differ). Two art styles: the
// built-in profile is trained on `classic`; `alternate` (other proportions, fonts and inks)
// stands for a real deck and is what calibration tests learn.
#include <array>
#include <string>

#include <opencv2/core.hpp>

namespace qm::vision {

// The canonical (rectified) card: portrait, this many pixels.
inline constexpr int kCardWidth = 120;
inline constexpr int kCardHeight = 180;

enum class CardArt { classic, alternate };

// Corsari's ten colours (RULINGS.md), in a fixed order, with the classic deck's ink (RGB).
struct CardColour {
  const char* name;
  cv::Vec3b rgb;
};
inline constexpr int kCorsariColours = 10;
inline constexpr int kCorsariMaxNumber = 11;
const std::array<CardColour, kCorsariColours>& corsari_colours();

// Index of a colour name in corsari_colours(), -1 when unknown.
int corsari_colour_index(const std::string& name);

// "red7" -> {index of red, 7}; {-1, 0} when the label is not colour+number.
std::pair<int, int> split_card_label(const std::string& label);
std::string card_label(int colour, int number);

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

// Regions of the canonical card (the same for both art styles, as a real deck is assumed to
// have a white margin and a plain central panel around the number).
cv::Rect card_border_strip_top();     // white margin along the top edge
cv::Rect card_border_strip_bottom();
std::array<cv::Rect, 2> card_panel_strips();  // plain panel above and below the number disc
cv::Point card_number_centre();
int card_number_radius();

}  // namespace qm::vision
