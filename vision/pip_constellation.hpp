#pragma once
// Where a pip die's top face lies, told by its pips. Detection outlines a die by its white, and
// at a steep angle the white of the top and of a lit side run together: a rectangle placed from
// that outline can straddle the edge and show part of each face (a six read as a two, a five as
// a four). The pips themselves say where the face is: a face's pips sit on a 3x3 grid that the
// photo shows as a parallelogram, so three pips of a four, five or six fix the whole face, and
// the two or three of a two or three fix it with the pips' own shape (a round pip seen at an
// angle is an ellipse squeezed as much as its face).
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"

namespace qm::vision {

// The placements of a top face whose pips show one of pip_counts (2 to 6; others are skipped)
// among the dark round spots around the die outlined by `outlines` (image pixels), best fitting
// first, at most a few. Each is the parallelogram round the face, as rectify_face takes it. A
// constellation is none when a spot of its pips' size lies inside its face unexplained (a four
// inside a five), when one of more pips explains its pips about as well (two rows of a six), or
// when the die's outline reaches well above it: a photo is taken from above and upright, so the
// top face is the die's highest, and a face below it is a side.
std::vector<Quad> faces_from_pips(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const std::vector<int>& pip_counts);

}  // namespace qm::vision
