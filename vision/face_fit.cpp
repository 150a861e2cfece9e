#include "vision/face_fit.hpp"

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "vision/face_features.hpp"
#include "vision/geometry.hpp"
#include "vision/pip_constellation.hpp"
#include "vision/pip_count.hpp"
#include "vision/rectification.hpp"

namespace qm::vision {
namespace {

// A face this close to a sample is where it should be: searching further costs time and only
// gives a non-die more chances to pass for one.
constexpr double kWellPlaced = 0.25;
// The search's moves, as shares of the face's side, and its scalings, turns (degrees) and
// shears (share of one side added to the other).
constexpr double kStep = 0.06;
constexpr std::array<double, 3> kScales = {0.92, 1.08, 1.2};
constexpr std::array<double, 2> kTurns = {-8.0, 8.0};
constexpr std::array<double, 2> kShears = {-0.12, 0.12};
constexpr int kMaxRounds = 3;
// Pip dice, measured on the real webcam dice (bench_real_photos) and on drawn dice seen askew
// (classification_test): a placement whose pips disagree with the face the samples name is
// judged this much farther from them. Preferring agreement at any cost picks a part of a face
// whose pips happen to agree (two pips of a three) over the whole face with a pip at its edge;
// ignoring it lets a window over a top and a side face win.
constexpr double kDisagreement = 0.1;
// Two agreeing placements this near each other in distance are one face and part of it.
constexpr double kNestedMargin = 0.1;

// A face as the photo shows it: a parallelogram (a square seen at an angle, near enough), its
// centre and the two vectors along its sides.
struct Parallelogram {
  cv::Point2d centre;
  cv::Point2d across;  // along the rectangle's width
  cv::Point2d down;    // along its height

  static Parallelogram of(const cv::RotatedRect& rect) {
    const Axes axes = axes_of(rect);
    return {cv::Point2d(rect.center), axes.width * rect.size.width, axes.height * rect.size.height};
  }
  // From corners in order_corners' order.
  static Parallelogram of(const Quad& q) {
    const cv::Point2d c0(q[0]), c1(q[1]), c2(q[2]), c3(q[3]);
    return {(c0 + c1 + c2 + c3) / 4, ((c1 - c0) + (c2 - c3)) / 2, ((c3 - c0) + (c2 - c1)) / 2};
  }
  Quad corners() const {
    const auto at = [&](double a, double d) { return cv::Point2f(centre + a * across + d * down); };
    return order_corners({at(-0.5, -0.5), at(0.5, -0.5), at(0.5, 0.5), at(-0.5, 0.5)});
  }
  double side() const { return std::sqrt(std::abs(across.cross(down))); }
};

cv::Point2d turned(const cv::Point2d& v, double degrees) {
  const double a = degrees * CV_PI / 180.0;
  return {v.x * std::cos(a) - v.y * std::sin(a), v.x * std::sin(a) + v.y * std::cos(a)};
}

cv::RotatedRect enclosing(const Quad& corners) {
  return cv::minAreaRect(std::vector<cv::Point2f>(corners.begin(), corners.end()));
}

// One placement tried: its patch is kept for the blank test of the one finally chosen.
struct Trial {
  Parallelogram face;
  Classification classification;
  cv::Mat patch;
  PipReading pips;  // pip dice, when the classifier named a face
  bool pips_agree = false;
};

Trial try_face(const cv::Mat& bgr, const Parallelogram& face, const FaceClassifier& classifier, const std::vector<int>& pips_of_label,
               const ScanParameters& p) {
  cv::Mat patch = rectify_face(bgr, face.corners(), p);
  Trial trial{face, classifier.classify(face_features(patch, p)), std::move(patch), {}, false};
  const int label = trial.classification.label;
  if (label >= 0 && static_cast<std::size_t>(label) < pips_of_label.size()) {
    trial.pips = read_pips(trial.patch);
    trial.pips_agree = trial.pips.cut == 0 && trial.pips.pips == pips_of_label[static_cast<std::size_t>(label)];
  }
  return trial;
}

}  // namespace

FittedFace fit_face(const cv::Mat& bgr, const cv::RotatedRect& detected, const FaceClassifier& classifier,
                    const ScanParameters& p) {
  return fit_face(bgr, std::vector<cv::RotatedRect>{detected}, classifier, {}, p);
}

FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const ScanParameters& p) {
  return fit_face(bgr, outlines, classifier, {}, p);
}

