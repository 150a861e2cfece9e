#include "vision/card_calibration.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"
#include "vision/card_look.hpp"
#include "vision/card_scan.hpp"
#include "vision/labels_file.hpp"
#include "vision/photo.hpp"
#include "vision/scan.hpp"

namespace qm::vision {

std::optional<std::string> canonical_card_label(CardGame game, const std::string& label) {
  try {
    return game == CardGame::corsari ? notation::to_string(notation::parse_corsari_card(label))
                                     : notation::to_string(notation::parse_loot_card(label));
  } catch (const InputError&) {
    return std::nullopt;
  }
}

CardGame card_game_of_labels(const std::filesystem::path& dir) {
  for (const LabelledPhoto& photo : read_labels_file(dir)) {
    for (const LabelledItem& item : photo.items) {
      if (!canonical_card_label(CardGame::corsari, item.label) && canonical_card_label(CardGame::loot, item.label)) {
        return CardGame::loot;
      }
    }
  }
  return CardGame::corsari;
}

std::vector<float> oriented_like(const std::vector<float>& features, const std::string& label,
                                 const std::vector<NumberSample>& references) {
  return oriented_like(features, turned_half(features), label, references);
}

std::vector<float> oriented_like(const std::vector<float>& features, const std::vector<float>& turned, const std::string& label,
                                 const std::vector<NumberSample>& references) {
  double best_upright = std::numeric_limits<double>::max();
  double best_turned = std::numeric_limits<double>::max();
  for (const NumberSample& sample : references) {
    if (sample.label != label || sample.features.size() != features.size()) continue;
    double upright = 0;
    double upside = 0;
    for (std::size_t i = 0; i < features.size(); ++i) {
      upright += (features[i] - sample.features[i]) * (features[i] - sample.features[i]);
      upside += (turned[i] - sample.features[i]) * (turned[i] - sample.features[i]);
    }
    best_upright = std::min(best_upright, upright);
    best_turned = std::min(best_turned, upside);
  }
  return best_turned < best_upright ? turned : features;
}

CardLearner::CardLearner(CardProfile& profile, int max_per_label) : profile_(profile), max_per_label_(max_per_label) {}

bool CardLearner::learn(const std::string& label, const cv::Mat& card) {
  const auto features = digit_features(card);
  const auto parts = split_label(label);
  if (!features) return parts && learn_look_alone(*parts, card);
  const auto corner = corner_features(card);
  if (!parts) {
    if (wholes_[label] >= max_per_label_) return true;
    // Learned upright, whichever way the card lay: as the drawn samples of the label.
    std::vector<NumberSample> references;
    for (const WholeSample& sample : profile_.wholes)
      if (sample.label == label && !sample.features.empty()) references.push_back({label, sample.features});
    profile_.wholes.push_back({label, card_colour_lab(card), quantised_digit_features(oriented_like(*features, label, references)),
                               corner ? quantised_digit_features(*corner) : std::vector<float>()});
    ++wholes_[label];
    return true;
  }
  if (colours_[parts->colour] < max_per_label_) {
    profile_.colours.push_back({parts->colour, card_colour_lab(card)});
    ++colours_[parts->colour];
  }
  if (numbers_[parts->number] < max_per_label_) {
    const std::vector<float> oriented = oriented_like(*features, parts->number, profile_.numbers);
    profile_.numbers.push_back({parts->number, quantised_digit_features(oriented)});
    if (corner) profile_.corners.push_back({parts->number, quantised_digit_features(*corner)});
    // The number's look, the way up its ink's shape says the card lies.
    profile_.looks.push_back({parts->number, quantised_look(card_look(card, oriented != *features))});
    ++numbers_[parts->number];
  }
  return true;
}

bool CardLearner::learn_look_alone(const LabelParts& parts, const cv::Mat& card) {
  // As CardReader::read_by_look_alone reads it: a card with a printed face whose middle holds no
  // numeral's ink (a playing card's pips or picture) teaches its colour and its look.
  if (!shows_a_printed_face(card)) return false;
  if (colours_[parts.colour] < max_per_label_) {
    profile_.colours.push_back({parts.colour, card_colour_lab(card)});
    ++colours_[parts.colour];
  }
  if (numbers_[parts.number] < max_per_label_) {
    // No ink to say which way up it lies: the way up nearer the number's looks learned already.
    profile_.looks.push_back({parts.number, quantised_look(oriented_like(card_look(card), card_look(card, true), parts.number, profile_.looks))});
    ++numbers_[parts.number];
  }
  return true;
}

CardProfile drawn_card_samples(CardGame game, CardArt art) {
  CardProfile samples;
  samples.game = game;
  const std::vector<std::string> deck = deck_labels(game);
  for (const std::string& number : deck_numbers(game)) {
    // Cards that carry the number, a different one for each font.
    std::vector<std::string> carriers;
    for (const std::string& label : deck) {
      const auto parts = split_label(label);
      if (parts && parts->number == number) carriers.push_back(label);
    }
    for (int font = 0; font < kFontVariants; ++font) {
      CardStyle style;
      style.art = art;
      style.font_variant = font;
      const cv::Mat card = draw_card(game, carriers[static_cast<std::size_t>(font) % carriers.size()], style);
      if (const auto features = digit_features(card)) samples.numbers.push_back({number, quantised_digit_features(*features)});
      if (const auto corner = corner_features(card)) samples.corners.push_back({number, quantised_digit_features(*corner)});
    }
  }
  for (const std::string& label : deck_wholes(game)) {
    CardStyle style;
    style.art = art;
    const cv::Mat card = draw_card(game, label, style);
    const auto features = digit_features(card);
    const auto corner = corner_features(card);
    if (features) {
      samples.wholes.push_back({label, card_colour_lab(card), quantised_digit_features(*features),
                                corner ? quantised_digit_features(*corner) : std::vector<float>()});
    }
  }
  return samples;
}

namespace {

struct LearnedCard {
  std::string label;
  cv::Mat card;
  std::size_t photo = 0;
};

// How many samples of each kind a profile holds: the samples a card taught are those added
// between two such counts.
struct SampleCounts {
  std::size_t colours = 0, numbers = 0, corners = 0, wholes = 0, looks = 0;
};

SampleCounts sample_counts(const CardProfile& profile) {
  return {profile.colours.size(), profile.numbers.size(), profile.corners.size(), profile.wholes.size(), profile.looks.size()};
}

// Which samples of each kind one photo's cards taught.
struct PhotoSamples {
  std::vector<std::pair<std::size_t, std::size_t>> colours, numbers, corners, wholes, looks;  // [from, to)

