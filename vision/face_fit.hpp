#pragma once
// Stages 3 and 4 together: which rectangle around a detected face holds the top face, judged by
// how much its patch looks like a face of the profile. Detection's rectangle can hold a lit side
// (see face_hypotheses) or sit a little off a face whose rim melts into a pale table; the
// rectangle is then moved and scaled step by step while the classifier's distance falls.
#include <opencv2/core.hpp>

#include "vision/classifier.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

struct FittedFace {
  cv::RotatedRect face;       // where the top face was found, image pixels
  Classification classification;
};

FittedFace fit_face(const cv::Mat& bgr, const cv::RotatedRect& detected, const FaceClassifier& classifier,
                    const ScanParameters& parameters);
// The same, starting from every outline detection gave the die.
FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const ScanParameters& parameters);

}  // namespace qm::vision
