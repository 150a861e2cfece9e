// qm-render-cards: synthetic photos of Corsari or Loot cards, and the built-in card profiles made from them.
//   qm-render-cards profile --game corsari --out data/vision/corsari-cards.json   (re)builds a built-in profile
//   qm-render-cards profile --game loot --out data/vision/loot-cards.json
//   qm-render-cards set --game loot --art alternate --photos 4 --out DIR        a calibration set (labels.json)
//   qm-render-cards scene --game loot --layout fan --seed 7 --out scene.jpg     one photo of 12 cards
// The same arguments always give the same files.
#include <filesystem>
#include <iostream>
#include <random>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"
#include "vision/card_renderer.hpp"
#include "vision/image_codecs.hpp"

namespace {

// The built-in profiles' recipe: the defaults below are what data/vision/corsari-cards.json and
// data/vision/loot-cards.json were made with (the same seed for both).
constexpr int kProfilePhotos = 60;
constexpr std::uint64_t kProfileSeed = 20261121;

qm::vision::CardArt art_of(const std::string& name) {
  if (name == "classic") return qm::vision::CardArt::classic;
  if (name == "alternate") return qm::vision::CardArt::alternate;
  throw qm::InputError(fmt::format("unknown card art '{}' (classic or alternate)", name));
}

qm::vision::CardLayout layout_of(const std::string& name) {
  if (name == "rows") return qm::vision::CardLayout::rows;
  if (name == "fan") return qm::vision::CardLayout::fan;
  throw qm::InputError(fmt::format("unknown layout '{}' (rows or fan)", name));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Renders synthetic photos of Corsari or Loot cards and builds card profiles from them."};
  app.require_subcommand(1);
  std::string game = "corsari";
  std::string layout = "rows";
  std::string art = "classic";
  int photos = kProfilePhotos;
  std::uint64_t seed = kProfileSeed;
  std::string out;
  int cards = 12;
  int look = 0;
  int width = 1024, height = 768;

  CLI::App* profile = app.add_subcommand("profile", "render scenes and learn a card profile from them");
  profile->add_option("--out", out, "profile file to write")->required();
  profile->add_option("--game", game, "corsari or loot")->capture_default_str();
  profile->add_option("--art", art, "classic or alternate")->capture_default_str();
  profile->add_option("--photos", photos)->capture_default_str();
  profile->add_option("--seed", seed)->capture_default_str();

  CLI::App* set = app.add_subcommand("set", "render a calibration set covering every colour and number, and labels.json");
  set->add_option("--out", out, "directory")->required();
  set->add_option("--game", game, "corsari or loot")->capture_default_str();
  set->add_option("--art", art, "classic or alternate")->capture_default_str();
  set->add_option("--photos", photos)->capture_default_str();
  set->add_option("--seed", seed)->capture_default_str();
  set->add_option("--look", look, "0 as rendered, 1-3 more and more like a phone's photo (phone_photo.hpp)")
      ->check(CLI::Range(0, 3))
      ->capture_default_str();

  CLI::App* scene = app.add_subcommand("scene", "render one photo of cards on a table");
  scene->add_option("--out", out, "image file (.jpg or .png)")->required();
  scene->add_option("--game", game, "corsari or loot")->capture_default_str();
  scene->add_option("--art", art, "classic or alternate")->capture_default_str();
  scene->add_option("--seed", seed)->capture_default_str();
  scene->add_option("--cards", cards)->capture_default_str();
  scene->add_option("--width", width)->capture_default_str();
  scene->add_option("--height", height)->capture_default_str();
  scene->add_option("--layout", layout, "rows (side by side) or fan (overlapping)")->capture_default_str();

  CLI11_PARSE(app, argc, argv);
  try {
    if (profile->parsed()) {
      const qm::vision::CardProfile built =
          qm::vision::build_card_profile(qm::vision::card_game_from_string(game), art_of(art), photos, seed);
      qm::vision::save_card_profile(built, out);
      std::cout << fmt::format("{}: {} colour samples, {} number samples, {} corner samples, {} whole samples\n", out,
                               built.colours.size(), built.numbers.size(), built.corners.size(), built.wholes.size());
    } else if (set->parsed()) {
      qm::vision::CardSceneOptions options;
      options.game = qm::vision::card_game_from_string(game);
      const int written = qm::vision::write_card_calibration_set(out, art_of(art), photos, options, seed, look);
      std::cout << fmt::format("{}: {} and labels.json\n", out, qm::counted(written, "photo"));
    } else {
      qm::vision::CardSceneOptions options;
      options.game = qm::vision::card_game_from_string(game);
      options.layout = layout_of(layout);
      options.art = art_of(art);
      options.cards = cards;
      options.width = width;
      options.height = height;
      std::mt19937_64 rng(seed);
      const qm::vision::RenderedCardScene rendered = qm::vision::render_card_scene(options, rng);
      if (!qm::vision::write_image(out, rendered.image)) throw qm::InputError(fmt::format("{}: cannot be written", out));
      for (const auto& card : rendered.cards) std::cout << card.label << ' ';
      std::cout << '\n';
    }
  } catch (const qm::InputError& error) {
    std::cerr << error.what() << '\n';
    return 2;
  }
  return 0;
}
