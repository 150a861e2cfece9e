#include "cli/report/svg_writer.hpp"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

namespace qm::cli::report {
namespace {

std::string rgb(drawing::Colour c) { return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b); }
std::string num(double v) { return fmt::format("{:.1f}", v); }

std::string polygon_points(double x, double y, double r, int corners, double inner, double rotation) {
  std::string points;
  const int vertices = inner > 0 ? corners * 2 : corners;
  for (int i = 0; i < vertices; ++i) {
    const double radius = (inner > 0 && i % 2 == 1) ? r * inner : r;
    const double angle = rotation + 2 * std::numbers::pi * i / vertices;
    points += num(x + radius * std::sin(angle)) + "," + num(y - radius * std::cos(angle)) + " ";
  }
  return points;
}

std::string marker_svg(const drawing::Marker& m) {
  const std::string colour = rgb(m.colour);
  const double r = m.size / 2;
  switch (m.shape) {
    case drawing::MarkerShape::circle:
      return fmt::format(R"(<circle cx="{}" cy="{}" r="{}" fill="{}"/>)", num(m.x), num(m.y), num(r), colour);
    case drawing::MarkerShape::square:
      return fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", num(m.x - r), num(m.y - r),
                         num(m.size), num(m.size), colour);
    case drawing::MarkerShape::triangle:
      return fmt::format(R"(<polygon points="{}" fill="{}"/>)", polygon_points(m.x, m.y, r * 1.2, 3, 0, 0), colour);
    case drawing::MarkerShape::diamond:
      return fmt::format(R"(<polygon points="{}" fill="{}"/>)", polygon_points(m.x, m.y, r * 1.2, 4, 0, 0), colour);
    case drawing::MarkerShape::star:
      return fmt::format(R"(<polygon points="{}" fill="{}"/>)", polygon_points(m.x, m.y, r * 1.3, 5, 0.45, 0),
                         colour);
    case drawing::MarkerShape::cross:
      return fmt::format(R"(<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{}" stroke-width="2"/>)", num(m.x - r),
                         num(m.y - r), num(m.x + r), num(m.y + r), num(m.x - r), num(m.y + r), num(m.x + r),
                         num(m.y - r), colour);
  }
  return "";
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string to_svg(const drawing::Drawing& drawing, const std::string& title) {
  std::string out = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" )"
      R"(font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img">)"
      "\n<title>{2}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"{3}\"/>\n",
      num(drawing.width), num(drawing.height), xml_escape(title), rgb(drawing.background));
  for (const drawing::Shape& shape : drawing.shapes) {
    if (const auto* line = std::get_if<drawing::Polyline>(&shape)) {
      std::string points;
      for (const auto& [x, y] : line->points) points += num(x) + "," + num(y) + " ";
      std::string dash;
      for (double d : line->dash) dash += (dash.empty() ? "" : " ") + num(d);
      out += fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="{}"{} stroke-linejoin="round"/>)",
                         points, rgb(line->colour), num(line->width),
                         dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"");
    } else if (const auto* text = std::get_if<drawing::Text>(&shape)) {
      const char* anchor = text->anchor == drawing::Anchor::start    ? "start"
                           : text->anchor == drawing::Anchor::middle ? "middle"
                                                                     : "end";
      out += fmt::format(R"(<text x="{}" y="{}" font-size="{}" fill="{}" text-anchor="{}"{}>{}</text>)", num(text->x),
                         num(text->y), num(text->size), rgb(text->colour), anchor,
                         text->bold ? " font-weight=\"bold\"" : "", xml_escape(text->text));
    } else if (const auto* rect = std::get_if<drawing::Rect>(&shape)) {
      out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}"/>)", num(rect->x),
                         num(rect->y), num(rect->width), num(rect->height), rect->filled ? rgb(rect->fill) : "none",
                         rgb(rect->stroke));
    } else if (const auto* marker = std::get_if<drawing::Marker>(&shape)) {
      out += marker_svg(*marker);
    }
    out += "\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace qm::cli::report
