#include "vision/face_fit.hpp"

#include <array>
#include <cmath>

#include "vision/face_features.hpp"
#include "vision/rectification.hpp"

namespace qm::vision {
namespace {

// A face this close to a sample is where it should be: searching further costs time and only
// gives a non-die more chances to pass for one.
constexpr double kWellPlaced = 0.25;
// The search's moves, as shares of the face's side, and its scalings.
constexpr double kStep = 0.06;
constexpr std::array<double, 2> kScales = {0.92, 1.08};
constexpr int kMaxRounds = 3;

Classification classify_at(const cv::Mat& bgr, const cv::RotatedRect& face, const FaceClassifier& classifier,
                           const ScanParameters& p) {
  return classifier.classify(face_features(rectify_face(bgr, face, p), p));
}

}  // namespace

FittedFace fit_face(const cv::Mat& bgr, const cv::RotatedRect& detected, const FaceClassifier& classifier,
                    const ScanParameters& p) {
  FittedFace best;
  bool first = true;
  for (const cv::RotatedRect& hypothesis : face_hypotheses(detected)) {
    const Classification tried = classify_at(bgr, hypothesis, classifier, p);
    if (first || tried.distance < best.classification.distance) best = {hypothesis, tried};
    first = false;
  }
  for (int round = 0; round < kMaxRounds && best.classification.distance > kWellPlaced; ++round) {
    const cv::RotatedRect& centre = best.face;
    const double angle = centre.angle * CV_PI / 180.0;
    const cv::Point2f across(static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)));
    const cv::Point2f down(-across.y, across.x);
    const float step = static_cast<float>(kStep * std::sqrt(centre.size.area()));
    std::vector<cv::RotatedRect> moves;
    for (const cv::Point2f& direction : {across, -across, down, -down}) {
      moves.emplace_back(centre.center + step * direction, centre.size, centre.angle);
    }
    for (const double scale : kScales) moves.emplace_back(centre.center, centre.size * static_cast<float>(scale), centre.angle);
    bool improved = false;
    FittedFace next = best;
    for (const cv::RotatedRect& move : moves) {
      const Classification tried = classify_at(bgr, move, classifier, p);
      if (tried.distance < next.classification.distance) {
        next = {move, tried};
        improved = true;
      }
    }
    if (!improved) break;
    best = next;
  }
  if (best.classification.label >= 0 && symbol_contrast(rectify_face(bgr, best.face, p)) < p.min_symbol_contrast) {
    best.classification.label = -1;  // blank: no die
  }
  return best;
}

}  // namespace qm::vision
