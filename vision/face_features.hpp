#pragma once
// What a rectified face looks like, as a vector compared by distance: the face shrunk to
// feature_size x feature_size in CIE Lab (sRGB, D65), lightness normalised to zero mean and unit spread
// (so exposure and shading do not matter), colour measured from the face's own colour (the
// mean of its lighter half), so a coin is yellower than its face and a sabre no more coloured
// whatever cast the light and the white balance left on the die. Layout: all L values row by row, then all a, then all b.
#include <vector>

#include <opencv2/core.hpp>

#include "vision/scan_parameters.hpp"

namespace qm::vision {

using Features = std::vector<float>;

Features face_features(const cv::Mat& patch, const ScanParameters& parameters);

// The spread of the patch's grey levels (0..255): every face bears a symbol, so a patch this
// flat is glare or plain table, however its faint texture happens to compare.
double symbol_contrast(const cv::Mat& patch);

// The features of the same face turned by a quarter turn clockwise, without the patch:
// turning the grid only moves its cells.
Features turned_quarter(const Features& features, int feature_size);

}  // namespace qm::vision
