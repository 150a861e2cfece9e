#include "vision/geometry.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace qm::vision {

double iou(const Box& a, const Box& b) {
  if (a.w <= 0 || a.h <= 0 || b.w <= 0 || b.h <= 0) return 0.0;
  const double left = std::max(a.x, b.x);
  const double top = std::max(a.y, b.y);
  const double right = std::min(a.x + a.w, b.x + b.w);
  const double bottom = std::min(a.y + a.h, b.y + b.h);
  if (right <= left || bottom <= top) return 0.0;
  const double overlap = (right - left) * (bottom - top);
  return overlap / (a.area() + b.area() - overlap);
}

Axes axes_of(const cv::RotatedRect& rect) {
  const double angle = rect.angle * CV_PI / 180.0;
  return {cv::Point2d(std::cos(angle), std::sin(angle)), cv::Point2d(-std::sin(angle), std::cos(angle))};
}

Box bounding_box(const Quad& quad) {
  float left = quad[0].x, right = quad[0].x, top = quad[0].y, bottom = quad[0].y;
  for (const cv::Point2f& p : quad) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
  }
  return {left, top, right - left, bottom - top};
}

Quad order_corners(const Quad& corners) {
  const cv::Point2f centre = centre_of(corners);
  Quad ordered = corners;
  // Clockwise on screen (y down) is increasing atan2 angle.
  std::sort(ordered.begin(), ordered.end(), [&](const cv::Point2f& a, const cv::Point2f& b) {
    return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
  });
  const auto first = std::min_element(ordered.begin(), ordered.end(), [](const cv::Point2f& a, const cv::Point2f& b) {
    return a.x + a.y < b.x + b.y;
  });
  std::rotate(ordered.begin(), first, ordered.end());
  return ordered;
}

Quad quad_of(const cv::RotatedRect& rect) {
  Quad corners;
  rect.points(corners.data());
  return order_corners(corners);
}

Quad corners_of(const cv::Rect2f& rect) {
  return {rect.tl(), cv::Point2f(rect.br().x, rect.y), rect.br(), cv::Point2f(rect.x, rect.br().y)};
}

Quad mapped(const cv::Mat& h, const Quad& points) {
  std::vector<cv::Point2f> out;
  cv::perspectiveTransform(std::vector<cv::Point2f>(points.begin(), points.end()), out, h);
  return {out[0], out[1], out[2], out[3]};
}

double side_length(const cv::Point2f& a, const cv::Point2f& b) { return std::hypot(a.x - b.x, a.y - b.y); }

Quad short_side_first(const Quad& q) {
  if (side_length(q[0], q[1]) + side_length(q[2], q[3]) <= side_length(q[1], q[2]) + side_length(q[3], q[0])) return q;
  return {q[1], q[2], q[3], q[0]};
}

double long_over_short(const Quad& quad) {
  const double a = side_length(quad[0], quad[1]) + side_length(quad[2], quad[3]);
  const double b = side_length(quad[1], quad[2]) + side_length(quad[3], quad[0]);
  return std::max(a, b) / std::max(1.0, std::min(a, b));
}

double long_side_of(const Quad& quad) { return std::max(side_length(quad[0], quad[1]), side_length(quad[1], quad[2])); }

double short_side_of(const Quad& quad) { return std::min(side_length(quad[0], quad[1]), side_length(quad[1], quad[2])); }

Quad four_corners_of(const std::vector<cv::Point>& hull, double tolerance) {
  std::vector<cv::Point> polygon;
  cv::approxPolyDP(hull, polygon, tolerance * cv::arcLength(hull, true), true);
  if (polygon.size() != 4) return quad_of(cv::minAreaRect(hull));
  Quad quad;
  for (std::size_t i = 0; i < 4; ++i) quad[i] = cv::Point2f(polygon[i]);
  return order_corners(quad);
}

