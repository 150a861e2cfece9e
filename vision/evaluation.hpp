#pragma once
// Scoring a scan against a rendered scene's ground truth, for the tests and the benchmark.
// A found die matches the unmatched true die it overlaps most, when their boxes' IoU >= 0.5.
#include <vector>

#include "vision/scan.hpp"
#include "vision/scene_renderer.hpp"

namespace qm::vision {

inline constexpr double kMatchingIou = 0.5;

struct ScanScore {
  int truth = 0;         // dice in the scene
  int found = 0;         // dice the scan reported
  int matched = 0;       // found dice matching a true die
  int correct = 0;       // matched dice with the right label
  int uncertain = 0;     // matched dice reported uncertain
  int silent_errors = 0; // matched dice with a wrong label NOT reported uncertain
  double iou_sum = 0;    // over matched dice

  ScanScore& operator+=(const ScanScore& other);
  double recall() const { return truth ? static_cast<double>(matched) / truth : 1.0; }
  double precision() const { return found ? static_cast<double>(matched) / found : 1.0; }
  double accuracy() const { return matched ? static_cast<double>(correct) / matched : 1.0; }
  double mean_iou() const { return matched ? iou_sum / matched : 0.0; }
};

ScanScore score_scan(const ScanResult& result, const std::vector<RenderedDie>& truth);

// Scans a rendered image held in memory, as if it were a photo of that size.
ScanResult scan_image(const DiceScanner& scanner, const cv::Mat& image);

}  // namespace qm::vision
