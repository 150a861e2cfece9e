#pragma once
// Stage 4: classify a rectified face against a profile by nearest neighbours. Every learned
// sample is compared in its four quarter turns (a die lies any way round). The nearest
// sample's label wins; the confidence is the margin to the nearest sample of any other label,
// 1 - best / second (0: a tie, towards 1: clear). A face farther than the profile's
// reject_distance from every sample is no die at all (glare, a coin on the table, ...).
#include <string>
#include <vector>

#include "vision/face_features.hpp"
#include "vision/profile.hpp"

namespace qm::vision {

struct Classification {
  int label = -1;          // index into the profile's labels; -1: not a die
  double confidence = 0;   // 0..1
  bool uncertain = true;   // confidence below the profile's min_confidence
  double distance = 0;     // RMS feature distance to the nearest sample
};

class FaceClassifier {
 public:
  explicit FaceClassifier(const DiceProfile& profile);

  Classification classify(const Features& features) const;
  const std::vector<std::string>& labels() const { return labels_; }

 private:
  std::vector<std::string> labels_;
  std::vector<int> sample_labels_;   // one per stored (turned) sample
  std::vector<float> samples_;       // row-major, length_ floats per sample
  std::size_t length_ = 0;
  double reject_distance_ = 0;
  double min_confidence_ = 0;
};

// RMS distance between two feature vectors of equal length.
double feature_distance(const Features& a, const Features& b);

}  // namespace qm::vision
