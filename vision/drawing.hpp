#pragma once
// A picture as a list of shapes, in pixels from the top-left corner. Charts are laid out once
// as a Drawing; the SVG writer (cli/report) and the PNG renderer (vision/drawing_png) each draw it,
// so the two formats cannot drift apart. Plain data: no OpenCV here.
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace qm::drawing {

struct Colour {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Colour&) const = default;
};

enum class Anchor { start, middle, end };
enum class MarkerShape { circle, square, triangle, diamond, cross, star };

struct Polyline {
  std::vector<std::pair<double, double>> points;
  Colour colour;
  double width = 1;
  std::vector<double> dash;  // on/off lengths; empty for a solid line
};

struct Text {
  double x = 0, y = 0;  // baseline position
  std::string text;
  double size = 12;
  Colour colour;
  Anchor anchor = Anchor::start;
  bool bold = false;
};

struct Rect {
  double x = 0, y = 0, width = 0, height = 0;
  Colour stroke;
  bool filled = false;
  Colour fill;
};

struct Marker {
  double x = 0, y = 0;
  MarkerShape shape = MarkerShape::circle;
  Colour colour;
  double size = 6;
};

using Shape = std::variant<Polyline, Text, Rect, Marker>;

struct Drawing {
  double width = 0, height = 0;
  Colour background{255, 255, 255};
  std::vector<Shape> shapes;
};

}  // namespace qm::drawing
