// Vision II: cards. Each stage on rendered cards and scenes with known ground truth, the close
// colour pairs under warm and cold light, the renderer round trip through a JPEG file,
// calibration to a second art style, profiles and bad input.
#include <fstream>
#include <random>

#include <catch2/catch.hpp>
#include <opencv2/imgcodecs.hpp>

#include "scoring/input_error.hpp"
#include "vision/card_art.hpp"
#include "vision/card_calibration.hpp"
#include "vision/card_profile.hpp"
#include "vision/card_renderer.hpp"
#include "vision/card_scan.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;

namespace {

const CardProfile& builtin() {
  static const CardProfile profile = load_builtin_card_profile(CardGame::corsari);
  return profile;
}

CardSceneOptions small_card_scene() {
  CardSceneOptions options;
  options.width = 800;
  options.height = 600;
  return options;
}

// Scans a rendered scene and counts the cards found (IoU > 0.5) and read right.
struct Outcome {
  int cards = 0;
  int found = 0;
  int right = 0;
  int extra = 0;
};

Outcome scan_scene(const RenderedCardScene& scene, const CardProfile& profile) {
  const ScanResult result = CardScanner(profile).scan(normalise_photo(scene.image, scene.image.size()));
  Outcome outcome;
  outcome.cards = static_cast<int>(scene.cards.size());
  for (const ScannedDie& item : result.items) {
    bool matched = false;
    for (const RenderedCard& card : scene.cards) {
      if (iou(item.box, card.box) > 0.5) {
        matched = true;
        ++outcome.found;
        if (item.label == card.label) ++outcome.right;
        else UNSCOPED_INFO("read " << item.label << " for " << card.label);
      }
    }
    if (!matched) ++outcome.extra;
  }
  return outcome;
}

}  // namespace

TEST_CASE("card labels split into colour and number", "[cards]") {
  CHECK(split_card_label("red7") == std::pair<int, int>(corsari_colour_index("red"), 7));
  CHECK(split_card_label("lightblue11") == std::pair<int, int>(corsari_colour_index("lightblue"), 11));
  CHECK(split_card_label("red12").first == -1);
  CHECK(split_card_label("mauve3").first == -1);
  CHECK(split_card_label("red").first == -1);
  CHECK(card_label(corsari_colour_index("grey"), 10) == "grey10");
  CHECK(corsari_colours().size() == 10);
}

TEST_CASE("the digit reader reads every number in every font, upright and upside down", "[cards]") {
  const CardReader reader(builtin());
  for (const CardArt art : {CardArt::classic}) {
    for (int number = 1; number <= kCorsariMaxNumber; ++number) {
      for (int font = 0; font < kFontVariants; ++font) {
        CardStyle style;
        style.art = art;
        style.font_variant = font;
        const cv::Mat card = draw_corsari_card(number % kCorsariColours, number, style);
        cv::Mat turned;
        cv::rotate(card, turned, cv::ROTATE_180);
        for (const bool half_turn : {false, true}) {
          const auto features = digit_features(half_turn ? turned : card);
          REQUIRE(features);
          const auto [label, confidence, upside_down] = reader.read_number(*features);
          INFO("number " << number << " font " << font);
          CHECK(label == std::to_string(number));
          CHECK(upside_down == half_turn);
        }
      }
    }
  }
}

TEST_CASE("6 and 9 are told apart by the bar, 1 and 11 by their ink", "[cards]") {
  const CardReader reader(builtin());
  for (const int number : {1, 6, 9, 11}) {
    cv::Mat turned;
    cv::rotate(draw_corsari_card(0, number, {}), turned, cv::ROTATE_180);
    CHECK(std::get<0>(reader.read_number(*digit_features(turned))) == std::to_string(number));
  }
}

TEST_CASE("a blank centre is not a card", "[cards]") {
  const cv::Mat blank(kCardHeight, kCardWidth, CV_8UC3, cv::Scalar(240, 240, 240));
  CHECK_FALSE(digit_features(blank));
  CHECK_FALSE(CardReader(builtin()).read(blank));
}

TEST_CASE("every colour is read from a flat card", "[cards]") {
  const CardReader reader(builtin());
  for (int colour = 0; colour < kCorsariColours; ++colour) {
    const auto [label, confidence] = reader.read_colour(card_colour_lab(draw_corsari_card(colour, 5, {})));
    CHECK(label == corsari_colours()[static_cast<std::size_t>(colour)].name);
  }
}

TEST_CASE("detection finds every card of rendered scenes, top-down and oblique", "[cards]") {
  std::mt19937_64 rng(31337);
  for (int i = 0; i < 4; ++i) {
    CardSceneOptions options = small_card_scene();
    options.max_tilt_degrees = i < 2 ? 0 : 30;
    const RenderedCardScene scene = render_card_scene(options, rng);
    const Photo photo = normalise_photo(scene.image, scene.image.size());
    const auto quads = find_cards(photo.image);
    CHECK(quads.size() == scene.cards.size());
    for (const RenderedCard& card : scene.cards) {
      double best = 0;
      for (const Quad& quad : quads) best = std::max(best, iou(scaled(bounding_box(quad), photo.scale), card.box));
      CHECK(best > 0.8);
    }
  }
}

TEST_CASE("an empty table has no cards", "[cards]") {
  std::mt19937_64 rng(5);
  CardSceneOptions options = small_card_scene();
  options.labels = {};
  options.cards = 0;
  const RenderedCardScene scene = render_card_scene(options, rng);
  CHECK(CardScanner(builtin()).scan(normalise_photo(scene.image, scene.image.size())).items.empty());
}

