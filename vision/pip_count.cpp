#include "vision/pip_count.hpp"

#include "vision/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace qm::vision {
namespace {

// A pip's area as a share of the patch: a six's pips are about 1.5 %, a one's about 6 %.
constexpr double kMinPipShare = 0.004;
constexpr double kMaxPipShare = 0.12;
// A pip of the top face seen up to 45 degrees off vertical is at most 1.4 times as long as wide;
// a pip of a side face seen edge on, or a letter's stroke, is longer.
constexpr double kMaxElongation = 2.5;
// Roundness, 4 pi area / perimeter^2: a disc is 1, a ragged speck or a symbol's part far less.
constexpr double kMinRoundness = 0.5;
// The pips of one face are of one size: a dark spot under this share of the median is a speck.
constexpr double kMinShareOfMedian = 0.4;

// Length over width of the spot's best-fitting ellipse, from its second moments.
double elongation(const cv::Moments& m) {
  if (m.m00 <= 0) return 1e9;
  const double a = m.mu20 / m.m00, b = m.mu11 / m.m00, c = m.mu02 / m.m00;
  const double root = std::sqrt(4 * b * b + (a - c) * (a - c));
  const double smaller = (a + c - root) / 2, larger = (a + c + root) / 2;
  return smaller > 0 ? std::sqrt(larger / smaller) : 1e9;
}

}  // namespace

MeasuredSpot measure_spot(const std::vector<cv::Point>& contour) {
  const double perimeter = cv::arcLength(contour, true);
  const double inside = cv::contourArea(contour);
  const double roundness = 4 * std::numbers::pi * inside / std::max(1.0, perimeter * perimeter);
  MeasuredSpot spot{inside + 0.5 * perimeter, cv::moments(contour), false};
  spot.pip_shaped = roundness >= kMinRoundness && elongation(spot.moments) <= kMaxElongation;
  return spot;
}

int count_pips(const cv::Mat& patch) { return read_pips(patch).pips; }

PipReading read_pips(const cv::Mat& patch) {
  CV_Assert(patch.type() == CV_8UC3 && !patch.empty());
  cv::Mat grey;
  cv::cvtColor(patch, grey, cv::COLOR_BGR2GRAY);
  cv::Mat dark;
  const double level = cv::threshold(grey, dark, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
  // Otsu splits any patch in two; on a face without pips the two halves differ by shading only.
  cv::Scalar face_level = cv::mean(grey, dark == 0);
  cv::Scalar pip_level = cv::mean(grey, dark);
  if (face_level[0] - pip_level[0] < kMinPipContrast || level <= 0) return {};

  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(dark, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  const double patch_area = static_cast<double>(patch.total());
  std::vector<double> areas;
  PipReading reading;
  for (const auto& contour : contours) {
    const cv::Rect bounds = cv::boundingRect(contour);
    const MeasuredSpot spot = measure_spot(contour);
    const double area = spot.area;
    if (bounds.x == 0 || bounds.y == 0 || bounds.br().x >= patch.cols || bounds.br().y >= patch.rows) {
      if (area >= 0.5 * kMinPipShare * patch_area) ++reading.cut;
      continue;
    }
    if (area < kMinPipShare * patch_area || area > kMaxPipShare * patch_area) continue;
    if (!spot.pip_shaped) continue;
    areas.push_back(area);
  }
  if (areas.empty()) return reading;
  const double median = median_value(areas);
  reading.pips = static_cast<int>(std::count_if(areas.begin(), areas.end(), [&](double a) { return a >= kMinShareOfMedian * median; }));
  return reading;
}

}  // namespace qm::vision