  void add(const SampleCounts& before, const SampleCounts& after) {
    colours.emplace_back(before.colours, after.colours);
    numbers.emplace_back(before.numbers, after.numbers);
    corners.emplace_back(before.corners, after.corners);
    wholes.emplace_back(before.wholes, after.wholes);
    looks.emplace_back(before.looks, after.looks);
  }
};

template <typename Sample>
std::vector<Sample> without(const std::vector<Sample>& samples, const std::vector<std::pair<std::size_t, std::size_t>>& ranges) {
  std::vector<bool> dropped(samples.size(), false);
  for (const auto& [from, to] : ranges)
    for (std::size_t i = from; i < to; ++i) dropped[i] = true;
  std::vector<Sample> kept;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (!dropped[i]) kept.push_back(samples[i]);
  return kept;
}

// The profile less what one photo taught it: what calibrating on the other photos learns (but
// for the cap on samples per label, which the photo's samples may have kept others out of).
CardProfile without_photo(const CardProfile& profile, const PhotoSamples& taught) {
  CardProfile rest = profile;
  rest.colours = without(profile.colours, taught.colours);
  rest.numbers = without(profile.numbers, taught.numbers);
  rest.corners = without(profile.corners, taught.corners);
  rest.wholes = without(profile.wholes, taught.wholes);
  rest.looks = without(profile.looks, taught.looks);
  return rest;
}

// Whether a profile has samples of what makes `label` (its colour, or the whole card): the
// numbers always have the built-in fonts' samples.
bool knows(const CardProfile& profile, const std::string& label) {
  if (const auto parts = split_label(label)) {
    return std::any_of(profile.colours.begin(), profile.colours.end(), [&](const ColourSample& s) { return s.label == parts->colour; });
  }
  return std::any_of(profile.wholes.begin(), profile.wholes.end(), [&](const WholeSample& s) { return s.label == label; });
}

// How far from every look learned a card is unlike the deck: kLookRejectMargin times the farthest
// any card learned lies from the looks the other photos taught (the nearest of them, either way
// up). The largest of a few dozen distances falls short of what new photos give, hence the margin;
// on real UNO photos every number card lay within 0.74 of another photo's look, and every card
// no number names (skip, reverse, draw two, 0) beyond 1.46. 0 (no limit) where no card has a look
// of another photo to lie near.
constexpr double kLookRejectMargin = 1.5;

double look_reject_distance(const CardProfile& profile, const std::vector<LearnedCard>& cards, const std::vector<PhotoSamples>& taught) {
  double farthest = 0;
  for (const LearnedCard& card : cards) {
    if (!split_label(card.label)) continue;
    const std::vector<NumberSample> rest = without(profile.looks, taught[card.photo].looks);
    if (rest.empty()) continue;
    farthest = std::max(farthest, nearest_look_distance(card.card, rest));
  }
  return kLookRejectMargin * farthest;
}

// Each photo's cards read with the profile less that photo's samples (a card whose colour or
// whole card no other photo shows cannot be, and is left untested); labelled cards the
// detection missed count as not read.
void cross_validate(const CardProfile& profile, const std::vector<LearnedCard>& cards, const std::vector<PhotoSamples>& taught,
                    const std::vector<std::vector<std::string>>& missed, CardCalibrationReport& report) {
  std::map<std::pair<std::string, std::string>, int> confused;
  const auto count = [&](const std::string& truth, const std::string& guess) {
    auto& [right, tested] = report.label_results[truth];
    ++tested;
    ++report.tested;
    if (guess == truth) {
      ++right;
      ++report.tested_right;
    } else {
      ++confused[{truth, guess}];
    }
  };
  for (std::size_t photo = 0; photo < taught.size(); ++photo) {
    for (const std::string& label : missed[photo]) count(label, kUnreadLabel);
    const bool any = std::any_of(cards.begin(), cards.end(), [&](const LearnedCard& card) { return card.photo == photo; });
    if (!any) continue;
    const CardProfile rest = without_photo(profile, taught[photo]);
    const CardReader reader(rest);
    for (const LearnedCard& card : cards) {
      if (card.photo != photo) continue;
      if (!knows(rest, card.label)) {
        report.untested.insert(card.label);
        continue;
      }
      const auto reading = reader.read(card.card);
      count(card.label, reading ? reading->label : std::string(kUnreadLabel));
    }
  }
  report.accuracy = report.tested ? static_cast<double>(report.tested_right) / report.tested : 0;
  for (const auto& [pair, times] : confused) report.confusions.push_back({pair.first, pair.second, times});
  std::stable_sort(report.confusions.begin(), report.confusions.end(),
                   [](const Confusion& a, const Confusion& b) { return a.count > b.count; });
}

}  // namespace

CardCalibration calibrate_card_profile(const std::filesystem::path& dir, const CardCalibrationOptions& options) {
  const std::vector<LabelledPhoto> photos = read_labels_file(dir);
  CardCalibration result;
  CardCalibrationReport& report = result.report;
  CardProfile& profile = result.profile;
  profile.name = options.name;
  profile.game = options.game;
  profile.labels = deck_labels(options.game);
  // The built-in fonts' digits of both art styles: a fallback, and what says which way up.
  for (const CardArt art : {CardArt::classic, CardArt::alternate}) {
    CardProfile drawn = drawn_card_samples(options.game, art);
    profile.numbers.insert(profile.numbers.end(), drawn.numbers.begin(), drawn.numbers.end());
    profile.corners.insert(profile.corners.end(), drawn.corners.begin(), drawn.corners.end());
  }
  std::vector<LearnedCard> learned;
  std::vector<std::vector<std::string>> missed(photos.size());
  for (const LabelledPhoto& labelled : photos) {
    const std::size_t photo_index = static_cast<std::size_t>(report.photos);
    ++report.photos;
    const Photo photo = load_photo(labelled.file);
    if (options.progress) options.progress(report.photos, static_cast<long>(photos.size()));
    const std::vector<CardOutline> outlines = locate_cards(photo.image);
    const std::string name = labelled.file.filename().string();
    const bool one_label = std::all_of(labelled.items.begin(), labelled.items.end(),
                                       [&](const LabelledItem& item) { return item.label == labelled.items.front().label; });
    std::vector<bool> used(outlines.size(), false);
    for (const LabelledItem& item : labelled.items) {
      const auto label = canonical_card_label(options.game, item.label);
      if (!label) {
        report.warnings.push_back(fmt::format("{}: {} is not {} card; skipped", name, quoted_token(item.label), with_article(to_string(options.game))));
        continue;
      }
      int match = -1;
      double best = 0.5;
      for (std::size_t q = 0; q < outlines.size(); ++q) {
        if (used[q]) continue;
        if (!item.box) {
          if (one_label) {
            match = static_cast<int>(q);
            break;
          }
          continue;
        }
        const double overlap = iou(scaled(bounding_box(outlines[q].corners), photo.scale), *item.box);
        if (overlap > best) {
          best = overlap;
          match = static_cast<int>(q);
        }
      }
      if (match < 0) {
        report.warnings.push_back(fmt::format("{}: no card found for {}", name, quoted_token(item.label)));
        missed[photo_index].push_back(*label);
        continue;
      }
      used[static_cast<std::size_t>(match)] = true;
      const CardOutline& outline = outlines[static_cast<std::size_t>(match)];
      if (outline.covered()) {
        report.warnings.push_back(fmt::format("{}: {} is partly covered; skipped", name, quoted_token(item.label)));
        continue;
      }
      learned.push_back({*label, warp_card(photo.image, outline), photo_index});
    }
  }
  CardLearner learner(profile, options.max_samples_per_label);
  std::vector<LearnedCard> read_back;
  std::vector<PhotoSamples> taught(photos.size());
  for (const LearnedCard& card : learned) {
    const SampleCounts before = sample_counts(profile);
    const bool learned_card = learner.learn(card.label, card.card);
    taught[card.photo].add(before, sample_counts(profile));
    if (!learned_card) {
      report.warnings.push_back(fmt::format("{}: no number or emblem found on the card; skipped", quoted_token(card.label)));
      continue;
    }
    ++report.cards;
    read_back.push_back(card);
  }
  report.colour_samples = learner.colours();
  report.number_samples = learner.numbers();
  report.whole_samples = learner.wholes();
  if (report.cards == 0) throw InputError(fmt::format("{}: no labelled card could be learned", dir.string()));
  for (const std::string& colour : deck_colours(options.game)) {
    if (!report.colour_samples.count(colour)) {
      report.warnings.push_back(fmt::format("colour {} never seen: cards of that colour will not be recognised", quoted_token(colour)));
    }
  }
  for (const std::string& number : deck_numbers(options.game)) {
    if (!report.number_samples.count(number)) {
      report.warnings.push_back(fmt::format("number {} never seen: read from the built-in fonts only", number));
    }
  }
  for (const std::string& whole : deck_wholes(options.game)) {
    if (!report.whole_samples.count(whole)) {
      report.warnings.push_back(fmt::format("{} never seen: that card will not be recognised", quoted_token(whole)));
    }
  }
  // Numbers read by their ink's shape (the drawn fonts as well as the photos') or by their look
  // (this deck's own print only): whichever reads the photos left out better. On a tie, the ink,
  // which also knows the fonts' numbers that no photo showed. A deck printed as the built-in
  // cards, each number in a font of its own, is read by its ink; UNO's outlined numerals by their look.
  CardCalibrationReport by_ink = report;
  CardCalibrationReport by_look = report;
  cross_validate(profile, learned, taught, missed, by_ink);
  if (!profile.looks.empty()) {
    profile.numbers_by_look = true;
    cross_validate(profile, learned, taught, missed, by_look);
    profile.numbers_by_look = by_look.tested_right > by_ink.tested_right;
  }
  if (profile.numbers_by_look) profile.look_max_distance = look_reject_distance(profile, learned, taught);
  report = profile.numbers_by_look ? by_look : by_ink;
  report.numbers_by_look = profile.numbers_by_look;
  report.other_reader_accuracy = profile.numbers_by_look ? by_ink.accuracy : by_look.accuracy;
  const CardReader reader(profile);
  for (const LearnedCard& card : read_back) {
    const auto reading = reader.read(card.card);
    if (!reading) continue;
    ++report.reread;
    if (reading->label == card.label) ++report.reread_right;
  }
  report.read_back_accuracy = report.reread ? static_cast<double>(report.reread_right) / report.reread : 0;
  std::set<std::string> lone_colours, lone_cards;
  for (const std::string& label : report.untested) {
    if (const auto parts = split_label(label)) {
      lone_colours.insert(parts->colour);
    } else {
      lone_cards.insert(label);
    }
  }
  if (!report.untested.empty()) {
    std::vector<std::string> named;
    if (!lone_colours.empty()) named.push_back(fmt::format("colour{} {}", lone_colours.size() > 1 ? "s" : "", fmt::join(lone_colours, ", ")));
    if (!lone_cards.empty()) named.push_back(fmt::format("{}", fmt::join(lone_cards, ", ")));
    report.warnings.push_back(fmt::format("not cross-validated, as one photo alone shows them: {}; photograph each on a second photo",
                                          fmt::join(named, "; ")));
  }
  std::vector<std::string> short_of;
  for (const auto& [label, results] : report.label_results) {
    const auto [right, tested] = results;
    if (right < tested) short_of.push_back(fmt::format("{} {}/{}", label, right, tested));
  }
  if (!short_of.empty()) {
    report.warnings.push_back(
        fmt::format("read wrong on photos left out (right/tested): {}; photograph more of these", fmt::join(short_of, ", ")));
  }
  return result;
}

CardCalibrationReport calibrate_cards(const std::filesystem::path& dir, const std::filesystem::path& out,
                                      const CardCalibrationOptions& options) {
  CardCalibration calibration = calibrate_card_profile(dir, options);
  save_card_profile(calibration.profile, out);
  return calibration.report;
}

std::string format_report(const CardCalibrationReport& report) {
  std::string text = fmt::format("photos {}, cards learned {}, read back {}/{} ({:.1f}%)\n", report.photos, report.cards,
                                 report.reread_right, report.reread, report.read_back_accuracy * 100);
  text += fmt::format("cross-validated accuracy: {:.1f}% of {}\n", report.accuracy * 100, counted(report.tested, "card"));
  if (report.numbers_by_look) {
    text += fmt::format("numbers read by their look (by their ink's shape: {:.1f}%)\n", report.other_reader_accuracy * 100);
  }
  text += "colours:";
  for (const auto& [label, count] : report.colour_samples) text += fmt::format(" {} {}", label, count);
  text += "\nnumbers:";
  for (const auto& [label, count] : report.number_samples) text += fmt::format(" {} {}", label, count);
  text += "\n";
  if (!report.whole_samples.empty()) {
    text += "whole cards:";
    for (const auto& [label, count] : report.whole_samples) text += fmt::format(" {} {}", label, count);
    text += "\n";
  }
  text += confusion_lines(report.confusions);
  for (const std::string& warning : report.warnings) text += "warning: " + warning + "\n";
  return text;
}

nlohmann::json to_json(const CardCalibrationReport& report) {
  nlohmann::json label_accuracy = nlohmann::json::object();
  for (const auto& [label, results] : report.label_results) label_accuracy[label] = static_cast<double>(results.first) / results.second;
  return {{"photos", report.photos},
          {"cards", report.cards},
          {"colour_samples", report.colour_samples},
          {"number_samples", report.number_samples},
          {"whole_samples", report.whole_samples},
          {"reread", report.reread},
          {"read_back_accuracy", report.read_back_accuracy},
          {"tested", report.tested},
          {"accuracy", report.accuracy},
          {"numbers_by_look", report.numbers_by_look},
          {"label_accuracy", label_accuracy},
          {"confusions", to_json(report.confusions)},
          {"warnings", report.warnings}};
}

}  // namespace qm::vision
