// Prints how the scanners read real photos that nobody here rendered (the development sets in
// ../shared/data, or --data DIR), as a table would use them. Not a test. Run
//   build/bench/vision/bench_real_photos [--data DIR] [--quick] [--verbose] [--scan JSON]
//                                       [--only dice|cards|uno] [--dump DIR] [--interleaved]
// (--verbose: every die not read right, with its photo and box, and every photo of cards with
// a card not found or a phantom, to look at; --scan overrides the card scan's parameters, as a
// profile's "scan" object would: --scan '{"card_frame_margin": 0}'; --dump DIR writes every photo
// of cards with a card not found or a phantom as PNG, labelled boxes green, cards found red.)
//
// Dice (real-dice/: webcam photos of white pip dice on a desk): the photos showing one face are
// split per face into two folds by file name (the first and second half of each face's photos;
// --interleaved: every other photo, to see how much a figure owes to the split); each fold in turn calibrates (`calibrate dice` on
// those photos alone), and every other photo, the mixed ones included, is scanned with that
// profile. A labelled die is read right when a scanned die's box holds the centre of its pips
// and names its face; else wrong, or not found. A scanned die matching no labelled die is a
// phantom. Each fold also prints the calibration's own estimate beside what it measured, and,
// where a label that marks no die (kNoDieLabels, checked by eye) went unfound, the figure
// without it beside the figure as labelled. Last, both folds' readings together: every die read
// by a profile calibrated without its photo (the mixed photos twice, once by each).
// Cards (real-cards/playing-cards/: phone photos of playing cards on carpets, desks and cloth):
// only finding is measured, with the built-in Corsari profile (the deck is none of the games'):
// a card is found when a reported card's box holds the centre of its labelled box (as
// photo-smoke counts). Holding the centre is a loose test (a box round a whole fanned row holds
// every card's centre), so the figure beside it asks the boxes to overlap by half (IoU 0.5, as
// object detection benchmarks do). Found cards are also counted by how they are reported: unread
// (`?`), or named as a Corsari card, a guess, since no profile knows this deck.
// Then the same cards read as a table would after calibrating on them: the labels name the rank
// alone (nine to ace, no suit), so the six ranks are calibrated as six cards that differ by
// number alone, Loot's merchants m2-m7 (kRanksAsMerchants); `calibrate cards` learns from the
// source's train split (296 photos; the labelled boxes say which card is which), and its test
// split is scanned with that profile; then the other way round, calibrated on the 67 test photos
// (a few dozen, as a table would take) and the 296 train photos read. A card is read right when
// the card whose box holds its centre is its rank; else read wrong, listed unread (`?`), or not
// found; cards matching none are phantoms.
// Beside it, the cards named for sure (not marked uncertain): those the players are not asked about.
// UNO cards (real-cards/uno/: webcam photos, one card each, against a grey wall): a real deck of
// coloured number cards, read as a table would after calibrating on it. Its number cards 1-9 in
// four colours are Corsari cards (`green7`); each in turn is left out, `calibrate cards` learns
// from the 35 others (each colour from 8 photos, each number from 3), and the card left out is
// scanned with that profile: read right when a card reported is it, any other card reported a
// phantom. The 16 other cards (0, skip, reverse, draw two: none of Corsari's) are scanned with
// the profile of all 36, as look-alikes: each should be listed unread or not found.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <opencv2/imgproc.hpp>

#include "one_line_errors.hpp"
#include "scratch_folder.hpp"
#include "vision/calibration.hpp"
#include "vision/card_calibration.hpp"
#include "vision/card_scan.hpp"
#include "vision/image_codecs.hpp"
#include "vision/photo.hpp"
#include "vision/scan.hpp"
#include "vision/scan_parameters.hpp"

using namespace qm::vision;
namespace fs = std::filesystem;

