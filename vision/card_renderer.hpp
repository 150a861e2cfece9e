#pragma once
// Synthetic photos of Corsari cards laid out on a table, with their ground truth, and the
// built-in profile learned from them. The cards (card_art.hpp) lie side by side in rows, each
// turned a little (and some half a turn); a pinhole-like homography tilts the view up to
// max_tilt_degrees; the table is a textured wood, felt or cloth darker than the cards' white;
// then a lighting gradient with a warm or cold cast, blur, noise and JPEG compression. A
// seed fixes the photo.
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/card_art.hpp"
#include "vision/card_profile.hpp"
#include "vision/geometry.hpp"

namespace qm::vision {

enum class LightCast { random, neutral, warm, cold };

struct CardSceneOptions {
  int width = 1024;
  int height = 768;
  CardArt art = CardArt::classic;
  int cards = 12;
  std::vector<std::string> labels;  // when not empty: these cards (cards is ignored)
  double max_tilt_degrees = 30;
  LightCast light = LightCast::random;
  double cast_strength = 0.18;      // how far a warm/cold light moves the blue and red channels
  int min_jpeg_quality = 70;        // 0 = keep the raw pixels
  int max_jpeg_quality = 95;
};

struct RenderedCard {
  std::string label;
  Quad corners;  // ordered, image pixels
  Box box;
};

struct RenderedCardScene {
  cv::Mat image;  // 8-bit BGR
  std::vector<RenderedCard> cards;
};

RenderedCardScene render_card_scene(const CardSceneOptions& options, std::mt19937_64& rng);

// The built-in Corsari profile: `photos` rendered scenes of the art style, every card found
// with the scan's own detection, matched to the ground truth, and learned as colour and
// number samples (at most `max_per_label` of each label), plus every font drawn flat.
CardProfile build_corsari_profile(CardArt art, int photos, std::uint64_t seed, int max_per_label = 40);

// Writes `photos` calibration photos of the art style into `dir` with a labels.json (boxes
// written), so that every colour and every number appears. Returns the number of photos.
int write_card_calibration_set(const std::filesystem::path& dir, CardArt art, int photos,
                               const CardSceneOptions& base, std::uint64_t seed);

}  // namespace qm::vision
