#include <catch2/catch.hpp>

#include <random>

#include <opencv2/imgcodecs.hpp>

#include "vision/evaluation.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::TempDir;

TEST_CASE("Scanning a photo reports each die with a box in photo pixels and counts", "[vision][scan]") {
  TempDir dir("scan");
  std::mt19937_64 rng(71);
  SceneOptions options = qm::testing::small_scene(DiceArt::classic, 8);
  options.width = 2000;  // decoded at half size: boxes must come back in the photo's pixels
  options.height = 1500;
  const RenderedScene scene = render_scene(options, rng);
  const std::filesystem::path photo = dir.path / "table.jpg";
  REQUIRE(cv::imwrite(photo.string(), scene.image));
  const ScanResult result = scan(photo, load_builtin_profile());
  CHECK(result.photo_size == cv::Size(2000, 1500));
  const ScanScore score = score_scan(result, scene.dice);
  CHECK(score.matched == 8);
  CHECK(score.correct == 8);

  std::map<std::string, int> truth;
  for (const RenderedDie& die : scene.dice) ++truth[die.label];
  if (result.uncertain == 0) CHECK(result.counts == truth);

  const nlohmann::json json = to_json(result);
  REQUIRE(json["items"].size() == result.items.size());
  CHECK(json["items"][0]["box"].size() == 4);
  CHECK(json["items"][0]["label"].is_string());
  CHECK(json["items"][0]["confidence"].is_number());
  CHECK(json["counts"].is_object());

  annotate(photo, result, dir.path / "annotated.png");
  const cv::Mat annotated = cv::imread((dir.path / "annotated.png").string());
  CHECK(annotated.size() == cv::Size(2000, 1500));
  CHECK(cv::norm(annotated, scene.image, cv::NORM_INF) > 0);
  CHECK_THROWS_AS(annotate(photo, result, dir.path / "annotated.gif"), qm::InputError);
  CHECK_THROWS_AS(annotate(photo, result, dir.path / "no-such-dir" / "annotated.png"), qm::InputError);
}

TEST_CASE("A photo of an empty table yields no dice and a clear error for the CLI", "[vision][scan][bad-input]") {
  TempDir dir("empty");
  std::mt19937_64 rng(72);
  const DiceScanner scanner(load_builtin_profile());
  for (int i = 0; i < 6; ++i) {
    const RenderedScene scene = render_scene(qm::testing::small_scene(DiceArt::classic, 0), rng);
    CHECK(scan_image(scanner, scene.image).items.empty());
  }
  const std::string message = no_dice_found(dir.path / "table.jpg").what();
  CHECK(message.find("table.jpg: no dice found") != std::string::npos);
}