FittedFace fit_face(const cv::Mat& bgr, const std::vector<cv::RotatedRect>& outlines, const FaceClassifier& classifier,
                    const std::vector<int>& pips_of_label, const ScanParameters& p) {
  CV_Assert(!outlines.empty());
  std::vector<cv::RotatedRect> hypotheses;
  for (const cv::RotatedRect& outline : outlines) {
    const std::vector<cv::RotatedRect> more = face_hypotheses(outline);
    hypotheses.insert(hypotheses.end(), more.begin(), more.end());
  }
  const auto attempt = [&](const Parallelogram& face) { return try_face(bgr, face, classifier, pips_of_label, p); };
  // Pip dice: a placement whose pips disagree with its face, or are cut by its edge, counts as
  // kDisagreement farther from the samples than it is.
  const auto judged = [&](const Trial& t) { return t.classification.distance + (!pips_of_label.empty() && !t.pips_agree ? kDisagreement : 0.0); };
  const auto better = [&](const Trial& tried, const Trial& than) {
    // Two placements whose pips agree, about as near the samples: the one with more pips holds
    // the whole face, the other part of it (four pips of a six look like a four).
    if (tried.pips_agree && than.pips_agree && tried.pips.pips != than.pips.pips &&
        std::abs(tried.classification.distance - than.classification.distance) <= kNestedMargin) {
      return tried.pips.pips > than.pips.pips;
    }
    return judged(tried) < judged(than);
  };
  const auto keep_if_better = [&](Trial tried, Trial& kept) {
    if (!better(tried, kept)) return false;
    kept = std::move(tried);
    return true;
  };
  // Small moves, turns, scalings and shears of the placement while one of them is better.
  const auto refined = [&](Trial trial) {
    for (int round = 0; round < kMaxRounds && (trial.classification.distance > kWellPlaced || (!pips_of_label.empty() && !trial.pips_agree));
         ++round) {
      const Parallelogram centre = trial.face;
      const double step = kStep * centre.side();
      std::vector<Parallelogram> moves;
      for (const cv::Point2d& side : {centre.across, centre.down}) {
        const cv::Point2d direction = side / std::max(1e-9, cv::norm(side));
        for (const double sign : {1.0, -1.0}) moves.push_back({centre.centre + sign * step * direction, centre.across, centre.down});
      }
      for (const double scale : kScales) moves.push_back({centre.centre, scale * centre.across, scale * centre.down});
      for (const double turn : kTurns) moves.push_back({centre.centre, turned(centre.across, turn), turned(centre.down, turn)});
      for (const double shear : kShears) {
        moves.push_back({centre.centre, centre.across, centre.down + shear * centre.across});
        moves.push_back({centre.centre, centre.across + shear * centre.down, centre.down});
      }
      bool improved = false;
      for (const Parallelogram& move : moves) improved = keep_if_better(attempt(move), trial) || improved;
      if (!improved) break;
    }
    return trial;
  };
  Trial best = attempt(Parallelogram::of(hypotheses.front()));
  for (std::size_t i = 1; i < hypotheses.size(); ++i) keep_if_better(attempt(Parallelogram::of(hypotheses[i])), best);
  best = refined(std::move(best));
  // Pip dice whose outlines led to no whole face agreeing with its pips (they straddle a top and
  // a side): where the pips say a face is. Not sooner, since a side's pips make a face too.
  // Each is refined before it is judged: the pips' grid frames the face a little tighter than
  // calibration did.
  if (!pips_of_label.empty() && !best.pips_agree) {
    for (const Quad& face : faces_from_pips(bgr, outlines, pips_of_label)) keep_if_better(refined(attempt(Parallelogram::of(face))), best);
  }
  FittedFace fitted{enclosing(best.face.corners()), best.face.corners(), best.classification, best.pips};
  if (fitted.classification.label >= 0) {
    const double contrast = symbol_contrast(best.patch);
    const bool blank = contrast < p.min_symbol_contrast;
    // Pip dice whose pips agree with the face are settled by them (scan.cpp), however uncertain
    // (only pip dice have pips that agree: try_face).
    const bool uncertain = fitted.classification.uncertain && !best.pips_agree;
    const bool faint_and_unlike = uncertain && contrast < p.uncertain_contrast_per_distance * fitted.classification.distance;
    if (blank || faint_and_unlike) fitted.classification.label = -1;  // no die
  }
  return fitted;
}

}  // namespace qm::vision