namespace {

struct Item {
  std::string label;
  Box box;  // dice: around the top face's pips; cards: around the card
};

struct LabelledPhoto {
  std::string file;
  std::vector<Item> items;
  std::string split;  // the source's own split ("train", "test"), where it has one
};

std::vector<LabelledPhoto> read_truth(const fs::path& file, const char* box_key) {
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "bench_real_photos: %s cannot be read (--data DIR names the folder of real-dice and real-cards)\n",
                 file.string().c_str());
    std::exit(2);
  }
  const nlohmann::json json = nlohmann::json::parse(in);
  std::vector<LabelledPhoto> photos;
  for (const auto& photo : json.at("photos")) {
    LabelledPhoto labelled{photo.at("file").get<std::string>(), {}, photo.value("split", "")};
    for (const auto& item : photo.at("items")) {
      const auto& b = item.at(box_key);
      labelled.items.push_back({item.at("label").get<std::string>(), {b[0].get<double>(), b[1].get<double>(), b[2].get<double>(), b[3].get<double>()}});
    }
    photos.push_back(std::move(labelled));
  }
  return photos;
}

bool holds(const Box& box, double x, double y) { return box.x <= x && x <= box.x + box.w && box.y <= y && y <= box.y + box.h; }

// Pairs each labelled item with the nearest unused scanned item whose box holds its centre
// (-1: none); `phantoms` counts the scanned items left over.
std::vector<int> match(const std::vector<Item>& truth, const std::vector<ScannedItem>& found, int& phantoms) {
  std::vector<bool> used(found.size(), false);
  std::vector<int> pairs;
  for (const Item& item : truth) {
    const double cx = item.box.x + item.box.w / 2, cy = item.box.y + item.box.h / 2;
    int best = -1;
    double best_distance = 0;
    for (std::size_t k = 0; k < found.size(); ++k) {
      if (used[k] || !holds(found[k].box, cx, cy)) continue;
      const Box& b = found[k].box;
      const double d = std::hypot(b.x + b.w / 2 - cx, b.y + b.h / 2 - cy);
      if (best < 0 || d < best_distance) {
        best = static_cast<int>(k);
        best_distance = d;
      }
    }
    if (best >= 0) used[static_cast<std::size_t>(best)] = true;
    pairs.push_back(best);
  }
  phantoms += static_cast<int>(std::count(used.begin(), used.end(), false));
  return pairs;
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// --quick: every fourth photo.
template <typename Entry>
std::vector<Entry> every_fourth(const std::vector<Entry>& photos) {
  std::vector<Entry> kept;
  for (std::size_t i = 0; i < photos.size(); i += 4) kept.push_back(photos[i]);
  return kept;
}

// The scanned items `match` paired with no labelled item: the photo's phantoms.
std::vector<const ScannedItem*> unmatched(const ScanResult& result, const std::vector<int>& pairs) {
  std::vector<const ScannedItem*> left;
  for (std::size_t k = 0; k < result.items.size(); ++k)
    if (std::find(pairs.begin(), pairs.end(), static_cast<int>(k)) == pairs.end()) left.push_back(&result.items[k]);
  return left;
}

void print_phantom(const std::string& file, const ScannedItem& read) {
  std::printf("    %s: a phantom %s%s at [%.0f, %.0f, %.0f, %.0f]\n", file.c_str(), read.label.c_str(), read.uncertain ? " (uncertain)" : "",
              read.box.x, read.box.y, read.box.w, read.box.h);
}

// A photo of dir to calibrate on, and the labels of its items; their boxes where the photo holds
// more than one kind of item (else calibration finds them).
struct CalibrationPhoto {
  std::string file;
  std::vector<std::string> labels;
  std::vector<Box> boxes;  // empty, or one per label
};

// `folder` made a calibration folder: links to the photos of `dir` and their labels.json.
void write_calibration_folder(const fs::path& dir, const std::vector<CalibrationPhoto>& photos, const fs::path& folder) {
  nlohmann::json labels = {{"photos", nlohmann::json::array()}};
  for (const CalibrationPhoto& photo : photos) {
    // A file in a subfolder of dir (train/IMG_1.jpg) is linked flat, under its own name.
    const std::string name = fs::path(photo.file).filename().string();
    fs::create_symlink(fs::absolute(dir / photo.file), folder / name);
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t i = 0; i < photo.labels.size(); ++i) {
      nlohmann::json item = {{"label", photo.labels[i]}};
      if (!photo.boxes.empty()) item["box"] = {photo.boxes[i].x, photo.boxes[i].y, photo.boxes[i].w, photo.boxes[i].h};
      items.push_back(item);
    }
    labels["photos"].push_back({{"file", name}, {"items", items}});
  }
  std::ofstream(folder / "labels.json") << labels.dump();
}

