// Vision benchmark (issue 8, item 7): on rendered photos never used in training,
//   1. the built-in profile on classic dice: per-die accuracy, detection recall and precision;
//   2. empty tables: false dice;
//   3. the woodcut art style: the built-in profile (never saw it), then a profile calibrated
//      from 6 photos per face;
//   4. time per 12 MP JPEG photo, decode included, on one core;
//   5. the built-in profile on photos made to look like a phone's (phone_photo.hpp, the hardest
//      look, the renderer's own tables), and false dice on 300 empty patterned tables given it.
// Usage: bench_vision [--photos N] [--big K]   (defaults: 500 photos, 5 big photos)
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include <opencv2/core.hpp>

#include "scoring/input_error.hpp"
#include "scratch_folder.hpp"
#include "vision/image_codecs.hpp"
#include "vision/calibration.hpp"
#include "vision/evaluation.hpp"
#include "vision/phone_photo.hpp"

namespace {

using namespace qm::vision;

// Seeds far from qm-render-dice's and the tests': these photos were never trained on.
constexpr std::uint64_t kSceneSeed = 9'000'001;
constexpr std::uint64_t kCalibrationSeed = 9'100'001;

ScanScore run(const DiceScanner& scanner, DiceArt art, int photos, int min_dice, int max_dice, std::uint64_t seed,
              int phone_look = 0) {
  std::mt19937_64 rng(seed);
  PhoneLook look = PhoneLook::level(phone_look);
  look.pattern_chance = 0;  // a die's sides lie outside its top face's outline
  ScanScore total;
  for (int i = 0; i < photos; ++i) {
    SceneOptions options;
    options.art = art;
    options.dice = std::uniform_int_distribution<int>(min_dice, max_dice)(rng);
    RenderedScene scene = render_scene(options, rng);
    if (phone_look > 0) {
      std::vector<Quad> faces;
      for (const RenderedDie& die : scene.dice) faces.push_back(die.top_face);
      const PhonePhoto photo = phone_photo(scene.image, faces, look, rng);
      scene.image = photo.image;
      for (std::size_t d = 0; d < scene.dice.size(); ++d) {
        scene.dice[d].top_face = photo.outlines[d];
        scene.dice[d].box = bounding_box(photo.outlines[d]);
      }
    }
    total += score_scan(scan_image(scanner, scene.image), scene.dice);
  }
  return total;
}

// False dice on empty patterned tables (towels, checks, stripes ...) seen as a phone would.
int false_dice_on_patterns(const DiceScanner& scanner, int photos, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const PhoneLook look = PhoneLook::level(3);
  int found = 0;
  for (int i = 0; i < photos; ++i) {
    const cv::Mat table = patterned_table(cv::Size(1024, 768), static_cast<TablePattern>(i % kTablePatterns), rng);
    found += static_cast<int>(scan_image(scanner, phone_photo(table, {}, look, rng).image).items.size());
  }
  return found;
}

void print(const char* what, const ScanScore& s) {
  std::printf("%-44s dice %5d  recall %6.2f%%  precision %6.2f%%  accuracy %6.2f%%  uncertain %4d  silent errors %3d  IoU %.3f\n",
              what, s.truth, 100 * s.recall(), 100 * s.precision(), 100 * s.accuracy(), s.uncertain, s.silent_errors,
              s.mean_iou());
}

}  // namespace

int main(int argc, char** argv) {
  int photos = 500;
  int big = 5;
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    // An unknown or incomplete option (--help among them) prints the usage, not a long run.
    if (i + 1 >= argc || (flag != "--photos" && flag != "--big")) {
      std::fprintf(stderr, "usage: bench_vision [--photos N] [--big K]\n");
      return 2;
    }
    (flag == "--photos" ? photos : big) = std::atoi(argv[i + 1]);
  }
  cv::setNumThreads(1);
  try {
    const DiceScanner builtin(load_builtin_profile());
    std::printf("built-in profile: %s (%zu samples)\n", builtin_profile_path().c_str(), builtin.profile().samples.size());

    print("classic dice, built-in profile", run(builtin, DiceArt::classic, photos, 1, 12, kSceneSeed));
    const ScanScore empty = run(builtin, DiceArt::classic, std::max(1, photos / 5), 0, 0, kSceneSeed + 1);
    std::printf("%-44s photos %4d  false dice %d\n", "empty tables, built-in profile", std::max(1, photos / 5), empty.found);
    print("classic dice, phone look 3", run(builtin, DiceArt::classic, std::max(1, photos / 5), 1, 12, kSceneSeed + 6, 3));
    std::printf("%-44s photos %4d  false dice %d\n", "empty patterned tables, phone look 3", 300,
                false_dice_on_patterns(builtin, 300, kSceneSeed + 7));

    print("woodcut dice, built-in profile", run(builtin, DiceArt::woodcut, std::max(1, photos / 5), 1, 12, kSceneSeed + 2));
    const ScratchFolder woodcut_folder("qm-bench-vision-woodcut");
    const std::filesystem::path& dir = woodcut_folder.path();
    write_calibration_set(dir, DiceArt::woodcut, 6, SceneOptions{}, kCalibrationSeed, false);
    CalibrationOptions calibration_options;
    calibration_options.name = "woodcut";
    const Calibration calibration = calibrate(dir, calibration_options);
    std::filesystem::remove_all(dir);
    std::printf("woodcut calibration: %d dice from %d photos, cross-validated accuracy %.2f%%\n", calibration.report.dice,
                calibration.report.photos, 100 * calibration.report.accuracy);
    const DiceScanner woodcut(calibration.profile);
    print("woodcut dice, calibrated profile (6/face)", run(woodcut, DiceArt::woodcut, photos, 1, 12, kSceneSeed + 3));
    const ScanScore woodcut_empty = run(woodcut, DiceArt::woodcut, std::max(1, photos / 5), 0, 0, kSceneSeed + 4);
    std::printf("%-44s photos %4d  false dice %d\n", "empty tables, calibrated profile", std::max(1, photos / 5), woodcut_empty.found);

    // 12 MP: written as JPEG and scanned from the file, as the CLI does.
    const ScratchFolder big_folder("qm-bench-vision-12mp");
    const std::filesystem::path& big_dir = big_folder.path();
    std::mt19937_64 rng(kSceneSeed + 5);
    double total_ms = 0, worst_ms = 0, total_cpu_ms = 0;
    ScanScore big_score;
    for (int i = 0; i < big; ++i) {
      SceneOptions options;
      options.width = 4000;
      options.height = 3000;
      options.min_jpeg_quality = 0;
      const RenderedScene scene = render_scene(options, rng);
      const std::filesystem::path file = big_dir / ("photo-" + std::to_string(i) + ".jpg");
      qm::vision::write_image(file, scene.image, {cv::IMWRITE_JPEG_QUALITY, 90});
      const auto start = std::chrono::steady_clock::now();
      const std::clock_t cpu_start = std::clock();
      const ScanResult result = builtin.scan(file);
      total_cpu_ms += 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      total_ms += ms;
      worst_ms = std::max(worst_ms, ms);
      big_score += score_scan(result, scene.dice);
    }
    if (big > 0) {
      std::printf("12 MP JPEG (4000x3000), one thread: wall mean %.1f ms (worst %.1f), CPU mean %.1f ms per photo over %d photos\n",
                  total_ms / big, worst_ms, total_cpu_ms / big, big);
      print("12 MP photos, built-in profile", big_score);
    }
  } catch (const qm::InputError& error) {
    std::fprintf(stderr, "bench_vision: %s\n", error.what());
    return 2;
  }
  return 0;
}
