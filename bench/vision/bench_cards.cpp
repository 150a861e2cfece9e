// Prints card detection and reading figures on rendered photos not used for training, and the
// time per 12 MP photo of 12 cards, for Corsari and Loot. Every third photo is a fanned hand
// (overlapping cards, some read from their corner index only). Not a test. Run
//   build/bench/vision/bench_cards [--photos N] [--game corsari|loot|both] [--profile FILE]
//                                  [--look 0-3] [--empty N] [--dump DIR] [--scan JSON] [--verbose]
// --look makes every rendered photo look like a phone's (phone_photo.hpp: 0 clean, 3 the
// hardest: patterned tables, 40 degrees, shadows, glare, blur, fingers, JPEG 50), and --empty
// scans N empty patterned tables given the same look (cards found there are phantoms; default
// 300 with a look, none without; the same tables whatever --photos is). --dump writes the first
// six photos, and every later one with a card missed, misread or found where none lies, as the
// scanner sees them (and as -found.png, with the cards' true outlines in green and the cards
// found in red), and the empty tables on which a card was found (PNG, so that scanning the file
// finds it again). --scan overrides scanning parameters, as a profile's "scan" object
// would (scan_parameters.hpp): --scan '{"card_frame_margin": 0}'. --verbose lists, photo by photo,
// each card not found (covered cards with the share covered), each card read wrong (what it was
// read as, how sure) and each card found where none lies.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "one_line_errors.hpp"
#include "scratch_folder.hpp"
#include "vision/image_codecs.hpp"
#include "vision/card_art.hpp"
#include "vision/card_renderer.hpp"
#include "vision/card_scan.hpp"
#include "vision/phone_photo.hpp"
#include "vision/scan_parameters.hpp"

using namespace qm::vision;

namespace {

// For each card found, the index of the card it is in the scene (its box overlapping that card's
// by more than half, each card matched once, in the order found), or -1: a false card.
std::vector<int> matches(const RenderedCardScene& scene, const ScanResult& result) {
  std::vector<int> matched;
  std::vector<bool> used(scene.cards.size(), false);
  for (const ScannedItem& item : result.items) {
    int match = -1;
    double best = 0.5;
    for (std::size_t c = 0; c < scene.cards.size(); ++c) {
      const double overlap = iou(item.box, scene.cards[c].box);
      if (!used[c] && overlap > best) {
        best = overlap;
        match = static_cast<int>(c);
      }
    }
    if (match >= 0) used[static_cast<std::size_t>(match)] = true;
    matched.push_back(match);
  }
  return matched;
}

struct Tally {
  int cards = 0, found = 0, false_found = 0;
  int numbered = 0, colour_right = 0, number_right = 0;  // cards with colour+number
  int right = 0, uncertain = 0, wrong_certain = 0;       // every found card, by label
  int covered = 0, covered_found = 0, covered_right = 0;