// Labels of the dice set that mark no die, checked by eye on the photo: the figures are printed
// as labelled and, beside them, without these (the set is not ours to mend).
struct NoDieLabel {
  const char* file;
  Box pips;
  const char* seen;
};
constexpr std::array kNoDieLabels{NoDieLabel{"five_1.jpg", {430, 177, 68, 63}, "a 1 on bare wood beside the photo's one die, a 5"}};

bool labels_no_die(const std::string& file, const Box& box) {
  return std::ranges::any_of(kNoDieLabels, [&](const NoDieLabel& label) { return file == label.file && box == label.pips; });
}

void bench_dice(const fs::path& dir, bool quick, bool verbose, bool interleaved) {
  const std::vector<LabelledPhoto> photos = read_truth(dir / "truth.json", "pips");
  std::map<std::string, std::vector<const LabelledPhoto*>> one_face;  // per face, by file name
  std::vector<const LabelledPhoto*> mixed;
  for (const LabelledPhoto& photo : photos) {
    const bool one = std::all_of(photo.items.begin(), photo.items.end(), [&](const Item& i) { return i.label == photo.items.front().label; });
    (one ? one_face[photo.items.front().label] : mixed).push_back(&photo);
  }
  for (auto& [face, list] : one_face) std::sort(list.begin(), list.end(), [](auto* a, auto* b) { return a->file < b->file; });

  std::array<int, 3> both_folds{};  // readings right, all, all but the labels that mark no die
  for (int fold = 0; fold < 2; ++fold) {
    std::vector<const LabelledPhoto*> calibration, held_out = mixed;
    for (const auto& [face, list] : one_face) {
      const std::size_t half = list.size() / 2;
      for (std::size_t i = 0; i < list.size(); ++i) {
        const bool first_fold = interleaved ? i % 2 == 0 : i < half;
        (first_fold == (fold == 0) ? calibration : held_out).push_back(list[i]);
      }
    }
    if (quick) held_out = every_fourth(held_out);
    const ScratchFolder fold_dir("qm-bench-real");  // one fold's calibration photos (links) and labels.json
    std::vector<CalibrationPhoto> photos_labelled;
    for (const LabelledPhoto* photo : calibration) {
      CalibrationPhoto& labelled = photos_labelled.emplace_back(CalibrationPhoto{photo->file, {}, {}});
      for (const Item& item : photo->items) labelled.labels.push_back(item.label);
    }
    write_calibration_folder(dir, photos_labelled, fold_dir.path());
    const auto calibration_start = std::chrono::steady_clock::now();
    const Calibration calibrated = calibrate(fold_dir.path());
    const double calibration_s = ms_since(calibration_start) / 1000;

    const DiceScanner scanner(calibrated.profile);
    std::map<std::string, std::array<int, 3>> per_face;  // right, wrong, not found
    int phantoms = 0, uncertain_right = 0, no_die_missed = 0;
    double total_ms = 0;
    for (const LabelledPhoto* photo : held_out) {
      const auto start = std::chrono::steady_clock::now();
      const ScanResult result = scanner.scan(dir / photo->file);
      total_ms += ms_since(start);
      const std::vector<int> pairs = match(photo->items, result.items, phantoms);
      for (std::size_t i = 0; i < pairs.size(); ++i) {
        auto& tally = per_face[photo->items[i].label];
        const Box& b = photo->items[i].box;
        if (pairs[i] < 0) {
          ++tally[2];
          const bool no_die = labels_no_die(photo->file, b);
          no_die_missed += no_die;
          if (verbose) std::printf("    %s: the %s at [%.0f, %.0f, %.0f, %.0f] not found%s\n", photo->file.c_str(), photo->items[i].label.c_str(), b.x, b.y, b.w, b.h,
                                   no_die ? " (the label marks no die, checked by eye)" : "");
        } else if (result.items[static_cast<std::size_t>(pairs[i])].label == photo->items[i].label) {
          ++tally[0];
          uncertain_right += result.items[static_cast<std::size_t>(pairs[i])].uncertain;
        } else {
          ++tally[1];
          const ScannedItem& read = result.items[static_cast<std::size_t>(pairs[i])];
          if (verbose) std::printf("    %s: the %s at [%.0f, %.0f, %.0f, %.0f] read as %s%s\n", photo->file.c_str(), photo->items[i].label.c_str(), b.x, b.y, b.w, b.h, read.label.c_str(), read.uncertain ? " (uncertain)" : "");
        }
      }
      if (verbose)
        for (const ScannedItem* phantom : unmatched(result, pairs)) print_phantom(photo->file, *phantom);
    }
    int right = 0, wrong = 0, missed = 0;
    for (const auto& [face, t] : per_face) right += t[0], wrong += t[1], missed += t[2];
    const int dice = right + wrong + missed;
    const double measured = 100.0 * right / std::max(1, dice);
    std::printf("real dice, fold %d: calibrated on %zu one-face photos (%d dice, %.1f s); read %zu other photos\n", fold + 1,
                calibration.size(), calibrated.report.dice, calibration_s, held_out.size());
    std::printf("  read right %.1f%% (%d/%d; %d of them marked uncertain), wrong %d, not found %d, phantoms %d, %.0f ms per photo\n",
                measured, right, dice, uncertain_right, wrong, missed, phantoms, total_ms / std::max<std::size_t>(1, held_out.size()));
    if (no_die_missed > 0)
      std::printf("  without the %d label(s) that mark no die (checked by eye): read right %.1f%% (%d/%d)\n", no_die_missed,
                  100.0 * right / std::max(1, dice - no_die_missed), right, dice - no_die_missed);
    std::printf("  calibration's estimate %.1f%% (of %d dice), measured %.1f%%: %.1f points apart\n", 100 * calibrated.report.accuracy,
                calibrated.report.tested, measured, std::abs(100 * calibrated.report.accuracy - measured));
    std::printf("  per face:");
    for (const auto& [face, t] : per_face) std::printf("  %s %.0f%% (%d/%d)", face.c_str(), 100.0 * t[0] / std::max(1, t[0] + t[1] + t[2]), t[0], t[0] + t[1] + t[2]);
    std::printf("\n");
    both_folds[0] += right;
    both_folds[1] += dice;
    both_folds[2] += dice - no_die_missed;
  }
  // Every photo read by a profile calibrated without it: the one-face photos once, the photos of
  // mixed faces (held out from both folds) twice, once by each fold's profile.
  std::printf("real dice, both folds (each die read by a profile not calibrated on its photo; mixed photos by both): read right %.1f%% (%d/%d), "
              "without the labels that mark no die %.1f%% (%d/%d)\n",
              100.0 * both_folds[0] / std::max(1, both_folds[1]), both_folds[0], both_folds[1], 100.0 * both_folds[0] / std::max(1, both_folds[2]),
              both_folds[0], both_folds[2]);
}

