#pragma once
// Pure geometry helpers shared by the pipeline stages, the renderer and the tests.
#include <array>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

namespace qm::vision {

// An axis-aligned box in pixels: what `scan` reports as [x, y, w, h].
struct Box {
  double x = 0;
  double y = 0;
  double w = 0;
  double h = 0;

  double area() const { return w * h; }
  bool operator==(const Box&) const = default;
};

// A die's top face as four corners, ordered clockwise from the corner nearest the image's
// top-left (in image coordinates, y down).
using Quad = std::array<cv::Point2f, 4>;

// Intersection over union; 0 when either box is empty.
double iou(const Box& a, const Box& b);

// The smallest axis-aligned box holding every point.
Box bounding_box(const Quad& quad);

// The same four corners, ordered clockwise starting from the one with the smallest x + y.
Quad order_corners(const Quad& corners);

// The corners of a rotated rectangle, ordered.
Quad quad_of(const cv::RotatedRect& rect);

// A rectangle's corners, clockwise from its top-left (the order of order_corners).
Quad corners_of(const cv::Rect2f& rect);
// Points mapped through the homography `h` (3x3, as cv::getPerspectiveTransform gives it).
Quad mapped(const cv::Mat& h, const Quad& points);

// The distance between two corners.
double side_length(const cv::Point2f& a, const cv::Point2f& b);
// The same corners in the same turning order, starting so that the first side (0-1) is a short one.
Quad short_side_first(const Quad& quad);
// An outline's long side over its short one, each the sum of two opposite sides (the short
// one taken as at least a pixel).
double long_over_short(const Quad& quad);
// The longer of the quad's first two sides (a card's long side, seen near square on).
double long_side_of(const Quad& quad);
// The shorter of them (its width).
double short_side_of(const Quad& quad);

// Four corners of a convex hull, ordered: its polygon when that has four corners within
// `tolerance` (a share of the perimeter; a rectangle seen at an angle), else its rotated rectangle.
Quad four_corners_of(const std::vector<cv::Point>& hull, double tolerance);

// The unit directions of a rotated rectangle's sides: its width runs along its angle, its
// height at right angles to it (image coordinates, y down).
struct Axes {
  cv::Point2d width;
  cv::Point2d height;
};
Axes axes_of(const cv::RotatedRect& rect);

// Whether the point lies inside the quad or on its outline.
bool holds(const Quad& quad, const cv::Point2f& point);

// The share (0..1) of the quad's outline, walked side by side, that lies outside `frame`.
double outline_share_outside(const Quad& quad, const cv::Rect2f& frame);

// Area of a simple polygon given in order (shoelace formula), always >= 0.
double polygon_area(const Quad& quad);

// The area two convex quads (each in order) have in common.
double common_area(const Quad& a, const Quad& b);
// Their intersection over union: of two cards turned against each other, what their boxes' IoU
// overstates.
double iou(const Quad& a, const Quad& b);

// The middle of the values (of an even count, the upper of the two middle ones); the values
// must not be empty. The measures of things found (cards' sides and proportions, dice's and
// pips' areas) are taken as the middle one: a fragment, a frame or two things joined pull a mean.
double median_value(std::vector<double> values);

// Scales every coordinate (image pixels -> original photo pixels and back).
Box scaled(const Box& box, double factor);
Quad scaled(const Quad& quad, double factor);

// The mean of the quad's corners.
cv::Point2f centre_of(const Quad& quad);

// Where the line through a1 and a2 meets the line through b1 and b2; nullopt when they are
// parallel (or a line is a point).
std::optional<cv::Point2f> lines_meet(const cv::Point2f& a1, const cv::Point2f& a2, const cv::Point2f& b1, const cv::Point2f& b2);

// The quad moved away from (factor > 1) or towards (factor < 1) its centre.
Quad scaled_round_centre(const Quad& quad, double factor);

// The ellipse that fits the points best: cv::fitEllipse's algebraic least squares (the conic
// through the points, then its quadratic part again about the conic's centre), solved through
// normal equations where OpenCV takes the SVDs of an n x 5 and an n x 3 matrix, about ten times
// as long: the panel finder fits some 90 outlines of hundreds of points per photo. The same
// ellipse up to rounding, its width the shorter side as OpenCV gives it. Nothing for fewer than
// five points or points that lie on no ellipse (in a line, or on a hyperbola, where OpenCV
// answers with the hyperbola's axes).
std::optional<cv::RotatedRect> fit_ellipse(const std::vector<cv::Point>& points);

// A mask the size of `window` (8-bit, 255 inside): the quad, given in image pixels, filled in it.
cv::Mat mask_of(const Quad& quad, const cv::Rect& window);
// The corners rounded to whole pixels, in the same order, as OpenCV draws and fills outlines.
std::vector<cv::Point> pixel_corners(const Quad& quad);

}  // namespace qm::vision
