#include "vision/evaluation.hpp"

namespace qm::vision {

ScanScore& ScanScore::operator+=(const ScanScore& other) {
  truth += other.truth;
  found += other.found;
  matched += other.matched;
  correct += other.correct;
  uncertain += other.uncertain;
  silent_errors += other.silent_errors;
  iou_sum += other.iou_sum;
  return *this;
}

ScanScore score_scan(const ScanResult& result, const std::vector<RenderedDie>& truth) {
  ScanScore score;
  score.truth = static_cast<int>(truth.size());
  score.found = static_cast<int>(result.items.size());
  std::vector<bool> taken(truth.size(), false);
  for (const ScannedItem& die : result.items) {
    double best = kMatchingIou;
    int match = -1;
    for (std::size_t t = 0; t < truth.size(); ++t) {
      const double overlap = iou(die.box, truth[t].box);
      if (!taken[t] && overlap >= best) {
        best = overlap;
        match = static_cast<int>(t);
      }
    }
    if (match < 0) continue;
    taken[static_cast<std::size_t>(match)] = true;
    ++score.matched;
    score.iou_sum += best;
    const bool right = die.label == truth[static_cast<std::size_t>(match)].label;
    score.correct += right ? 1 : 0;
    score.uncertain += die.uncertain ? 1 : 0;
    score.silent_errors += (!right && !die.uncertain) ? 1 : 0;
  }
  return score;
}

ScanResult scan_image(const DiceScanner& scanner, const cv::Mat& image) {
  return scanner.scan(normalise_photo(image, image.size(), scanner.profile().parameters));
}

}  // namespace qm::vision
