#include "vision/face_fit.hpp"

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "vision/face_features.hpp"
#include "vision/geometry.hpp"
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

// One rectangle tried: its patch is kept for the blank test of the one finally chosen.
struct Trial {
  FittedFace fitted;
  cv::Mat patch;
};

Trial try_face(const cv::Mat& bgr, const cv::RotatedRect& face, const FaceClassifier& classifier, const ScanParameters& p) {
  cv::Mat patch = rectify_face(bgr, face, p);
  return {{face, classifier.classify(face_features(patch, p))}, std::move(patch)};
}

}  // namespace

FittedFace fit_face(const cv::Mat& bgr, const cv::RotatedRect& detected, const FaceClassifier& classifier,
                    const ScanParameters& p) {
  return fit_face(bgr, std::vector<cv::RotatedRect>{detected}, classifier, p);
}

FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const ScanParameters& p) {
  CV_Assert(!outlines.empty());
  std::vector<cv::RotatedRect> hypotheses;
  for (const cv::RotatedRect& outline : outlines) {
    const std::vector<cv::RotatedRect> more = face_hypotheses(outline);
    hypotheses.insert(hypotheses.end(), more.begin(), more.end());
  }
  Trial best = try_face(bgr, hypotheses.front(), classifier, p);
  const auto keep_if_better = [&](Trial tried) {
    if (tried.fitted.classification.distance >= best.fitted.classification.distance) return false;
    best = std::move(tried);
    return true;
  };
  for (std::size_t i = 1; i < hypotheses.size(); ++i) keep_if_better(try_face(bgr, hypotheses[i], classifier, p));
  for (int round = 0; round < kMaxRounds && best.fitted.classification.distance > kWellPlaced; ++round) {
    const cv::RotatedRect centre = best.fitted.face;
    const Axes axes = axes_of(centre);
    const double step = kStep * std::sqrt(centre.size.area());
    std::vector<cv::RotatedRect> moves;
    for (const cv::Point2d& direction : {axes.width, -axes.width, axes.height, -axes.height}) {
      moves.emplace_back(cv::Point2f(cv::Point2d(centre.center) + step * direction), centre.size, centre.angle);
    }
    for (const double scale : kScales) moves.emplace_back(centre.center, centre.size * static_cast<float>(scale), centre.angle);
    bool improved = false;
    for (const cv::RotatedRect& move : moves) improved = keep_if_better(try_face(bgr, move, classifier, p)) || improved;
    if (!improved) break;
  }
  if (best.fitted.classification.label >= 0 && symbol_contrast(best.patch) < p.min_symbol_contrast) {
    best.fitted.classification.label = -1;  // blank: no die
  }
  return best.fitted;
}

}  // namespace qm::vision
