#pragma once
// The cards under the top card of a fanned hand of a deck of the printed layout (card_art.hpp),
// walked from that card along the row. Each card under another shows a strip at one side: its
// margin down the whole side, a stretch of its panel with the corner index, and its top and
// bottom margins, up to the side of the card on it. Found from their panels alone, such strips
// merge where a finger or a shade breaks the row's margin; the top card, found whole, says how
// large and how turned the cards of its row are, so the sides of the cards under it are looked
// for where they must lie.
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

struct FannedCard {
  Quad corners;         // the whole card, hidden part included: the visible index's corner first
  double visible = 0;   // the share of its panel's width that shows
  Quad strip;           // the part of it that shows, ordered as corners
};

// The cards under `top` (a card of the printed layout seen whole, ordered as geometry.hpp),
// nearest first, on whichever side of it they lie, in the photo whose pixels' darkest channels
// are `darkest` (8-bit: high only on the paper; a panel's colour, the table and shade are dark
// in one channel at least). None where no card's side shows where a card under it would.
std::vector<FannedCard> cards_under_top_card(const cv::Mat& darkest, const Quad& top, const ScanParameters& parameters = {});

}  // namespace qm::vision
