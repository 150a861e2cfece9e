#pragma once

// Stage 2 of card scanning, for decks without coloured panels (playing cards): a fanned row of
// cards is one white shape, and the cards under the top one are placed from their edges.

#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

// The cards under `top` in the row `row` (a white shape seen whole; `top`, a card seen at another
// level of white, lies at one of its ends), each its whole outline, hidden part included, ordered
// as geometry.hpp. A covered card's own edge is a straight line across the whole row (the shadow
// of its side), or the row's far end; the card reaches from it towards `top` as wide as `top`.
// None where `top` lies at no end of `row`, or its own side does not show across the row (the
// soft edge of a shade across one card, lit "card" and shaded rest, is no row).
std::vector<Quad> cards_under_in_row(const cv::Mat& bgr, const Quad& row, const Quad& top, const ScanParameters& p);

}  // namespace qm::vision
