#include "vision/classifier.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "scoring/input_error.hpp"

namespace qm::vision {
namespace {

double squared_distance(const float* a, const float* b, std::size_t length) {
  float sum = 0;
  for (std::size_t i = 0; i < length; ++i) {
    const float d = a[i] - b[i];
    sum += d * d;
  }
  return sum;
}

}  // namespace

double feature_distance(const Features& a, const Features& b) {
  if (a.size() != b.size() || a.empty()) return std::numeric_limits<double>::infinity();
  return std::sqrt(squared_distance(a.data(), b.data(), a.size()) / static_cast<double>(a.size()));
}

FaceClassifier::FaceClassifier(const DiceProfile& profile)
    : labels_(profile.labels),
      length_(static_cast<std::size_t>(3 * profile.parameters.feature_size * profile.parameters.feature_size)),
      reject_distance_(profile.reject_distance),
      min_confidence_(profile.parameters.min_confidence) {
  samples_.reserve(profile.samples.size() * 4 * length_);
  for (const FaceSample& sample : profile.samples) {
    const auto label = std::find(labels_.begin(), labels_.end(), sample.label);
    if (label == labels_.end() || sample.features.size() != length_) {
      throw InputError("profile " + profile.name + ": a sample does not match the profile's labels or feature size");
    }
    Features turned = sample.features;
    for (int quarter = 0; quarter < 4; ++quarter) {
      samples_.insert(samples_.end(), turned.begin(), turned.end());
      sample_labels_.push_back(static_cast<int>(label - labels_.begin()));
      turned = turned_quarter(turned, profile.parameters.feature_size);
    }
  }
}

Classification FaceClassifier::classify(const Features& features) const {
  Classification result;
  if (features.size() != length_ || sample_labels_.empty()) return result;
  // The nearest sample of each label.
  std::vector<double> nearest(labels_.size(), std::numeric_limits<double>::infinity());
  for (std::size_t s = 0; s < sample_labels_.size(); ++s) {
    double& best = nearest[static_cast<std::size_t>(sample_labels_[s])];
    best = std::min(best, squared_distance(features.data(), samples_.data() + s * length_, length_));
  }
  const auto best = std::min_element(nearest.begin(), nearest.end());
  double second = std::numeric_limits<double>::infinity();
  for (auto it = nearest.begin(); it != nearest.end(); ++it)
    if (it != best) second = std::min(second, *it);
  const double n = static_cast<double>(length_);
  result.distance = std::sqrt(*best / n);
  if (result.distance > reject_distance_) return result;
  result.label = static_cast<int>(best - nearest.begin());
  const double second_distance = std::sqrt(second / n);
  result.confidence = second_distance > 0 ? std::clamp(1.0 - result.distance / second_distance, 0.0, 1.0) : 0.0;
  result.uncertain = result.confidence < min_confidence_;
  return result;
}

}  // namespace qm::vision
