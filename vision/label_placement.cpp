// place_labels(): labels of an annotated photo placed so they do not cover each other.
#include "vision/label_placement.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace qm::vision {
namespace {

// The spots tried for a label, best first: hugging the box (above, below, right, left), then
// stepped further out above and below, where a crowd of touching dice leaves room.
std::vector<cv::Point> spots_around(const cv::Rect& box, cv::Size label) {
  constexpr int kGap = 2;
  constexpr int kSteps = 3;
  const int above = box.y - kGap - label.height;
  const int below = box.y + box.height + kGap;
  const int middle = box.y + (box.height - label.height) / 2;
  const int right_aligned = box.x + box.width - label.width;
  std::vector<cv::Point> spots = {
      {box.x, above},
      {right_aligned, above},
      {box.x, below},
      {right_aligned, below},
      {box.x + box.width + kGap, middle},
      {box.x - kGap - label.width, middle},
  };
  for (int step = 1; step <= kSteps; ++step) {
    spots.emplace_back(box.x, above - step * (label.height + kGap));
    spots.emplace_back(box.x, below + step * (label.height + kGap));
  }
  return spots;
}

cv::Rect clamp_into(cv::Rect rect, cv::Size image) {
  rect.x = std::clamp(rect.x, 0, std::max(0, image.width - rect.width));
  rect.y = std::clamp(rect.y, 0, std::max(0, image.height - rect.height));
  return rect;
}

std::int64_t overlap(const cv::Rect& a, const cv::Rect& b) { return static_cast<std::int64_t>((a & b).area()); }

}  // namespace

std::vector<cv::Rect> place_labels(const std::vector<cv::Rect>& items, const std::vector<cv::Size>& labels,
                                   cv::Size image) {
  if (items.size() != labels.size()) throw std::invalid_argument("place_labels: one label per item");
  // Hiding another label loses its text entirely; covering a die only hides part of its rim.
  constexpr std::int64_t kLabelWeight = 8;
  std::vector<cv::Rect> placed;
  placed.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    cv::Rect best;
    std::int64_t best_cost = std::numeric_limits<std::int64_t>::max();
    for (const cv::Point& spot : spots_around(items[i], labels[i])) {
      const cv::Rect rect = clamp_into(cv::Rect(spot, labels[i]), image);
      std::int64_t cost = 0;
      for (const cv::Rect& other : placed) cost += kLabelWeight * overlap(rect, other);
      for (const cv::Rect& item : items) cost += overlap(rect, item);
      if (cost < best_cost) {
        best_cost = cost;
        best = rect;
      }
      if (cost == 0) break;
    }
    placed.push_back(best);
  }
  return placed;
}

}  // namespace qm::vision
