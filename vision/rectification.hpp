#pragma once
// Stage 3: rectify a die's top face. The rectangle found by detection is warped to an upright
// square patch; the rim (face_inset of each side) is cut off, since rounded, shaded edges vary
// with the light and say nothing about the face.
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

// A patch_size x patch_size BGR patch of the face's inner part. Which side of the patch is
// "up" depends on how the die lies; the classifier compares all four quarter turns.
cv::Mat rectify_face(const cv::Mat& bgr, const cv::RotatedRect& face, const ScanParameters& parameters);
// The same for a face seen askew: the parallelogram of `corners` (ordered round it; the fourth is
// implied by the other three).
cv::Mat rectify_face(const cv::Mat& bgr, const Quad& corners, const ScanParameters& parameters);

// Where the top face may lie within a detected face. Seen obliquely, a die shows a side turned
// to the light that can be nearly as white as its top, and detection then takes both for the
// face: a rectangle longer than a top face ever is. The top is then at one end of it, as wide
// as the rectangle and at most as long. The first hypothesis is the rectangle itself; the
// classifier keeps the one that looks most like a face.
std::vector<cv::RotatedRect> face_hypotheses(const cv::RotatedRect& face);

}  // namespace qm::vision
