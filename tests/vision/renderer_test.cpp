#include <catch2/catch.hpp>

#include <fstream>
#include <random>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "vision/evaluation.hpp"
#include "vision/labels_file.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::TempDir;

TEST_CASE("The same seed renders the same photo", "[vision][renderer]") {
  const SceneOptions options = qm::testing::small_scene(DiceArt::classic, 6);
  std::mt19937_64 first(7), second(7), third(8);
  const RenderedScene a = render_scene(options, first);
  const RenderedScene b = render_scene(options, second);
  const RenderedScene c = render_scene(options, third);
  CHECK(cv::norm(a.image, b.image, cv::NORM_INF) == 0);
  CHECK(cv::norm(a.image, c.image, cv::NORM_INF) > 0);
  REQUIRE(a.dice.size() == 6);
  for (std::size_t i = 0; i < a.dice.size(); ++i) CHECK(a.dice[i].box == b.dice[i].box);
}

TEST_CASE("Rendered ground truth lies inside the photo and names the art's faces", "[vision][renderer]") {
  std::mt19937_64 rng(11);
  for (DiceArt art : {DiceArt::classic, DiceArt::woodcut, DiceArt::pips}) {
    const RenderedScene scene = render_scene(qm::testing::small_scene(art, 10), rng);
    CHECK(scene.dice.size() == 10);
    const std::vector<std::string> labels = face_labels(art);
    for (const RenderedDie& die : scene.dice) {
      CHECK(die.box.x >= 0);
      CHECK(die.box.y >= 0);
      CHECK(die.box.x + die.box.w <= 800);
      CHECK(die.box.y + die.box.h <= 600);
      CHECK(die.box.w >= 0.04 * 600);
      CHECK(die.label == labels[static_cast<std::size_t>(die.face)]);
      CHECK(polygon_area(die.top_face) > 0.5 * die.box.area() * 0.5);
    }
  }
}

TEST_CASE("Renderer round trip: written photos scan back to their ground truth", "[vision][renderer][scan]") {
  TempDir dir("roundtrip");
  const DiceScanner scanner(load_builtin_profile());
  std::mt19937_64 rng(23);
  ScanScore total;
  for (int i = 0; i < 6; ++i) {
    const RenderedScene scene = render_scene(qm::testing::small_scene(DiceArt::classic, 8), rng);
    const std::filesystem::path file = dir.path / ("scene-" + std::to_string(i) + ".jpg");
    REQUIRE(cv::imwrite(file.string(), scene.image, {cv::IMWRITE_JPEG_QUALITY, 90}));
    total += score_scan(scanner.scan(file), scene.dice);
  }
  CHECK(total.recall() >= 0.95);
  CHECK(total.precision() >= 0.98);
  CHECK(total.accuracy() >= 0.98);
  CHECK(total.silent_errors == 0);
}

TEST_CASE("A calibration set is written in the labels.json format", "[vision][renderer]") {
  TempDir dir("set");
  const int written = write_calibration_set(dir.path, DiceArt::pips, 1, qm::testing::small_scene(DiceArt::pips, 3), 5, true);
  CHECK(written == 6);
  const std::vector<LabelledPhoto> photos = read_labels_file(dir.path);
  REQUIRE(photos.size() == 6);
  for (std::size_t face = 0; face < photos.size(); ++face) {
    CHECK(std::filesystem::exists(photos[face].file));
    REQUIRE(photos[face].items.size() == 3);
    for (const LabelledItem& item : photos[face].items) {
      CHECK(item.label == std::to_string(face + 1));
      CHECK(item.box.has_value());
    }
  }
}
