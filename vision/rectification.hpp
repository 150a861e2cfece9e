#pragma once
// Stage 3: rectify a die's top face. The rectangle found by detection is warped to an upright
// square patch; the rim (face_inset of each side) is cut off, since rounded, shaded edges vary
// with the light and say nothing about the face.
#include <opencv2/core.hpp>

#include "vision/scan_parameters.hpp"

namespace qm::vision {

// A patch_size x patch_size BGR patch of the face's inner part. Which side of the patch is
// "up" depends on how the die lies; the classifier compares all four quarter turns.
cv::Mat rectify_face(const cv::Mat& bgr, const cv::RotatedRect& face, const ScanParameters& parameters);

}  // namespace qm::vision
