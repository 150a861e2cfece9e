#pragma once

// Stage 2 of card scanning, for decks without coloured panels (playing cards): cards dropped on
// each other at angles, turned against each other (no fanned row), are one white shape that is
// no card's. A card whose whole side runs along the shape's outline, from one of its corners to
// the next, is placed from that side.

#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

// The cards of the pile whose outline is `shape` (an outer contour of the white, image pixels),
// each its whole outline, hidden part included, ordered as geometry.hpp. A card is `aspect` times
// as long as it is wide, and about `long_side` pixels long where that is known (the cards seen
// whole in the photo; 0: not known). Each lies in the shape, its corners within `inner` (corners
// on the photo's frame are the frame's).
std::vector<Quad> cards_in_pile(const std::vector<cv::Point>& shape, double aspect, double long_side, const cv::Rect2f& inner,
                                double image_area, const ScanParameters& p);

}  // namespace qm::vision