// The photo upright at its own size, the labelled boxes in green and the cards found in red.
void dump_card_photo(const fs::path& photo_file, const LabelledPhoto& photo, const ScanResult& result, const fs::path& out) {
  cv::Mat image = load_full_photo(photo_file);
  for (const Item& item : photo.items)
    cv::rectangle(image, cv::Rect(cvRound(item.box.x), cvRound(item.box.y), cvRound(item.box.w), cvRound(item.box.h)), cv::Scalar(0, 200, 0), 2);
  for (const ScannedItem& item : result.items) cv::polylines(image, pixel_corners(item.corners), true, cv::Scalar(0, 0, 255), 2);
  write_image(out, image);
}

// A labelled box that reaches the photo's edge: a card partly out of the photo, which the
// scanner refuses (its outline and index may not all be there).
bool cut_by_photo_edge(const Box& box, const cv::Size& photo) {
  constexpr double kEdge = 2;  // pixels: hand-drawn boxes stop a pixel or two short of the edge
  return box.x <= kEdge || box.y <= kEdge || box.x + box.w >= photo.width - kEdge || box.y + box.h >= photo.height - kEdge;
}

void bench_card_finding(const fs::path& dir, std::vector<LabelledPhoto> photos, bool quick, bool verbose, const ScanParameters& parameters,
                        const std::string& dump) {
  if (quick) photos = every_fourth(photos);
  const CardScanner scanner(load_builtin_card_profile(CardGame::corsari), parameters);
  int cards = 0, found = 0, phantoms = 0, outlined = 0, outline_phantoms = 0, in_place = 0, unread = 0, cut = 0, cut_found = 0;
  double total_ms = 0;
  for (const LabelledPhoto& photo : photos) {
    const auto start = std::chrono::steady_clock::now();
    const Photo loaded = load_photo(dir / photo.file, parameters);
    const ScanResult result = scanner.scan(loaded);
    total_ms += ms_since(start);
    {
      // Where the cards are lost: outlines located, before the reader accepts or refuses them.
      ScanResult outlines;
      for (const CardOutline& outline : locate_cards(loaded.image, parameters)) {
        ScannedItem item;
        item.corners = scaled(order_corners(outline.corners), loaded.scale);
        item.box = bounding_box(item.corners);
        outlines.items.push_back(item);
      }
      const std::vector<int> located = match(photo.items, outlines.items, outline_phantoms);
      outlined += static_cast<int>(std::count_if(located.begin(), located.end(), [](int k) { return k >= 0; }));
    }
    const int phantoms_before = phantoms;
    const std::vector<int> pairs = match(photo.items, result.items, phantoms);
    if (verbose && (phantoms > phantoms_before || std::count(pairs.begin(), pairs.end(), -1) > 0)) {
      std::printf("    %s: %ld of %zu cards not found, %d phantoms\n", photo.file.c_str(),
                  static_cast<long>(std::count(pairs.begin(), pairs.end(), -1)), pairs.size(), phantoms - phantoms_before);
    }
    if (!dump.empty() && (phantoms > phantoms_before || std::count(pairs.begin(), pairs.end(), -1) > 0)) {
      std::string name = photo.file;
      std::replace(name.begin(), name.end(), '/', '-');
      dump_card_photo(dir / photo.file, photo, result, fs::path(dump) / (fs::path(name).stem().string() + ".png"));
    }
    cards += static_cast<int>(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const bool cut_off = cut_by_photo_edge(photo.items[i].box, result.photo_size);
      cut += cut_off;
      if (pairs[i] < 0) continue;
      cut_found += cut_off;
      const ScannedItem& item = result.items[static_cast<std::size_t>(pairs[i])];
      ++found;
      if (iou(item.box, photo.items[i].box) >= 0.5) ++in_place;
      if (item.label == kUnreadLabel) ++unread;
    }
  }
  std::printf("real playing cards (%zu photos): found %.1f%% (%d/%d), phantoms %d, %.0f ms per photo\n", photos.size(),
              100.0 * found / std::max(1, cards), found, cards, phantoms, total_ms / std::max<std::size_t>(1, photos.size()));
  std::printf("  found with a box overlapping the labelled one by half (IoU >= 0.5): %.1f%% (%d/%d)\n", 100.0 * in_place / std::max(1, cards),
              in_place, cards);
  std::printf("  cards whose labelled box reaches the photo's edge: %d, found %d; the others found %.1f%% (%d/%d)\n", cut, cut_found,
              100.0 * (found - cut_found) / std::max(1, cards - cut), found - cut_found, cards - cut);
  std::printf("  found cards reported unread (?): %d; named as a Corsari card (the deck is none of the games'): %d\n", unread, found - unread);
  std::printf("  outlines located before reading: %.1f%% (%d/%d), %d phantoms\n", 100.0 * outlined / std::max(1, cards), outlined,
              cards, outline_phantoms);
}