  // `matched`: matches(scene, result).
  void add(const RenderedCardScene& scene, const ScanResult& result, const std::vector<int>& matched) {
    cards += static_cast<int>(scene.cards.size());
    for (const RenderedCard& card : scene.cards) covered += card.cover > 0;
    for (std::size_t i = 0; i < result.items.size(); ++i) {
      const ScannedItem& item = result.items[i];
      const int match = matched[i];
      if (match < 0) {
        ++false_found;
        continue;
      }
      const RenderedCard& truth = scene.cards[static_cast<std::size_t>(match)];
      ++found;
      const bool good = item.label == truth.label;
      right += good;
      uncertain += item.uncertain;
      wrong_certain += !item.uncertain && !good;
      if (truth.cover > 0) {
        ++covered_found;
        covered_right += good;
      }
      if (const auto parts = split_label(truth.label)) {
        ++numbered;
        const auto guess = split_label(item.label);
        colour_right += guess && guess->colour == parts->colour;
        number_right += guess && guess->number == parts->number;
      }
    }
  }
};

double share(int a, int b) { return b ? 100.0 * a / b : 0.0; }

// Whether a card of the photo was missed or read wrong, or one found where none lies
// (`matched`: matches(scene, result)).
bool has_mistake(const RenderedCardScene& scene, const ScanResult& result, const std::vector<int>& matched) {
  std::vector<bool> found(scene.cards.size(), false);
  for (std::size_t i = 0; i < matched.size(); ++i) {
    if (matched[i] < 0) return true;
    const auto c = static_cast<std::size_t>(matched[i]);
    if (result.items[i].label != scene.cards[c].label) return true;
    found[c] = true;
  }
  return std::find(found.begin(), found.end(), false) != found.end();
}

// --verbose: photo `p`'s cards not found, read wrong or found where none lies, one line each
// (`matched`: matches(scene, result)).
void list_errors(int p, const RenderedCardScene& scene, const ScanResult& result, const std::vector<int>& matched) {
  std::vector<int> found_as(scene.cards.size(), -1);
  for (std::size_t i = 0; i < matched.size(); ++i) {
    const ScannedItem& item = result.items[i];
    if (matched[i] >= 0) {
      found_as[static_cast<std::size_t>(matched[i])] = static_cast<int>(i);
    } else {
      std::printf("    photo %d: a false %s%s at [%.0f, %.0f, %.0f, %.0f]\n", p, item.label.c_str(), item.uncertain ? " (uncertain)" : "",
                  item.box.x, item.box.y, item.box.w, item.box.h);
    }
  }
  for (std::size_t c = 0; c < scene.cards.size(); ++c) {
    const RenderedCard& card = scene.cards[c];
    const std::string covered = card.cover > 0 ? " covered " + std::to_string(cvRound(100 * card.cover)) + "%" : "";
    if (found_as[c] < 0) {
      std::printf("    photo %d: the %s%s at [%.0f, %.0f, %.0f, %.0f] not found\n", p, card.label.c_str(), covered.c_str(), card.box.x,
                  card.box.y, card.box.w, card.box.h);
      continue;
    }
    const ScannedItem& item = result.items[static_cast<std::size_t>(found_as[c])];
    if (item.label != card.label)
      std::printf("    photo %d: the %s%s read %s (confidence %.2f%s)\n", p, card.label.c_str(), covered.c_str(), item.label.c_str(),
                  item.confidence, item.uncertain ? ", uncertain" : "");
  }
}

struct LookOptions {
  int level = 0;
  int empty = 0;
  std::string dump;
  bool verbose = false;
  ScanParameters scan;
};

// The photo with each card's true outline (green) and each card found (red, with its label).
cv::Mat with_outlines(const RenderedCardScene& scene, const ScanResult& result) {
  cv::Mat image = scene.image.clone();
  const auto draw = [&](const Quad& q, const cv::Scalar& colour) { cv::polylines(image, pixel_corners(q), true, colour, 2); };
  for (const RenderedCard& card : scene.cards) draw(card.corners, cv::Scalar(0, 200, 0));
  for (const ScannedItem& item : result.items) {
    draw(item.corners, cv::Scalar(0, 0, 255));
    cv::putText(image, item.label, cv::Point(cvRound(item.box.x), cvRound(item.box.y + 20)), cv::FONT_HERSHEY_SIMPLEX, 0.7, cv::Scalar(0, 0, 255), 2);
  }
  return image;
}

void bench(CardGame game, int photos, const std::string& profile_file, const LookOptions& looks) {
  const PhoneLook look = PhoneLook::level(looks.level);
  const CardProfile profile = profile_file.empty() ? load_builtin_card_profile(game) : load_card_profile(profile_file);
  const CardScanner scanner(profile, looks.scan);
  // The photos, the empty tables and the 12 MP photos each draw from a seed of their own (none
  // the built-in profiles'), so that every run scans the same tables and times the same photos,
  // however many photos it reads.
  std::mt19937_64 rng(777000111);
  CardSceneOptions options;
  options.game = game;
  Tally all;
  Tally fanned;
  for (int p = 0; p < photos; ++p) {
    options.layout = p % 3 == 2 ? CardLayout::fan : CardLayout::rows;
    RenderedCardScene scene = render_card_scene(options, rng);
    if (looks.level > 0) scene = as_phone_photo(std::move(scene), look, rng);
    const ScanResult result = scanner.scan(normalise_photo(scene.image, scene.image.size()));
    const std::vector<int> matched = matches(scene, result);
    if (!looks.dump.empty() && (p < 6 || has_mistake(scene, result, matched))) {
      const std::filesystem::path stem = std::filesystem::path(looks.dump) / (to_string(game) + "-" + std::to_string(p));
      write_image(stem.string() + ".jpg", scene.image);
      write_image(stem.string() + "-found.png", with_outlines(scene, result));
    }
    all.add(scene, result, matched);
    if (options.layout == CardLayout::fan) fanned.add(scene, result, matched);
    if (looks.verbose) list_errors(p, scene, result, matched);
  }
  std::printf("== %s: %d photos of 12 cards (%d fanned), %d cards, profile %s, phone look %d\n", to_string(game).c_str(), photos,
              photos / 3, all.cards, profile.name.c_str(), looks.level);
  std::printf("detection recall %.2f%%, precision %.2f%%\n", share(all.found, all.cards),
              share(all.found, all.found + all.false_found));
  std::printf("per found card: label right %.2f%% (%d/%d); colour+number cards: colour %.2f%%, number %.2f%%\n",
              share(all.right, all.found), all.right, all.found, share(all.colour_right, all.numbered),
              share(all.number_right, all.numbered));
  std::printf("uncertain %.2f%%, wrong and not flagged %.2f%%\n", share(all.uncertain, all.found),
              share(all.wrong_certain, all.found));
  std::printf("fanned photos: recall %.2f%%, precision %.2f%%, right %.2f%%; covered cards: %d, found %.2f%%, right %.2f%%\n",
              share(fanned.found, fanned.cards), share(fanned.found, fanned.found + fanned.false_found),
              share(fanned.right, fanned.found), all.covered, share(all.covered_found, all.covered),
              share(all.covered_right, all.covered_found));
  std::printf("per card end to end (found and right / all cards): %.2f%%\n", share(all.right, all.cards));
  if (looks.empty > 0) {
    std::mt19937_64 table_rng(777000222);
    int phantoms = 0, with_phantoms = 0;
    for (int e = 0; e < looks.empty; ++e) {
      const cv::Mat table = patterned_table(cv::Size(options.width, options.height),
                                            static_cast<TablePattern>(e % kTablePatterns), table_rng);
      const cv::Mat image = looks.level > 0 ? phone_photo(table, {}, look, table_rng).image : table;
      const int found = static_cast<int>(scanner.scan(normalise_photo(image, image.size())).items.size());
      phantoms += found;
      with_phantoms += found > 0;
      if (!looks.dump.empty() && found > 0)
        write_image(std::filesystem::path(looks.dump) / (to_string(game) + "-phantom-" + std::to_string(e) + ".png"), image);
    }
    std::printf("empty patterned tables: %d photos, %d with a phantom card, %d phantom cards\n", looks.empty, with_phantoms, phantoms);
  }

  // Time per 12 MP photo (4000 x 3000 JPEG of 12 cards), from the file: decode + normalise + scan.
  const ScratchFolder scratch("qm-bench-cards");
  const std::filesystem::path& dir = scratch.path();
  CardSceneOptions big;
  big.game = game;
  big.width = 4000;
  big.height = 3000;
  constexpr int kTimed = 6;
  std::mt19937_64 timed_rng(777000333);
  for (int p = 0; p < kTimed; ++p) {
    big.layout = p % 2 ? CardLayout::fan : CardLayout::rows;
    write_image(dir / (std::to_string(p) + ".jpg"), render_card_scene(big, timed_rng).image, {cv::IMWRITE_JPEG_QUALITY, 90});
  }
  double total_ms = 0;
  int total_items = 0;
  for (int p = 0; p < kTimed; ++p) {
    const auto start = std::chrono::steady_clock::now();
    total_items += static_cast<int>(scanner.scan(dir / (std::to_string(p) + ".jpg")).items.size());
    total_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  std::printf("12 MP photo: %.1f ms per photo (one core, rows and fans), %.1f cards found per photo\n", total_ms / kTimed,
              static_cast<double>(total_items) / kTimed);
}

// An unknown or incomplete option (--help among them) prints this instead of starting a long run.
int usage() {
  std::fprintf(stderr, "usage: bench_cards [--photos N] [--game corsari|loot|both] [--profile FILE] [--look 0-3] [--empty N] [--dump DIR] [--scan JSON] [--verbose]\n");
  return 2;
}

int run(int argc, char** argv) {
  int photos = 500;
  std::string game = "both";
  std::string profile_file;
  LookOptions looks;
  bool empty_given = false;
  for (int i = 1; i < argc; ++i) {
    const bool valued = i + 1 < argc;
    if (valued && std::strcmp(argv[i], "--photos") == 0) photos = std::stoi(argv[++i]);
    else if (valued && std::strcmp(argv[i], "--game") == 0) game = argv[++i];
    else if (valued && std::strcmp(argv[i], "--profile") == 0) profile_file = argv[++i];
    else if (valued && std::strcmp(argv[i], "--look") == 0) looks.level = std::stoi(argv[++i]);
    else if (valued && std::strcmp(argv[i], "--empty") == 0) looks.empty = std::stoi(argv[++i]), empty_given = true;
    else if (valued && std::strcmp(argv[i], "--dump") == 0) looks.dump = argv[++i];
    else if (valued && std::strcmp(argv[i], "--scan") == 0) looks.scan = parameters_from_json(nlohmann::json::parse(argv[++i]));
    else if (std::strcmp(argv[i], "--verbose") == 0) looks.verbose = true;
    else return usage();
  }
  if (game != "both" && game != "corsari" && game != "loot") return usage();
  if (!empty_given && looks.level > 0) looks.empty = 300;
  cv::setNumThreads(1);  // the target is per core
  if (game == "both" || game == "corsari") bench(CardGame::corsari, photos, profile_file, looks);
  if (game == "both" || game == "loot") bench(CardGame::loot, photos, profile_file, looks);
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return run_with_one_line_errors("bench_cards", run, argc, argv); }
