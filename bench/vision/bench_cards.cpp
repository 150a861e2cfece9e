// Prints card detection and reading figures on rendered photos not used for training, and the
// time per 12 MP photo of 12 cards. Not a test. Run build/bench/vision/bench_cards [--photos N] [--profile FILE].
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "vision/card_art.hpp"
#include "vision/card_renderer.hpp"
#include "vision/card_scan.hpp"

using namespace qm::vision;

int main(int argc, char** argv) {
  int photos = 500;
  std::string profile_file;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--photos") == 0) photos = std::stoi(argv[++i]);
    else if (std::strcmp(argv[i], "--profile") == 0) profile_file = argv[++i];
  }
  cv::setNumThreads(1);  // the target is per core
  const CardProfile profile = profile_file.empty() ? load_builtin_card_profile(CardGame::corsari) : load_card_profile(profile_file);
  const CardScanner scanner(profile);
  std::mt19937_64 rng(777000111);  // not the built-in profile's seed
  CardSceneOptions options;
  int truth_cards = 0, found = 0, false_found = 0, colour_right = 0, number_right = 0, both_right = 0, uncertain = 0;
  int wrong_certain = 0;
  for (int p = 0; p < photos; ++p) {
    const RenderedCardScene scene = render_card_scene(options, rng);
    const ScanResult result = scanner.scan(normalise_photo(scene.image, scene.image.size()));
    truth_cards += static_cast<int>(scene.cards.size());
    std::vector<bool> used(scene.cards.size(), false);
    for (const ScannedDie& item : result.items) {
      int match = -1;
      for (std::size_t c = 0; c < scene.cards.size(); ++c) {
        if (!used[c] && iou(item.box, scene.cards[c].box) > 0.5) { match = static_cast<int>(c); break; }
      }
      if (match < 0) { ++false_found; continue; }
      used[static_cast<std::size_t>(match)] = true;
      ++found;
      const auto truth = split_card_label(scene.cards[static_cast<std::size_t>(match)].label);
      const auto guess = split_card_label(item.label);
      colour_right += truth.first == guess.first;
      number_right += truth.second == guess.second;
      both_right += truth == guess;
      uncertain += item.uncertain;
      wrong_certain += !item.uncertain && truth != guess;
    }
  }
  const auto share = [](int a, int b) { return b ? 100.0 * a / b : 0.0; };
  std::printf("photos %d, cards %d\n", photos, truth_cards);
  std::printf("detection recall %.2f%%, precision %.2f%%\n", share(found, truth_cards), share(found, found + false_found));
  std::printf("per found card: colour %.2f%%, number %.2f%%, both %.2f%%; uncertain %.2f%%, wrong and not flagged %.2f%%\n",
              share(colour_right, found), share(number_right, found), share(both_right, found), share(uncertain, found),
              share(wrong_certain, found));

  // Time per 12 MP photo (4000 x 3000 JPEG of 12 cards), from the file: decode + normalise + scan.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "qm-bench-cards";
  std::filesystem::create_directories(dir);
  CardSceneOptions big;
  big.width = 4000;
  big.height = 3000;
  constexpr int kTimed = 5;
  for (int p = 0; p < kTimed; ++p) {
    cv::imwrite((dir / (std::to_string(p) + ".jpg")).string(), render_card_scene(big, rng).image, {cv::IMWRITE_JPEG_QUALITY, 90});
  }
  double total_ms = 0;
  int total_items = 0;
  for (int p = 0; p < kTimed; ++p) {
    const auto start = std::chrono::steady_clock::now();
    total_items += static_cast<int>(scanner.scan(dir / (std::to_string(p) + ".jpg")).items.size());
    total_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  std::printf("12 MP photo: %.1f ms per photo (one core), %.1f cards found per photo\n", total_ms / kTimed,
              static_cast<double>(total_items) / kTimed);
  std::filesystem::remove_all(dir);
  return 0;
}