double polygon_area(const Quad& quad) {
  double twice = 0;
  for (std::size_t i = 0; i < quad.size(); ++i) {
    const cv::Point2f& a = quad[i];
    const cv::Point2f& b = quad[(i + 1) % quad.size()];
    twice += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
  }
  return std::abs(twice) / 2.0;
}

double common_area(const Quad& a, const Quad& b) {
  std::vector<cv::Point2f> common;
  return cv::intersectConvexConvex(std::vector<cv::Point2f>(a.begin(), a.end()), std::vector<cv::Point2f>(b.begin(), b.end()), common);
}

double iou(const Quad& a, const Quad& b) {
  const double common = common_area(a, b);
  const double either = polygon_area(a) + polygon_area(b) - common;
  return either > 0 ? common / either : 0;
}

Box scaled(const Box& box, double factor) {
  return {box.x * factor, box.y * factor, box.w * factor, box.h * factor};
}

cv::Point2f centre_of(const Quad& quad) {
  cv::Point2f centre(0, 0);
  for (const cv::Point2f& p : quad) centre += p * 0.25f;
  return centre;
}

std::optional<cv::Point2f> lines_meet(const cv::Point2f& a1, const cv::Point2f& a2, const cv::Point2f& b1, const cv::Point2f& b2) {
  const cv::Point2d a = a2 - a1;
  const cv::Point2d b = b2 - b1;
  const double cross = a.x * b.y - a.y * b.x;
  // Parallel within rounding: a share of the lengths' product, as the cross product scales with it
  // (a line that is a point has a product of 0, and no direction).
  if (std::abs(cross) <= 1e-9 * cv::norm(a) * cv::norm(b)) return std::nullopt;
  const cv::Point2d between = b1 - a1;
  const double along_a = (between.x * b.y - between.y * b.x) / cross;
  return cv::Point2f(cv::Point2d(a1) + a * along_a);
}

Quad scaled_round_centre(const Quad& quad, double factor) {
  const cv::Point2f centre = centre_of(quad);
  Quad result = quad;
  for (cv::Point2f& p : result) p = centre + (p - centre) * static_cast<float>(factor);
  return result;
}

Quad scaled(const Quad& quad, double factor) {
  Quad result = quad;
  for (cv::Point2f& p : result) p *= static_cast<float>(factor);
  return result;
}

bool holds(const Quad& quad, const cv::Point2f& point) {
  return cv::pointPolygonTest(std::vector<cv::Point2f>(quad.begin(), quad.end()), point, false) >= 0;
}

double outline_share_outside(const Quad& quad, const cv::Rect2f& frame) {
  // Sampled about once a pixel along each side, so a long side weighs more than a short one.
  double outside = 0;
  double length = 0;
  for (std::size_t i = 0; i < quad.size(); ++i) {
    const cv::Point2f a = quad[i];
    const cv::Point2f b = quad[(i + 1) % quad.size()];
    const double side = side_length(a, b);
    const int steps = std::max(1, static_cast<int>(std::ceil(side)));
    int out = 0;
    for (int s = 0; s < steps; ++s) {
      const float t = (static_cast<float>(s) + 0.5f) / static_cast<float>(steps);
      if (!frame.contains(a + (b - a) * t)) ++out;
    }
    outside += side * out / steps;
    length += side;
  }
  return length > 0 ? outside / length : 0.0;
}

namespace {

// The least-squares solution of rows . x = 1, through the normal equations summed row by row.
template <int N>
class LeastSquares {
 public:
  void add(const cv::Vec<double, N>& row) {
    // Unrolled, the sums cost half as much (the outline of a disc has hundreds of points).
#pragma GCC unroll 5
    for (int i = 0; i < N; ++i) {
      sums_[i] += row[i];
#pragma GCC unroll 5
      for (int j = i; j < N; ++j) normal_(i, j) += row[i] * row[j];
    }
  }
  std::optional<cv::Vec<double, N>> solution() const {
    cv::Matx<double, N, N> normal = normal_;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < i; ++j) normal(i, j) = normal(j, i);
    cv::Vec<double, N> x;
    if (!cv::solve(normal, sums_, x, cv::DECOMP_CHOLESKY)) return std::nullopt;
    return x;
  }

