#include "vision/face_features.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace qm::vision {
namespace {

// Lightness on OpenCV's 8-bit scale (0..255), so the constants below keep their meaning.
constexpr double kMinLightnessSpread = 8.0;  // a blank face must not blow its noise up
constexpr double kMinChromaSpread = 12.0;  // a grey or black symbol must not blow its tint up

struct Lab {
  double l = 0, a = 0, b = 0;
};

// sRGB (D65) to CIE Lab, computed directly: a few hundred pixels per face do not justify the
// lookup tables OpenCV builds on its first Lab conversion (a third of a second).
Lab lab_of(const cv::Vec3b& bgr) {
  const auto linear = [](int value) {
    const double c = value / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  const double r = linear(bgr[2]), g = linear(bgr[1]), b = linear(bgr[0]);
  const double x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.950456;
  const double y = 0.212671 * r + 0.715160 * g + 0.072169 * b;
  const double z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.088754;
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  const double fx = f(x), fy = f(y), fz = f(z);
  const double lightness = y > 0.008856 ? 116.0 * fy - 16.0 : 903.3 * y;
  return {lightness * 255.0 / 100.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

}  // namespace

Features face_features(const cv::Mat& patch, const ScanParameters& p) {
  CV_Assert(patch.type() == CV_8UC3);
  const int n = p.feature_size;
  cv::Mat small;
  cv::resize(patch, small, cv::Size(n, n), 0, 0, cv::INTER_AREA);
  const std::size_t cells = static_cast<std::size_t>(n * n);
  std::vector<Lab> lab(cells);
  double sum = 0, sum_squares = 0;
  for (int y = 0; y < n; ++y) {
    const cv::Vec3b* row = small.ptr<cv::Vec3b>(y);
    for (int x = 0; x < n; ++x) {
      const Lab value = lab_of(row[x]);
      lab[static_cast<std::size_t>(y * n + x)] = value;
      sum += value.l;
      sum_squares += value.l * value.l;
    }
  }
  const double mean = sum / static_cast<double>(cells);
  const double spread = std::sqrt(std::max(0.0, sum_squares / static_cast<double>(cells) - mean * mean));
  const double l_spread = std::max(spread, kMinLightnessSpread);
  // The face's own colour: the mean chroma of its lighter half, where no symbol lies.
  std::vector<double> lightness(cells);
  for (std::size_t i = 0; i < cells; ++i) lightness[i] = lab[i].l;
  std::nth_element(lightness.begin(), lightness.begin() + static_cast<long>(cells / 2), lightness.end());
  const double median = lightness[cells / 2];
  double face_a = 0, face_b = 0;
  int lighter = 0;
  for (const Lab& value : lab) {
    if (value.l < median) continue;
    face_a += value.a;
    face_b += value.b;
    ++lighter;
  }
  face_a /= std::max(1, lighter);
  face_b /= std::max(1, lighter);
  // How strongly the symbol is coloured varies with the light as much as its lightness does.
  double chroma_squares = 0;
  for (const Lab& value : lab) chroma_squares += (value.a - face_a) * (value.a - face_a) + (value.b - face_b) * (value.b - face_b);
  const double chroma_spread = std::max(std::sqrt(chroma_squares / static_cast<double>(cells)), kMinChromaSpread);
  Features features(3 * cells);
  for (std::size_t i = 0; i < cells; ++i) {
    features[i] = static_cast<float>((lab[i].l - mean) / l_spread);
    features[cells + i] = static_cast<float>((lab[i].a - face_a) / chroma_spread);
    features[2 * cells + i] = static_cast<float>((lab[i].b - face_b) / chroma_spread);
  }
  return features;
}

double symbol_contrast(const cv::Mat& patch) {
  cv::Mat grey;
  cv::cvtColor(patch, grey, cv::COLOR_BGR2GRAY);
  cv::Scalar mean, spread;
  cv::meanStdDev(grey, mean, spread);
  return spread[0];
}

Features turned_quarter(const Features& features, int n) {
  const std::size_t cells = static_cast<std::size_t>(n * n);
  CV_Assert(features.size() % cells == 0);
  Features turned(features.size());
  for (std::size_t plane = 0; plane < features.size() / cells; ++plane) {
    for (int y = 0; y < n; ++y) {
      for (int x = 0; x < n; ++x) {
        // Clockwise: the cell at (x, y) moves to (n - 1 - y, x).
        turned[plane * cells + static_cast<std::size_t>(x * n + (n - 1 - y))] =
            features[plane * cells + static_cast<std::size_t>(y * n + x)];
      }
    }
  }
  return turned;
}

}  // namespace qm::vision