// The playing cards' six ranks as six cards of one game that differ by their number alone:
// Loot's merchant ships (suits are not labelled, so no colour may tell the ranks apart).
constexpr std::array<std::pair<const char*, const char*>, 6> kRanksAsMerchants{
    {{"nine", "m2"}, {"ten", "m3"}, {"jack", "m4"}, {"queen", "m5"}, {"king", "m6"}, {"ace", "m7"}}};

std::string merchant_of_rank(const std::string& rank) {
  for (const auto& [name, merchant] : kRanksAsMerchants)
    if (rank == name) return merchant;
  throw std::runtime_error("playing-card truth: unknown rank '" + rank + "'");
}

// Calibrates on the photos of split `learn_from` and reads those of split `read_split`.
void bench_card_reading(const fs::path& dir, const std::vector<LabelledPhoto>& photos, const std::string& learn_from, const std::string& read_split,
                        bool quick, bool verbose, const ScanParameters& parameters) {
  std::vector<CalibrationPhoto> train;
  std::vector<const LabelledPhoto*> test;
  for (const LabelledPhoto& photo : photos) {
    if (photo.split == learn_from) {
      CalibrationPhoto& labelled = train.emplace_back(CalibrationPhoto{photo.file, {}, {}});
      for (const Item& item : photo.items) {
        labelled.labels.push_back(merchant_of_rank(item.label));
        labelled.boxes.push_back(item.box);
      }
    } else if (photo.split == read_split) {
      test.push_back(&photo);
    }
  }
  if (quick) test = every_fourth(test);
  const ScratchFolder folder("qm-bench-cards");
  write_calibration_folder(dir, train, folder.path());
  CardCalibrationOptions options;
  options.game = CardGame::loot;
  const auto calibration_start = std::chrono::steady_clock::now();
  const CardCalibration calibration = calibrate_card_profile(folder.path(), options);
  const double calibration_s = ms_since(calibration_start) / 1000;
  const CardScanner scanner(calibration.profile, parameters);

  std::map<std::string, std::array<int, 4>> per_rank;  // right, wrong, listed unread, not found
  int phantoms = 0, uncertain_right = 0, sure_wrong = 0, sure_phantoms = 0;
  double total_ms = 0;
  for (const LabelledPhoto* photo : test) {
    const auto start = std::chrono::steady_clock::now();
    const ScanResult result = scanner.scan(dir / photo->file);
    total_ms += ms_since(start);
    const std::vector<int> pairs = match(photo->items, result.items, phantoms);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const Item& item = photo->items[i];
      auto& tally = per_rank[item.label];
      const ScannedItem* read = pairs[i] < 0 ? nullptr : &result.items[static_cast<std::size_t>(pairs[i])];
      const int outcome = !read ? 3 : read->label == merchant_of_rank(item.label) ? 0 : read->label == kUnreadLabel ? 2 : 1;
      ++tally[static_cast<std::size_t>(outcome)];
      if (outcome == 0) uncertain_right += read->uncertain;
      if (outcome == 1) sure_wrong += !read->uncertain;
      if (verbose && outcome != 0) {
        std::printf("    %s: the %s at [%.0f, %.0f, %.0f, %.0f] %s%s%s\n", photo->file.c_str(), item.label.c_str(), item.box.x, item.box.y,
                    item.box.w, item.box.h, outcome == 3 ? "not found" : outcome == 2 ? "listed unread" : "read as ",
                    outcome == 1 ? read->label.c_str() : "", outcome == 1 && read->uncertain ? " (uncertain)" : "");
      }
    }
    for (const ScannedItem* phantom : unmatched(result, pairs)) {
      sure_phantoms += !phantom->uncertain;
      if (verbose) print_phantom(photo->file, *phantom);
    }
  }
  std::array<int, 4> all{};
  for (const auto& [rank, t] : per_rank)
    for (std::size_t k = 0; k < all.size(); ++k) all[k] += t[k];
  const int cards = all[0] + all[1] + all[2] + all[3];
  const double measured = 100.0 * all[0] / std::max(1, cards);
  std::printf("real playing cards read: calibrated on the %zu photos of the source's %s split (%d cards learned, ranks as Loot merchants m2-m7, %.1f s); read its %zu %s photos\n",
              train.size(), learn_from.c_str(), calibration.report.cards, calibration_s, test.size(), read_split.c_str());
  std::printf("  read right %.1f%% (%d/%d; %d of them marked uncertain), wrong %d, listed unread %d, not found %d, phantoms %d, %.0f ms per photo\n",
              measured, all[0], cards, uncertain_right, all[1], all[2], all[3], phantoms, total_ms / std::max<std::size_t>(1, test.size()));
  // What the players are not asked about: every card named without doubt.
  const int sure_right = all[0] - uncertain_right;
  std::printf("  named for sure (not marked uncertain): %d, of them right %.1f%% (%d), wrong %d, phantoms %d\n", sure_right + sure_wrong + sure_phantoms,
              100.0 * sure_right / std::max(1, sure_right + sure_wrong + sure_phantoms), sure_right, sure_wrong, sure_phantoms);
  std::printf("  calibration's estimate %.1f%% (of %d cards), measured %.1f%%: %.1f points apart\n", 100 * calibration.report.accuracy,
              calibration.report.tested, measured, std::abs(100 * calibration.report.accuracy - measured));
  std::printf("  per rank:");
  for (const auto& [name, merchant] : kRanksAsMerchants) {
    const auto& t = per_rank[name];
    std::printf("  %s %d/%d", name, t[0], t[0] + t[1] + t[2] + t[3]);
  }
  std::printf("\n");
}

