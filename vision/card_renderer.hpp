#pragma once
// Synthetic photos of Corsari or Loot cards laid out on a table, with their ground truth, and
// the built-in profiles learned from them. The cards (card_art.hpp) lie side by side in rows,
// each turned a little (and some half a turn), or fanned: in overlapping rows, each card
// covering part of the one before it, as a hand is spread; a pinhole-like homography tilts the view up to
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
#include "vision/phone_photo.hpp"

namespace qm::vision {

enum class LightCast { random, neutral, warm, cold };
// rows: side by side, a line of table between neighbours; fan: rows of up to 6 overlapping
// cards, each covering min_cover..max_cover of the width of the one under it.
enum class CardLayout { rows, fan };

struct CardSceneOptions {
  int width = 1024;
  int height = 768;
  CardGame game = CardGame::corsari;
  CardArt art = CardArt::classic;
  int cards = 12;
  std::vector<std::string> labels;  // when not empty: these cards (cards is ignored)
  CardLayout layout = CardLayout::rows;
  double min_cover = 0.15;
  double max_cover = 0.6;
  double max_tilt_degrees = 30;
  LightCast light = LightCast::random;
  double cast_strength = 0.18;      // how far a warm/cold light moves the blue and red channels
  int min_jpeg_quality = 70;        // 0 = keep the raw pixels
  int max_jpeg_quality = 95;
};

struct RenderedCard {
  std::string label;
  Quad corners;      // the whole card (hidden parts too), ordered, image pixels
  Box box;
  double cover = 0;  // share of the card's width covered by the next card (fan)
};

struct RenderedCardScene {
  cv::Mat image;  // 8-bit BGR
  std::vector<RenderedCard> cards;
};

RenderedCardScene render_card_scene(const CardSceneOptions& options, std::mt19937_64& rng);

// A built-in profile: every font drawn flat, then `photos` rendered scenes of the art style
// (every third one fanned), every card seen whole found with the scan's own detection,
// matched to the ground truth and learned by CardLearner (at most `max_per_label` of each).
CardProfile build_card_profile(CardGame game, CardArt art, int photos, std::uint64_t seed, int max_per_label = 40);

// The scene as a phone would have taken it (phone_photo.hpp): its photo, and its cards where
// they now lie.
RenderedCardScene as_phone_photo(RenderedCardScene scene, const PhoneLook& look, std::mt19937_64& rng);

// Writes `photos` calibration photos of the game's cards in the art style into `dir` with a
// labels.json (boxes written), cycling through the deck so that every colour, every number
// and every card learned whole appears, seen as a phone at `phone_look` (phone_photo.hpp; 0 as
// rendered) would see them. Returns the number of photos.
int write_card_calibration_set(const std::filesystem::path& dir, CardArt art, int photos,
                               const CardSceneOptions& base, std::uint64_t seed, int phone_look = 0);

}  // namespace qm::vision
