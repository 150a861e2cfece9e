#pragma once
// Synthetic photos of dice on a table, with their ground truth. A pinhole camera looks down at
// the table (top-down or tilted up to max_tilt_degrees); each die is a cube drawn with its
// visible sides shaded by one light and its top face textured from dice_art; the table is
// wood, cloth, felt or paper; then shadows, a lighting gradient with a warm or cold cast,
// glare, blur, noise and JPEG compression. Everything is drawn from the given generator, so
// a seed fixes the photo.
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/dice_art.hpp"
#include "vision/geometry.hpp"

namespace qm::vision {

struct SceneOptions {
  int width = 1024;
  int height = 768;
  DiceArt art = DiceArt::classic;
  int dice = 8;                   // how many dice lie on the table (0: an empty table)
  int only_face = -1;             // >= 0: every die shows this face (a calibration photo)
  double min_die_share = 0.06;    // die side at the centre, as a share of the short side
  double max_die_share = 0.11;
  double max_tilt_degrees = 30;   // camera tilt away from top-down
  double touching_share = 0.35;   // share of dice laid against another die
  double glare_chance = 0.5;      // chance of a glare spot on the table
  int min_jpeg_quality = 70;      // 0 = keep the raw pixels (no JPEG round trip)
  int max_jpeg_quality = 95;
};

struct RenderedDie {
  std::string label;
  int face = 0;
  Quad top_face;   // ordered corners of the visible top face, image pixels
  Box box;         // its bounding box
};

struct RenderedScene {
  cv::Mat image;   // 8-bit BGR
  std::vector<RenderedDie> dice;
  std::string table;  // "wood", "cloth", "felt" or "paper"
};

RenderedScene render_scene(const SceneOptions& options, std::mt19937_64& rng);

// Writes `photos_per_face` photos of each face (all dice of a photo show the same face) into
// `dir` with a labels.json in the calibration format of CLI.md: boxes are written when
// `with_boxes`, otherwise left out as a user would. Returns the number of photos.
int write_calibration_set(const std::filesystem::path& dir, DiceArt art, int photos_per_face,
                          const SceneOptions& base, std::uint64_t seed, bool with_boxes);

}  // namespace qm::vision