// "green-7" -> "green7" for UNO's number cards 1-9; nullopt for the others.
std::optional<std::string> uno_corsari_label(const std::string& label) {
  const auto dash = label.find('-');
  if (dash == std::string::npos) return std::nullopt;
  const std::string number = label.substr(dash + 1);
  if (number.size() != 1 || number[0] < '1' || number[0] > '9') return std::nullopt;
  return label.substr(0, dash) + number;
}

void bench_uno_cards(const fs::path& dir, bool quick, bool verbose, const ScanParameters& parameters) {
  std::ifstream in(dir / "truth.json");
  if (!in) {
    std::fprintf(stderr, "bench_real_photos: %s cannot be read\n", (dir / "truth.json").string().c_str());
    std::exit(2);
  }
  std::vector<CalibrationPhoto> numbered;  // a number card's photo, its Corsari label
  std::vector<CalibrationPhoto> others;    // another card's photo, its UNO label
  const nlohmann::json truth = nlohmann::json::parse(in);
  for (const auto& photo : truth.at("photos")) {
    const std::string file = photo.at("file").get<std::string>();
    const std::string label = photo.at("items").at(0).at("label").get<std::string>();
    if (const auto corsari = uno_corsari_label(label)) numbered.push_back({file, {*corsari}, {}});
    else others.push_back({file, {label}, {}});
  }
  CardCalibrationOptions options;
  options.game = CardGame::corsari;
  std::map<std::string, std::array<int, 3>> per_colour, per_number;  // right, wrong, not found
  int phantoms = 0, uncertain_right = 0, calibrated = 0;
  double estimate_sum = 0, total_ms = 0;
  for (std::size_t left_out = 0; left_out < numbered.size(); left_out += quick ? 4 : 1) {
    const std::string& file = numbered[left_out].file;
    const std::string& label = numbered[left_out].labels.front();
    std::vector<CalibrationPhoto> rest = numbered;
    rest.erase(rest.begin() + static_cast<long>(left_out));
    const ScratchFolder folder("qm-bench-uno");
    write_calibration_folder(dir, rest, folder.path());
    const CardCalibration calibration = calibrate_card_profile(folder.path(), options);
    estimate_sum += calibration.report.accuracy;
    ++calibrated;
    const CardScanner scanner(calibration.profile, parameters);
    const auto start = std::chrono::steady_clock::now();
    const ScanResult result = scanner.scan(dir / file);
    total_ms += ms_since(start);
    const auto read = std::find_if(result.items.begin(), result.items.end(), [&](const ScannedItem& item) { return item.label == label; });
    const int outcome = read != result.items.end() ? 0 : result.items.empty() ? 2 : 1;
    phantoms += static_cast<int>(result.items.size()) - (outcome == 2 ? 0 : 1);
    if (outcome == 0) uncertain_right += read->uncertain;
    const std::size_t digit = label.find_first_of("0123456789");
    ++per_colour[label.substr(0, digit)][static_cast<std::size_t>(outcome)];
    ++per_number[label.substr(digit)][static_cast<std::size_t>(outcome)];
    if (verbose && outcome != 0) {
      std::printf("    %s: %s %s", file.c_str(), label.c_str(), outcome == 2 ? "not found" : "read as");
      for (const ScannedItem& item : result.items) std::printf(" %s%s", item.label.c_str(), item.uncertain ? " (uncertain)" : "");
      std::printf("\n");
    }
  }
  int right = 0, wrong = 0, missed = 0;
  for (const auto& [colour, t] : per_colour) right += t[0], wrong += t[1], missed += t[2];
  const int cards = right + wrong + missed;
  const double measured = 100.0 * right / std::max(1, cards);
  const double estimate = 100.0 * estimate_sum / std::max(1, calibrated);
  std::printf("real UNO number cards as Corsari cards (%d photos, each read with a profile calibrated on the %zu others)\n", cards,
              numbered.size() - 1);
  std::printf("  read right %.1f%% (%d/%d; %d of them marked uncertain), wrong %d, not found %d, phantoms %d, %.0f ms per photo\n",
              measured, right, cards, uncertain_right, wrong, missed, phantoms, total_ms / std::max(1, cards));
  std::printf("  calibration's estimate %.1f%% (mean of the %d calibrations), measured %.1f%%: %.1f points apart\n", estimate,
              calibrated, measured, std::abs(estimate - measured));
  for (const auto* tally : {&per_colour, &per_number}) {
    std::printf(tally == &per_colour ? "  per colour:" : "  per number:");
    for (const auto& [key, t] : *tally) std::printf("  %s %d/%d", key.c_str(), t[0], t[0] + t[1] + t[2]);
    std::printf("\n");
  }
  // The look-alikes, with the profile of every number card.
  const ScratchFolder folder("qm-bench-uno");
  write_calibration_folder(dir, numbered, folder.path());
  const CardScanner scanner(calibrate_card_profile(folder.path(), options).profile, parameters);
  int named = 0, unread = 0, not_found = 0;
  for (const CalibrationPhoto& other : others) {
    const ScanResult result = scanner.scan(dir / other.file);
    const long guesses = std::count_if(result.items.begin(), result.items.end(), [](const ScannedItem& item) { return item.label != kUnreadLabel; });
    if (result.items.empty()) ++not_found;
    else if (guesses == 0) ++unread;
    else ++named;
    if (verbose && guesses > 0) {
      std::printf("    %s: %s named", other.file.c_str(), other.labels.front().c_str());
      for (const ScannedItem& item : result.items) std::printf(" %s%s", item.label.c_str(), item.uncertain ? " (uncertain)" : "");
      std::printf("\n");
    }
  }
  std::printf("  the %zu other UNO cards (0, skip, reverse, draw two; no Corsari card): named as a Corsari card %d, listed unread %d, not found %d\n",
              others.size(), named, unread, not_found);
}

