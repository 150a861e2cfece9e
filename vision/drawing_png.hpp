#pragma once
// Renders a drawing (vision/drawing.hpp) to a PNG file with OpenCV.
#include <filesystem>

#include "vision/drawing.hpp"

namespace qm::drawing {

// Throws qm::InputError when the file cannot be written.
void write_png(const Drawing& drawing, const std::filesystem::path& file);

}  // namespace qm::drawing
