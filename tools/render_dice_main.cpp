// qm-render-dice: synthetic dice photos, and the built-in profile made from them.
//   qm-render-dice profile --out data/vision/piraten-dice.json   (re)builds the built-in profile
//   qm-render-dice set --art woodcut --photos-per-face 6 --out DIR  a calibration set (labels.json)
//   qm-render-dice scenes --count 20 --out DIR                    random scenes with labels.json
// The same arguments always give the same files.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"
#include "vision/calibration.hpp"
#include "vision/image_codecs.hpp"
#include "vision/scene_renderer.hpp"

namespace {

// The built-in profile's recipe: the defaults below are what data/vision/piraten-dice.json was made with.
constexpr int kProfilePhotosPerFace = 10;
constexpr std::uint64_t kProfileSeed = 20240808;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Renders synthetic photos of dice and builds dice profiles from them."};
  app.require_subcommand(1);

  std::string art = "classic";
  int photos_per_face = kProfilePhotosPerFace;
  std::uint64_t seed = kProfileSeed;
  std::string out;
  std::string work;
  int count = 20;
  int width = 1024, height = 768;
  bool boxes = false;

  CLI::App* profile = app.add_subcommand("profile", "render a calibration set and learn a profile from it");
  profile->add_option("--out", out, "profile file to write")->required();
  profile->add_option("--art", art, "classic, woodcut or pips")->capture_default_str();
  profile->add_option("--photos-per-face", photos_per_face)->capture_default_str();
  profile->add_option("--seed", seed)->capture_default_str();
  profile->add_option("--work", work, "keep the rendered photos in this directory (default: a temporary one)");

  CLI::App* set = app.add_subcommand("set", "render a calibration set: photos of one face each, and labels.json");
  set->add_option("--out", out, "directory")->required();
  set->add_option("--art", art, "classic, woodcut or pips")->capture_default_str();
  set->add_option("--photos-per-face", photos_per_face)->capture_default_str();
  set->add_option("--seed", seed)->capture_default_str();
  set->add_flag("--boxes", boxes, "write each die's box into labels.json");

  CLI::App* scenes = app.add_subcommand("scenes", "render random scenes and their ground truth (labels.json)");
  scenes->add_option("--out", out, "directory")->required();
  scenes->add_option("--art", art, "classic, woodcut or pips")->capture_default_str();
  scenes->add_option("--count", count)->capture_default_str();
  scenes->add_option("--seed", seed)->capture_default_str();
  scenes->add_option("--width", width)->capture_default_str();
  scenes->add_option("--height", height)->capture_default_str();

  CLI11_PARSE(app, argc, argv);
  try {
    const qm::vision::DiceArt dice_art = qm::vision::parse_dice_art(art);
    qm::vision::SceneOptions options;
    options.art = dice_art;
    if (*profile) {
      const bool temporary = work.empty();
      const std::filesystem::path dir =
          temporary ? std::filesystem::temp_directory_path() / fmt::format("qm-render-dice-{}", seed) : std::filesystem::path(work);
      qm::vision::write_calibration_set(dir, dice_art, photos_per_face, options, seed, false);
      qm::vision::CalibrationOptions calibration;
      calibration.name = dice_art == qm::vision::DiceArt::pips ? "pip dice (rendered)" : "Piraten Kapern dice (rendered, " + art + ")";
      const qm::vision::CalibrationReport report = qm::vision::calibrate_dice(dir, out, calibration);
      std::cout << qm::vision::format_report(report);
      if (temporary) std::filesystem::remove_all(dir);
    } else if (*set) {
      const int written = qm::vision::write_calibration_set(out, dice_art, photos_per_face, options, seed, boxes);
      std::cout << fmt::format("{} and labels.json in {}\n", qm::counted(written, "photo"), out);
    } else {
      std::filesystem::create_directories(out);
      std::mt19937_64 rng(seed);
      options.width = width;
      options.height = height;
      nlohmann::json photos = nlohmann::json::array();
      for (int i = 0; i < count; ++i) {
        options.dice = std::uniform_int_distribution<int>(0, 12)(rng);
        const qm::vision::RenderedScene scene = qm::vision::render_scene(options, rng);
        const std::string file = fmt::format("scene-{:03}.jpg", i);
        const std::filesystem::path photo = std::filesystem::path(out) / file;
        if (!qm::vision::write_image(photo, scene.image, {cv::IMWRITE_JPEG_QUALITY, 92}))
          throw qm::InputError(fmt::format("{}: cannot be written", photo.string()));
        nlohmann::json items = nlohmann::json::array();
        for (const auto& die : scene.dice) items.push_back({{"label", die.label}, {"box", {die.box.x, die.box.y, die.box.w, die.box.h}}});
        photos.push_back({{"file", file}, {"table", scene.table}, {"items", items}});
      }
      std::ofstream(std::filesystem::path(out) / "labels.json") << nlohmann::json{{"photos", photos}}.dump(1) << '\n';
      std::cout << fmt::format("{} and labels.json in {}\n", qm::counted(count, "scene"), out);
    }
  } catch (const qm::InputError& error) {
    std::cerr << "qm-render-dice: " << error.what() << '\n';
    return 2;
  }
  return 0;
}