 private:
  cv::Matx<double, N, N> normal_ = cv::Matx<double, N, N>::zeros();
  cv::Vec<double, N> sums_ = cv::Vec<double, N>::all(0);
};

}  // namespace

std::optional<cv::RotatedRect> fit_ellipse(const std::vector<cv::Point>& points) {
  const int n = static_cast<int>(points.size());
  if (n < 5) return std::nullopt;
  // Centred and scaled to a mean |x| + |y| of 1, so that the sums are of one size.
  cv::Point2d mean(0, 0);
  for (const cv::Point& p : points) mean += cv::Point2d(p);
  mean *= 1.0 / n;
  double spread = 0;
  for (const cv::Point& p : points) spread += std::abs(p.x - mean.x) + std::abs(p.y - mean.y);
  if (!(spread > 0)) return std::nullopt;
  const double scale = n / spread;
  auto at = [&](const cv::Point& p) { return cv::Point2d((p.x - mean.x) * scale, (p.y - mean.y) * scale); };

  // The conic -A x^2 - B y^2 - C xy + D x + E y = 1 nearest the points.
  LeastSquares<5> conic_fit;
  for (const cv::Point& point : points) {
    const cv::Point2d p = at(point);
    conic_fit.add({-p.x * p.x, -p.y * p.y, -p.x * p.y, p.x, p.y});
  }
  const auto conic = conic_fit.solution();
  if (!conic) return std::nullopt;

  // Its centre, where both derivatives vanish.
  const auto [a0, b0, c0, d0, e0] = conic->val;
  cv::Vec2d centre;
  if (!cv::solve(cv::Matx22d(2 * a0, c0, c0, 2 * b0), cv::Vec2d(d0, e0), centre, cv::DECOMP_LU)) return std::nullopt;

  // Its quadratic part again, A (x-cx)^2 + B (y-cy)^2 + C (x-cx)(y-cy) = 1, about that centre.
  LeastSquares<3> form_fit;
  for (const cv::Point& point : points) {
    const cv::Point2d p = at(point) - cv::Point2d(centre[0], centre[1]);
    form_fit.add({p.x * p.x, p.y * p.y, p.x * p.y});
  }
  const auto form = form_fit.solution();
  if (!form) return std::nullopt;

  // The axes: the form's larger eigenvalue belongs to the shorter axis, at half the angle of (A - B, C).
  const auto [a, b, c] = form->val;
  const double half_sum = (a + b) / 2, half_gap = std::hypot(a - b, c) / 2;
  const double larger = half_sum + half_gap, smaller = half_sum - half_gap;
  if (!(smaller > 0)) return std::nullopt;  // a hyperbola or two lines, not an ellipse
  return cv::RotatedRect(cv::Point2f(static_cast<float>(centre[0] / scale + mean.x), static_cast<float>(centre[1] / scale + mean.y)),
                         cv::Size2f(static_cast<float>(2 / std::sqrt(larger) / scale), static_cast<float>(2 / std::sqrt(smaller) / scale)),
                         static_cast<float>(0.5 * std::atan2(c, a - b) * 180 / CV_PI));
}

cv::Mat mask_of(const Quad& quad, const cv::Rect& window) {
  cv::Mat mask = cv::Mat::zeros(window.size(), CV_8U);
  std::vector<cv::Point> points = pixel_corners(quad);
  for (cv::Point& point : points) point -= window.tl();  // whole pixels: as rounding after the shift
  cv::fillConvexPoly(mask, points, 255);
  return mask;
}

std::vector<cv::Point> pixel_corners(const Quad& quad) {
  std::vector<cv::Point> points;
  points.reserve(quad.size());
  for (const cv::Point2f& corner : quad) points.emplace_back(cvRound(corner.x), cvRound(corner.y));
  return points;
}

double median_value(std::vector<double> values) {
  CV_Assert(!values.empty());
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace qm::vision
