#pragma once
// What the middle of a card looks like, as a vector compared by distance: histograms of the
// directions of its grey level's edges (HOG: 4 x 4 cells of 9 directions, normalised in blocks
// of 2 x 2 cells). A deck's number is printed in its own way (UNO's white numeral outlined in
// black on the card's colour, Corsari's black numeral on a white disc); learned from photos of
// the table's own deck, it is read by its edges, which keep their directions whatever the
// card's colour, the light or the blur, where the ink's shape (digit_features) is lost when the
// numeral is not the darkest thing on the card.
#include <vector>

#include <opencv2/core.hpp>

namespace qm::vision {

inline constexpr int kCardLookLength = 3 * 3 * 4 * 9;  // blocks, cells a block, directions

// `card`: a card warped to kCardWidth x kCardHeight (warp_card); turned: as if it lay the other way up.
std::vector<float> card_look(const cv::Mat& card, bool turned = false);

// As a profile keeps it (card_profile.cpp: a byte a value): what a profile learns is compared
// as it will be read back.
std::vector<float> quantised_look(const std::vector<float>& look);

}  // namespace qm::vision
