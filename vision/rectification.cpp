#include "vision/rectification.hpp"

#include <array>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/geometry.hpp"

namespace qm::vision {
namespace {

// A top face seen 30 degrees off vertical is 1.15:1; a rectangle longer than this holds more.
constexpr double kLongerThanAFace = 1.12;
// The top's length across the rectangle, as shares of its width: seen from above, and
// foreshortened by the tilt.
constexpr std::array<double, 2> kTopLengths = {1.0, 0.88};

}  // namespace

cv::Mat rectify_face(const cv::Mat& bgr, const cv::RotatedRect& face, const ScanParameters& p) {
  return rectify_face(bgr, quad_of(face), p);
}

cv::Mat rectify_face(const cv::Mat& bgr, const Quad& corners, const ScanParameters& p) {
  const float size = static_cast<float>(p.patch_size);
  // Face coordinate 0 lands at -inset/(1 - 2 inset) of the patch, 1 at (1 - inset)/(1 - 2 inset).
  const float span = static_cast<float>(1.0 - 2.0 * p.face_inset);
  // Pixel centres: patch pixel i covers [i - 0.5, i + 0.5), so the patch spans [-0.5, size - 0.5).
  const float low = static_cast<float>(-p.face_inset) / span * size - 0.5f;
  const float high = static_cast<float>(1.0 - p.face_inset) / span * size - 0.5f;
  const std::array<cv::Point2f, 3> target = {cv::Point2f(low, low), cv::Point2f(high, low), cv::Point2f(high, high)};
  const cv::Mat affine = cv::getAffineTransform(corners.data(), target.data());
  // Shrinking a large face to the patch: smooth first so the warp does not alias.
  const double shrink = std::sqrt(polygon_area(corners)) * span / size;
  const cv::Rect region = cv::boundingRect(std::vector<cv::Point2f>(corners.begin(), corners.end())) & cv::Rect(0, 0, bgr.cols, bgr.rows);
  cv::Mat patch;
  if (shrink > 1.5 && !region.empty()) {
    cv::Mat smoothed;
    cv::GaussianBlur(bgr(region), smoothed, cv::Size(0, 0), 0.5 * shrink);
    cv::Mat shifted = affine.clone();
    shifted.at<double>(0, 2) += shifted.at<double>(0, 0) * region.x + shifted.at<double>(0, 1) * region.y;
    shifted.at<double>(1, 2) += shifted.at<double>(1, 0) * region.x + shifted.at<double>(1, 1) * region.y;
    cv::warpAffine(smoothed, patch, shifted, cv::Size(p.patch_size, p.patch_size), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  } else {
    cv::warpAffine(bgr, patch, affine, cv::Size(p.patch_size, p.patch_size), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  }
  return patch;
}

std::vector<cv::RotatedRect> face_hypotheses(const cv::RotatedRect& face) {
  std::vector<cv::RotatedRect> hypotheses = {face};
  const bool wide = face.size.width >= face.size.height;
  const double length = wide ? face.size.width : face.size.height;
  const double width = wide ? face.size.height : face.size.width;
  if (width <= 0 || length < kLongerThanAFace * width) return hypotheses;
  const Axes axes = axes_of(face);
  const cv::Point2d along = wide ? axes.width : axes.height;
  for (const double share : kTopLengths) {
    const double top = share * width;
    for (const double end : {-1.0, 1.0}) {
      const cv::Point2d centre = cv::Point2d(face.center) + end * 0.5 * (length - top) * along;
      const cv::Size2f size = wide ? cv::Size2f(static_cast<float>(top), static_cast<float>(width))
                                   : cv::Size2f(static_cast<float>(width), static_cast<float>(top));
      hypotheses.emplace_back(cv::Point2f(centre), size, face.angle);
    }
  }
  return hypotheses;
}

}  // namespace qm::vision
