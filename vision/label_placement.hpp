#pragma once
// Where each item's label goes on an annotated photo, so that no label hides another or a
// neighbouring die: dice touching each other would otherwise get their labels drawn on top of
// one another, and the player could not read them at a glance.
#include <vector>

#include <opencv2/core.hpp>

namespace qm::vision {

// For each item (its axis-aligned box in pixels and its label's size), the label's rectangle
// inside the image. The preferred spot is just above the box's left corner; when that overlaps a
// label already placed (items are placed in order) or any item's box (its own too, once pushed
// inside the image at an edge), the label moves below, beside or further out, to the spot
// covering the least. Deterministic.
std::vector<cv::Rect> place_labels(const std::vector<cv::Rect>& items, const std::vector<cv::Size>& labels,
                                   cv::Size image);

}  // namespace qm::vision
