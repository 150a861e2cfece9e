#include "vision/card_look.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "vision/card_art.hpp"

namespace qm::vision {
namespace {

constexpr int kLookSide = 32;  // the middle shrunk to this square: a numeral's strokes, not the paper's grain
constexpr int kCells = 4;
constexpr int kBins = 9;           // directions over half a turn: a light stroke on dark ink has the same edges
constexpr float kBlockClip = 0.2f;  // one strong edge (the disc's rim) must not drown a block
static_assert(kCardLookLength == (kCells - 1) * (kCells - 1) * 4 * kBins);

// The histograms of `grey` (kLookSide square), each pixel's edge strength shared between the two
// directions nearest its own.
std::vector<float> gradient_histograms(const cv::Mat& grey) {
  cv::Mat gx, gy, magnitude, angle;
  cv::Sobel(grey, gx, CV_32F, 1, 0, 1);
  cv::Sobel(grey, gy, CV_32F, 0, 1, 1);
  cv::cartToPolar(gx, gy, magnitude, angle, true);
  constexpr int cell = kLookSide / kCells;
  std::vector<float> cells(static_cast<std::size_t>(kCells * kCells * kBins), 0.0f);
  for (int y = 0; y < kLookSide; ++y) {
    for (int x = 0; x < kLookSide; ++x) {
      const float m = magnitude.at<float>(y, x);
      const float bin = std::fmod(angle.at<float>(y, x), 180.0f) / (180.0f / kBins) - 0.5f;
      const int low = static_cast<int>(std::floor(bin));
      const float up = bin - static_cast<float>(low);
      float* histogram = &cells[static_cast<std::size_t>(((y / cell) * kCells + x / cell) * kBins)];
      histogram[(low + kBins) % kBins] += m * (1 - up);
      histogram[(low + 1) % kBins] += m * up;
    }
  }
  // Each block of 2 x 2 cells normalised on its own (L2, clipped, normalised again), so that a
  // dim photo's numeral weighs what a sharp one's does.
  std::vector<float> features;
  features.reserve(static_cast<std::size_t>((kCells - 1) * (kCells - 1) * 4 * kBins));
  for (int by = 0; by + 1 < kCells; ++by) {
    for (int bx = 0; bx + 1 < kCells; ++bx) {
      std::vector<float> block;
      for (int cy = by; cy < by + 2; ++cy) {
        for (int cx = bx; cx < bx + 2; ++cx) {
          const float* histogram = &cells[static_cast<std::size_t>((cy * kCells + cx) * kBins)];
          block.insert(block.end(), histogram, histogram + kBins);
        }
      }
      for (const bool clip : {true, false}) {
        double sum = 1e-6;
        for (const float v : block) sum += static_cast<double>(v) * v;
        const auto scale = static_cast<float>(1.0 / std::sqrt(sum));
        for (float& v : block) v = clip ? std::min(v * scale, kBlockClip) : v * scale;
      }
      features.insert(features.end(), block.begin(), block.end());
    }
  }
  return features;
}

}  // namespace

std::vector<float> card_look(const cv::Mat& card, bool turned) {
  CV_Assert(card.cols == kCardWidth && card.rows == kCardHeight);
  // The middle half of the card's height and two thirds of its width: the number, printed large
  // there (a corner index is a few pixels high in a photo).
  const cv::Rect middle(kCardWidth / 6, kCardHeight / 4, kCardWidth * 2 / 3, kCardHeight / 2);
  cv::Mat grey;
  cv::cvtColor(card(middle), grey, cv::COLOR_BGR2GRAY);
  cv::resize(grey, grey, {kLookSide, kLookSide}, 0, 0, cv::INTER_AREA);
  if (turned) cv::rotate(grey, grey, cv::ROTATE_180);
  return gradient_histograms(grey);
}

std::vector<float> quantised_look(const std::vector<float>& look) {
  std::vector<float> quantised;
  quantised.reserve(look.size());
  for (const float value : look) quantised.push_back(static_cast<float>(std::clamp(std::lround(value * 255), 0L, 255L)) / 255.0F);
  return quantised;
}

}  // namespace qm::vision
