#pragma once
// Writes a drawing as SVG text: clean, scalable, with real text elements.
#include <string>

#include "vision/drawing.hpp"

namespace qm::cli::report {

std::string to_svg(const drawing::Drawing& drawing, const std::string& title);
// Escapes text for XML and HTML.
std::string xml_escape(const std::string& text);

}  // namespace qm::cli::report
