#pragma once
// Stage 2: find the dice. A die's top face is the brightest, most neutral thing near it (its
// sides turn away from the light, its rounded rim is dark): a pixel belongs to a face when
// its whiteness (darkest channel, less some saturation) is above a floor, clearly above the
// table's level around it, and close to the brightest whiteness within a die's reach. The
// white balance makes the faces neutral unless a pale table outshines them; then the faces
// keep the body colour the profile learned, so whiteness is also measured after turning that
// colour (as the balance left it, and as learned) neutral; a die those tests find is added
// when the white test found no die there (OR-ing the masks would grow neutral faces by a
// tinted table). Face blobs are filled (tinted ones after closing thin symbol strokes);
// two pieces of a face cut by a symbol stroke reaching the rim are mended into one; blobs of
// touching dice are split at their necks (distance-transform seeds) or, when dice lie edge to
// edge in line, by k-means into as many dice as their area holds (or, with no lone die to
// measure by, as their outline's short side goes into its long side); a die-shaped blob whose
// parts are no dice stays whole (perspective makes near dice bigger). Each die is fitted with
// a rotated rectangle checked for size, squareness and fill.
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"
#include "vision/scan_parameters.hpp"

namespace qm::vision {

struct DieCandidate {
  cv::RotatedRect face;  // the top face, in pixels of the image given to find_dice
  double fill = 0;       // share of the rectangle the face blob covers
  // The same die as the test for another face colour outlined it, when the two disagree (a
  // face barely whiter than a pale table can break up in one test and be whole in the other):
  // the classifier judges which outline holds the face.
  std::vector<cv::RotatedRect> other_outlines;
  // Only the thickest part of a frayed blob: smaller than the lone dice, with none to compare
  // with, or of a blob too big for one die that no split explains. A die only if the reader is
  // sure of its face.
  bool tentative = false;
};

// The binary face masks (255 = face) at detection size, before blobs are split.
struct FaceMask {
  cv::Mat mask;           // CV_8U, long side <= detect_long_side: faces the white balance made white
  std::vector<cv::Mat> tinted_masks;  // same size, faces of each expected colour that is not white
  double scale = 1;       // image pixels per mask pixel
};

// `face_colours` are the colours the faces may have in this image (BGR, any scale), besides
// white; see expected_face_colours in profile.hpp.
FaceMask face_mask(const cv::Mat& bgr, const ScanParameters& parameters, const std::vector<cv::Scalar>& face_colours = {});

// Every die-shaped face in a white-balanced BGR image, in reading order (top to bottom).
std::vector<DieCandidate> find_dice(const cv::Mat& bgr, const ScanParameters& parameters,
                                    const std::vector<cv::Scalar>& face_colours = {});

// Splits points into k groups around k centres (Lloyd's k-means from farthest-point seeds:
// deterministic, no random state).
std::vector<int> split_points(const std::vector<cv::Point2f>& points, int k);

}  // namespace qm::vision