int run(int argc, char** argv) {
  fs::path data = fs::path(QM_SOURCE_DIR) / ".." / "shared" / "data";
  bool quick = false, verbose = false, interleaved = false;
  ScanParameters card_parameters;
  std::string only, dump;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--data") == 0 && i + 1 < argc) {
      data = argv[++i];
    } else if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else if (std::strcmp(argv[i], "--interleaved") == 0) {
      interleaved = true;
    } else if (std::strcmp(argv[i], "--verbose") == 0) {
      verbose = true;
    } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
      only = argv[++i];
    } else if (std::strcmp(argv[i], "--dump") == 0 && i + 1 < argc) {
      dump = argv[++i];
    } else if (std::strcmp(argv[i], "--scan") == 0 && i + 1 < argc) {
      card_parameters = parameters_from_json(nlohmann::json::parse(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: bench_real_photos [--data DIR] [--quick] [--verbose] [--interleaved] [--scan JSON] [--only dice|cards|uno] [--dump DIR]\n");
      return 2;
    }
  }
  if (only.empty() || only == "dice") bench_dice(data / "real-dice", quick, verbose, interleaved);
  if (only != "dice" && only != "uno") {
    const fs::path playing_cards = data / "real-cards" / "playing-cards";
    const std::vector<LabelledPhoto> photos = read_truth(playing_cards / "truth.json", "box");
    bench_card_finding(playing_cards, photos, quick, verbose, card_parameters, dump);
    // Calibrated on many photos, then on a few dozen (as a table would) and read on many.
    bench_card_reading(playing_cards, photos, "train", "test", quick, verbose, card_parameters);
    bench_card_reading(playing_cards, photos, "test", "train", quick, verbose, card_parameters);
  }
  if (only != "dice" && only != "cards") bench_uno_cards(data / "real-cards" / "uno", quick, verbose, card_parameters);
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return run_with_one_line_errors("bench_real_photos", run, argc, argv); }
