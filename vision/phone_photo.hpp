#pragma once
// Rendered photos made to look like a phone's, for the benches: measured only on clean renders,
// the scanners read real photos badly. Applied to any rendered scene with its ground-truth
// outlines (cards' corners, dice's top faces), it puts the scene on a patterned table, lays a
// finger over some cards' corners, then does what a phone and a room do: a view up to 40
// degrees off vertical, uneven light and a soft shadow, a white-balance error, glare, defocus and
// a shaken hand, sensor noise and JPEG at quality 50-90. The outlines follow the geometry; a
// finger leaves its card in the truth (a card held in a hand is still there). A seed fixes it.
#include <random>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/geometry.hpp"

namespace qm::vision {

// Tables that fool a detector looking for bright rectangles or square blobs.
enum class TablePattern { wood_grain, cloth_weave, stripes, towel, checks };
inline constexpr int kTablePatterns = 5;

struct PhoneLook {
  double max_tilt_degrees = 0;    // the view's extra tilt, about a random axis in the table
  double max_defocus = 0;         // Gaussian sigma, pixels per 1000 of the long side
  double max_motion = 0;          // length of a shaken hand's streak, pixels per 1000
  double max_noise = 0;           // sensor noise sigma at mid grey, 0..255
  double max_light_falloff = 0;   // the darkest part of the photo keeps 1 - this of the light
  double shadow_chance = 0;       // a soft shadow (a hand, a phone) across part of the photo
  double max_white_shift = 0;     // white balance off by up to this factor per channel
  double glare_chance = 0;        // a blown-out reflection somewhere
  double finger_chance = 0;       // per outline: a finger over one of its corners
  double pattern_chance = 0;      // the rendered table replaced by a patterned one: only for scenes
                                  // whose outlines cover every object (cards; a die's sides lie outside
                                  // its top face, so dice scenes keep their own table: set 0)
  int min_jpeg_quality = 0;       // 0: no JPEG round trip
  int max_jpeg_quality = 0;

  // 0: the render as it is; 1 mild; 2 a quick phone photo; 3 the hardest the benches measure
  // (the list at its far end: 40 degrees, quality 50, deep shadow, fingers).
  static PhoneLook level(int hardness);
};

struct PhonePhoto {
  cv::Mat image;              // 8-bit BGR, the same size as the render
  std::vector<Quad> outlines; // the given outlines, where they now are
};

// `outlines` mark what the scene shows (ordered quads, image pixels); pixels outside every
// outline are table and may be replaced by a pattern.
PhonePhoto phone_photo(const cv::Mat& rendered, const std::vector<Quad>& outlines, const PhoneLook& look, std::mt19937_64& rng);

// A table of `pattern`, in colours drawn from `rng`.
cv::Mat patterned_table(cv::Size size, TablePattern pattern, std::mt19937_64& rng);

}  // namespace qm::vision
