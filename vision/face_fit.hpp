#pragma once
// Stages 3 and 4 together: where around a detected face the top face lies, judged by how much
// its patch looks like a face of the profile (and, for pip dice, whether its pips agree).
// Detection's rectangle can hold a lit side (see face_hypotheses) or sit a little off a face
// whose rim melts into a pale table, and a square face seen at an angle is a parallelogram; the
// placement is then moved, scaled, turned and sheared step by step while it gets better. Pip
// dice whose placement still shows no whole face agreeing with its pips start again from where
// the pips' constellation puts the face (pip_constellation.hpp).
#include <vector>

#include <opencv2/core.hpp>

#include "vision/classifier.hpp"
#include "vision/geometry.hpp"
#include "vision/pip_count.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

struct FittedFace {
  cv::RotatedRect face;       // the rectangle round where the top face was found, image pixels
  Quad corners{};             // the face itself: a parallelogram, as a square seen at an angle looks
  Classification classification;
  PipReading pips;            // pip dice: the pips of the face found (fit_face with pips_of_label)
};

FittedFace fit_face(const cv::Mat& bgr, const cv::RotatedRect& detected, const FaceClassifier& classifier,
                    const ScanParameters& parameters);
// The same, starting from every outline detection gave the die.
FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const ScanParameters& parameters);
// Pip dice: pips_of_label gives each label's pips; a rectangle whose patch shows them, none cut
// by its edge, is preferred to one merely nearer the samples.
FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const std::vector<int>& pips_of_label, const ScanParameters& parameters);

}  // namespace qm::vision
