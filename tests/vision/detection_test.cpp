#include <catch2/catch.hpp>

#include <random>

#include "vision/detection.hpp"
#include "vision/photo.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;

namespace {

struct DetectionScore {
  int truth = 0;
  int found = 0;
  int matched = 0;
  double iou_sum = 0;
};

// Every true die matched to the detected face whose box overlaps it most.
DetectionScore detect(const qm::vision::SceneOptions& options, int scenes, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  DetectionScore score;
  const ScanParameters parameters;
  for (int i = 0; i < scenes; ++i) {
    const RenderedScene scene = render_scene(options, rng);
    const Photo photo = normalise_photo(scene.image, scene.image.size(), parameters);
    const std::vector<DieCandidate> found = find_dice(photo.image, parameters);
    score.truth += static_cast<int>(scene.dice.size());
    score.found += static_cast<int>(found.size());
    for (const RenderedDie& die : scene.dice) {
      double best = 0;
      for (const DieCandidate& candidate : found) best = std::max(best, iou(scaled(bounding_box(quad_of(candidate.face)), photo.scale), die.box));
      if (best >= 0.5) {
        ++score.matched;
        score.iou_sum += best;
      }
    }
  }
  return score;
}

}  // namespace

TEST_CASE("Detection finds the rendered dice with a tight box", "[vision][detection]") {
  const DetectionScore score = detect(qm::testing::small_scene(DiceArt::classic, 8), 12, 101);
  REQUIRE(score.truth == 12 * 8);
  CHECK(score.matched >= score.truth * 95 / 100);
  CHECK(score.iou_sum / score.matched >= 0.8);
}

TEST_CASE("Touching dice are separated", "[vision][detection]") {
  SceneOptions options = qm::testing::small_scene(DiceArt::classic, 8);
  options.touching_share = 1.0;  // every die after the first laid against another
  const DetectionScore score = detect(options, 10, 202);
  CHECK(score.matched >= score.truth * 92 / 100);
  CHECK(score.found <= score.truth + 2);  // glare may pass detection; the classifier rejects it
}

TEST_CASE("An empty table gives few candidates and never a die-sized grid of them", "[vision][detection]") {
  const DetectionScore score = detect(qm::testing::small_scene(DiceArt::classic, 0), 12, 303);
  CHECK(score.truth == 0);
  CHECK(score.found <= 3);
}

TEST_CASE("k-means splits two clusters of points apart", "[vision][detection]") {
  std::vector<cv::Point2f> points;
  for (int i = 0; i < 30; ++i) points.emplace_back(static_cast<float>(i % 6), static_cast<float>(i / 6));
  for (int i = 0; i < 30; ++i) points.emplace_back(static_cast<float>(20 + i % 6), static_cast<float>(i / 6));
  const std::vector<int> group = split_points(points, 2);
  for (int i = 1; i < 30; ++i) CHECK(group[static_cast<std::size_t>(i)] == group[0]);
  for (int i = 31; i < 60; ++i) CHECK(group[static_cast<std::size_t>(i)] == group[30]);
  CHECK(group[0] != group[30]);
}
