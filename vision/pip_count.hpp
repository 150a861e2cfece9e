#pragma once
// A second opinion on pip dice: the pips of a rectified top face, counted. The nearest-sample
// classifier compares a whole face with the calibration photos' faces, so a patch that took in
// part of a side, or a label sticker that happens to resemble a face, can still come nearest
// to some face; counting the round dark spots of the face asks what the face itself shows.
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace qm::vision {

// A pip is darker than the face round it by at least this many grey levels (0..255): less is
// shading.
inline constexpr double kMinPipContrast = 35;

// A dark spot's outline, measured once for both readers of pips.
struct MeasuredSpot {
  double area = 0;       // in pixels, its edge included (half the perimeter on top of contourArea)
  cv::Moments moments;   // of the outline: its centre and its ellipse
  bool pip_shaped = false;  // round enough for a pip: a disc seen at up to ~65 degrees off its
                            // axis, not a ragged speck or a symbol's stroke
};
MeasuredSpot measure_spot(const std::vector<cv::Point>& contour);

// The number of pips on a rectify_face patch: dark, round spots of about one size inside the
// face, clear of its edge (a spot cut by the edge belongs to a side or to the table). 0 when the
// patch shows no such spots, or spots too unlike one another to be pips (symbols, text).
int count_pips(const cv::Mat& patch);

// The pips counted, and the dark spots the patch's edge cuts (at least half a small pip's
// area). A top face found where it lies shows all its pips whole; a cut spot says the patch sits
// across the face's edge, on part of its pips or on a side face's.
struct PipReading {
  int pips = 0;
  int cut = 0;
};
PipReading read_pips(const cv::Mat& patch);

}  // namespace qm::vision
