#include "vision/drawing_png.hpp"

#include <cmath>
#include <numbers>

#include <opencv2/imgproc.hpp>

#include "scoring/input_error.hpp"
#include "vision/image_codecs.hpp"

namespace qm::drawing {
namespace {

// Drawn at twice the size and shrunk, for smooth lines and text.
constexpr double kSupersample = 2.0;

cv::Scalar bgr(Colour c) { return {static_cast<double>(c.b), static_cast<double>(c.g), static_cast<double>(c.r)}; }
cv::Point at(double x, double y) {
  return {static_cast<int>(std::lround(x * kSupersample)), static_cast<int>(std::lround(y * kSupersample))};
}
int px(double v) { return std::max(1, static_cast<int>(std::lround(v * kSupersample))); }

// OpenCV's Hershey fonts have no accented letters or symbols: those are drawn as '?' rather than lost.
std::string ascii(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((c & 0xC0) == 0xC0) {
      out += text.compare(i, 3, "★") == 0 ? '*' : text.compare(i, 3, "–") == 0 ? '-' : '?';
    }
  }
  return out;
}

void draw_dashed(cv::Mat& image, const Polyline& line) {
  const int thickness = px(line.width);
  if (line.dash.empty()) {
    std::vector<cv::Point> points;
    for (const auto& [x, y] : line.points) points.push_back(at(x, y));
    cv::polylines(image, points, false, bgr(line.colour), thickness, cv::LINE_AA);
    return;
  }
  std::size_t dash_index = 0;
  double left_in_dash = line.dash[0];
  bool on = true;
  for (std::size_t i = 1; i < line.points.size(); ++i) {
    double x0 = line.points[i - 1].first, y0 = line.points[i - 1].second;
    const double x1 = line.points[i].first, y1 = line.points[i].second;
    double remaining = std::hypot(x1 - x0, y1 - y0);
    const double ux = remaining > 0 ? (x1 - x0) / remaining : 0, uy = remaining > 0 ? (y1 - y0) / remaining : 0;
    while (remaining > 0) {
      const double step = std::min(remaining, left_in_dash);
      if (on) cv::line(image, at(x0, y0), at(x0 + ux * step, y0 + uy * step), bgr(line.colour), thickness, cv::LINE_AA);
      x0 += ux * step;
      y0 += uy * step;
      remaining -= step;
      left_in_dash -= step;
      if (left_in_dash <= 1e-9) {
        dash_index = (dash_index + 1) % line.dash.size();
        left_in_dash = line.dash[dash_index];
        on = !on;
      }
    }
  }
}

void draw_marker(cv::Mat& image, const Marker& m) {
  const double r = m.size / 2;
  const cv::Scalar colour = bgr(m.colour);
  auto polygon = [&](int corners, double inner, double scale) {
    std::vector<cv::Point> points;
    const int vertices = inner > 0 ? corners * 2 : corners;
    for (int i = 0; i < vertices; ++i) {
      const double radius = (inner > 0 && i % 2 == 1) ? r * scale * inner : r * scale;
      const double angle = 2 * std::numbers::pi * i / vertices;
      points.push_back(at(m.x + radius * std::sin(angle), m.y - radius * std::cos(angle)));
    }
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{points}, colour, cv::LINE_AA);
  };
  switch (m.shape) {
    case MarkerShape::circle: cv::circle(image, at(m.x, m.y), px(r), colour, cv::FILLED, cv::LINE_AA); break;
    case MarkerShape::square: cv::rectangle(image, at(m.x - r, m.y - r), at(m.x + r, m.y + r), colour, cv::FILLED); break;
    case MarkerShape::triangle: polygon(3, 0, 1.2); break;
    case MarkerShape::diamond: polygon(4, 0, 1.2); break;
    case MarkerShape::star: polygon(5, 0.45, 1.3); break;
    case MarkerShape::cross:
      cv::line(image, at(m.x - r, m.y - r), at(m.x + r, m.y + r), colour, px(2), cv::LINE_AA);
      cv::line(image, at(m.x - r, m.y + r), at(m.x + r, m.y - r), colour, px(2), cv::LINE_AA);
      break;
  }
}

void draw_text(cv::Mat& image, const Text& text) {
  const std::string shown = ascii(text.text);
  const int font = cv::FONT_HERSHEY_SIMPLEX;
  // Hershey simplex is about 22 px tall at scale 1; SVG sizes are em heights.
  const double scale = text.size * kSupersample / 30.0;
  const int thickness = text.bold ? px(1.4) : px(0.8);
  int baseline = 0;
  const cv::Size size = cv::getTextSize(shown, font, scale, thickness, &baseline);
  double x = text.x * kSupersample;
  if (text.anchor == Anchor::middle) x -= size.width / 2.0;
  if (text.anchor == Anchor::end) x -= size.width;
  cv::putText(image, shown, {static_cast<int>(x), static_cast<int>(text.y * kSupersample)}, font, scale,
              bgr(text.colour), thickness, cv::LINE_AA);
}

}  // namespace

void write_png(const Drawing& drawing, const std::filesystem::path& file) {
  const int width = static_cast<int>(std::ceil(drawing.width * kSupersample));
  const int height = static_cast<int>(std::ceil(drawing.height * kSupersample));
  if (width <= 0 || height <= 0) throw InputError("nothing to draw into '" + file.string() + "'");
  cv::Mat image(height, width, CV_8UC3, bgr(drawing.background));
  for (const Shape& shape : drawing.shapes) {
    if (const auto* line = std::get_if<Polyline>(&shape)) draw_dashed(image, *line);
    if (const auto* text = std::get_if<Text>(&shape)) draw_text(image, *text);
    if (const auto* marker = std::get_if<Marker>(&shape)) draw_marker(image, *marker);
    if (const auto* rect = std::get_if<Rect>(&shape)) {
      const cv::Rect box(at(rect->x, rect->y), at(rect->x + rect->width, rect->y + rect->height));
      if (rect->filled) cv::rectangle(image, box, bgr(rect->fill), cv::FILLED);
      cv::rectangle(image, box, bgr(rect->stroke), px(1));
    }
  }
  cv::Mat shrunk;
  cv::resize(image, shrunk, cv::Size(static_cast<int>(std::ceil(drawing.width)), static_cast<int>(std::ceil(drawing.height))),
             0, 0, cv::INTER_AREA);
  if (!vision::write_image(file, shrunk)) throw InputError("cannot write '" + file.string() + "'");
}

}  // namespace qm::drawing