TEST_CASE("close colour pairs are read under warm and cold light", "[cards]") {
  // blue/lightblue, red/orange/pink, purple/pink, brown/grey, side by side.
  const std::vector<std::string> labels{"blue3",  "lightblue3", "red8",  "orange8", "pink8", "purple2",
                                        "pink2", "brown10",    "grey10", "yellow6", "green9", "red11"};
  std::mt19937_64 rng(2026);
  for (const LightCast light : {LightCast::warm, LightCast::cold}) {
    for (int i = 0; i < 2; ++i) {
      CardSceneOptions options = small_card_scene();
      options.labels = labels;
      options.light = light;
      options.cast_strength = 0.25;
      const Outcome outcome = scan_scene(render_card_scene(options, rng), builtin());
      CHECK(outcome.found == 12);
      CHECK(outcome.right == 12);
      CHECK(outcome.extra == 0);
    }
  }
}

TEST_CASE("scan_cards round trip through a JPEG file, with the CLI document", "[cards]") {
  qm::testing::TempDir dir("cards-scan");
  std::mt19937_64 rng(4242);
  CardSceneOptions options;
  options.width = 1600;
  options.height = 1200;
  const RenderedCardScene scene = render_card_scene(options, rng);
  const auto file = dir.path / "hand.jpg";
  cv::imwrite(file.string(), scene.image, {cv::IMWRITE_JPEG_QUALITY, 90});
  const ScanResult result = scan_cards(file, CardGame::corsari);
  REQUIRE(result.items.size() == 12);
  int right = 0;
  for (const ScannedDie& item : result.items) {
    for (const RenderedCard& card : scene.cards) {
      if (iou(item.box, card.box) > 0.7 && item.label == card.label) ++right;
    }
  }
  CHECK(right == 12);
  const auto json = to_json(result);
  CHECK(json["items"].size() == 12);
  CHECK(json["items"][0].contains("box"));
  CHECK(json["items"][0].contains("confidence"));
  int counted = 0;
  for (const auto& [label, count] : json["counts"].items()) counted += count.get<int>();
  CHECK(counted + json["uncertain"].get<int>() == 12);
  annotate(file, result, dir.path / "annotated.png");
  CHECK(std::filesystem::file_size(dir.path / "annotated.png") > 0);
}

TEST_CASE("calibration learns a second art style from a few photos", "[cards]") {
  qm::testing::TempDir dir("cards-calibration");
  const CardSceneOptions base = small_card_scene();
  // 3 photos of 12 cards: every colour and every number at least three times.
  write_card_calibration_set(dir.path, CardArt::alternate, 3, base, 99);
  const CardCalibrationReport report = calibrate_cards(dir.path, dir.path / "deck.json");
  CHECK(report.photos == 3);
  CHECK(report.cards == 36);
  CHECK(report.colour_samples.size() == 10);
  CHECK(report.number_samples.size() == 11);
  CHECK(report.accuracy == 1.0);
  CHECK(report.warnings.empty());
  CHECK_FALSE(format_report(report).empty());
  const CardProfile calibrated = load_card_profile(dir.path / "deck.json");
  std::mt19937_64 rng(123);
  int right = 0;
  int cards = 0;
  for (int i = 0; i < 3; ++i) {
    CardSceneOptions options = small_card_scene();
    options.art = CardArt::alternate;
    const Outcome outcome = scan_scene(render_card_scene(options, rng), calibrated);
    right += outcome.right;
    cards += outcome.cards;
  }
  CHECK(right == cards);
}

TEST_CASE("card profiles survive a JSON round trip and refuse bad documents", "[cards]") {
  qm::testing::TempDir dir("cards-profile");
  save_card_profile(builtin(), dir.path / "copy.json");
  const CardProfile copy = load_card_profile(dir.path / "copy.json");
  CHECK(copy.colours.size() == builtin().colours.size());
  CHECK(copy.numbers.size() == builtin().numbers.size());
  CHECK(copy.numbers.front().features == builtin().numbers.front().features);
  CHECK(std::filesystem::file_size(builtin_card_profile_path(CardGame::corsari)) < 1'000'000);
  std::ofstream(dir.path / "bad.json") << R"({"format": "quartermaster-dice-profile", "version": 1})";
  CHECK_THROWS_AS(load_card_profile(dir.path / "bad.json"), qm::InputError);
  std::ofstream(dir.path / "junk.json") << "not json";
  CHECK_THROWS_AS(load_card_profile(dir.path / "junk.json"), qm::InputError);
  CHECK_THROWS_AS(load_card_profile(dir.path / "missing.json"), qm::InputError);
  CHECK_THROWS_AS(card_game_from_string("poker"), qm::InputError);
}

TEST_CASE("bad photos are refused as for dice", "[cards]") {
  qm::testing::TempDir dir("cards-bad");
  CHECK_THROWS_AS(scan_cards(dir.path / "missing.jpg", builtin()), qm::InputError);
  std::ofstream(dir.path / "empty.jpg").close();
  CHECK_THROWS_AS(scan_cards(dir.path / "empty.jpg", builtin()), qm::InputError);
  std::ofstream(dir.path / "text.jpg") << "this is not a photo";
  CHECK_THROWS_AS(scan_cards(dir.path / "text.jpg", builtin()), qm::InputError);
  const cv::Mat gray(300, 400, CV_8U, cv::Scalar(128));
  cv::imwrite((dir.path / "gray.png").string(), gray);
  CHECK_THROWS_AS(scan_cards(dir.path / "gray.png", builtin()), qm::InputError);
  CHECK(std::string(no_cards_found("x.jpg").what()).find("no cards") != std::string::npos);
}
