#include "vision/card_calibration.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "vision/card_scan.hpp"
#include "vision/labels_file.hpp"
#include "vision/photo.hpp"

namespace qm::vision {

std::vector<NumberSample> drawn_number_samples(CardArt art) {
  std::vector<NumberSample> samples;
  for (int number = 1; number <= kCorsariMaxNumber; ++number) {
    for (int font = 0; font < kFontVariants; ++font) {
      CardStyle style;
      style.art = art;
      style.font_variant = font;
      const auto features = digit_features(draw_corsari_card(font % kCorsariColours, number, style));
      if (features) samples.push_back({std::to_string(number), quantised_digit_features(*features)});
    }
  }
  return samples;
}

std::vector<float> oriented_like(const std::vector<float>& features, const std::string& label,
                                 const std::vector<NumberSample>& references) {
  const std::vector<float> turned = turned_half(features);
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

namespace {

struct LearnedCard {
  std::string label;
  cv::Mat card;
};

}  // namespace

CardCalibration calibrate_card_profile(const std::filesystem::path& dir, const CardCalibrationOptions& options) {
  if (options.game != CardGame::corsari) {
    throw InputError("calibrate cards: only Corsari cards (colour+number) can be calibrated so far");
  }
  const std::vector<LabelledPhoto> photos = read_labels_file(dir);
  CardCalibration result;
  CardCalibrationReport& report = result.report;
  CardProfile& profile = result.profile;
  profile.name = options.name;
  profile.game = options.game;
  std::vector<NumberSample> references;
  for (const CardArt art : {CardArt::classic, CardArt::alternate}) {
    for (NumberSample& sample : drawn_number_samples(art)) references.push_back(std::move(sample));
  }
  profile.numbers = references;
  std::vector<LearnedCard> learned;
  for (const LabelledPhoto& labelled : photos) {
    ++report.photos;
    const Photo photo = load_photo(labelled.file);
    const std::vector<Quad> quads = find_cards(photo.image);
    const std::string name = labelled.file.filename().string();
    const bool one_label = std::all_of(labelled.items.begin(), labelled.items.end(),
                                       [&](const LabelledItem& item) { return item.label == labelled.items.front().label; });
    std::vector<bool> used(quads.size(), false);
    for (const LabelledItem& item : labelled.items) {
      if (split_card_label(item.label).first < 0) {
        report.warnings.push_back(fmt::format("{}: '{}' is not colour+number; skipped", name, item.label));
        continue;
      }
      int match = -1;
      double best = 0.5;
      for (std::size_t q = 0; q < quads.size(); ++q) {
        if (used[q]) continue;
        if (!item.box) {
          if (one_label) {
            match = static_cast<int>(q);
            break;
          }
          continue;
        }
        const double overlap = iou(scaled(bounding_box(quads[q]), photo.scale), *item.box);
        if (overlap > best) {
          best = overlap;
          match = static_cast<int>(q);
        }
      }
      if (match < 0) {
        report.warnings.push_back(fmt::format("{}: no card found for '{}'", name, item.label));
        continue;
      }
      used[static_cast<std::size_t>(match)] = true;
      learned.push_back({item.label, warp_card(photo.image, quads[static_cast<std::size_t>(match)])});
    }
  }
  for (const LearnedCard& card : learned) {
    const auto [colour, number] = split_card_label(card.label);
    const std::string colour_name = corsari_colours()[static_cast<std::size_t>(colour)].name;
    const std::string number_name = std::to_string(number);
    const auto features = digit_features(card.card);
    if (!features) {
      report.warnings.push_back(fmt::format("'{}': no number found on the card; skipped", card.label));
      continue;
    }
    ++report.cards;
    if (report.colour_samples[colour_name] < options.max_samples_per_label) {
      profile.colours.push_back({colour_name, card_colour_lab(card.card)});
      ++report.colour_samples[colour_name];
    }
    if (report.number_samples[number_name] < options.max_samples_per_label) {
      profile.numbers.push_back({number_name, quantised_digit_features(oriented_like(*features, number_name, references))});
      ++report.number_samples[number_name];
    }
  }
  if (report.cards == 0) throw InputError(fmt::format("{}: no labelled card could be learned", dir.string()));
  for (const CardColour& colour : corsari_colours()) {
    if (!report.colour_samples.count(colour.name)) {
      report.warnings.push_back(fmt::format("colour '{}' never seen: cards of that colour will not be recognised", colour.name));
    }
  }
  for (int number = 1; number <= kCorsariMaxNumber; ++number) {
    if (!report.number_samples.count(std::to_string(number))) {
      report.warnings.push_back(fmt::format("number {} never seen: read from the built-in fonts only", number));
    }
  }
  const CardReader reader(profile);
  for (const LearnedCard& card : learned) {
    const auto reading = reader.read(card.card);
    if (!reading) continue;
    ++report.reread;
    if (reading->label == card.label) ++report.reread_right;
  }
  report.accuracy = report.reread ? static_cast<double>(report.reread_right) / report.reread : 0;
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
                                 report.reread_right, report.reread, report.accuracy * 100);
  text += "colours:";
  for (const auto& [label, count] : report.colour_samples) text += fmt::format(" {} {}", label, count);
  text += "\nnumbers:";
  for (const auto& [label, count] : report.number_samples) text += fmt::format(" {} {}", label, count);
  text += "\n";
  for (const std::string& warning : report.warnings) text += "warning: " + warning + "\n";
  return text;
}

nlohmann::json to_json(const CardCalibrationReport& report) {
  return {{"photos", report.photos},   {"cards", report.cards},   {"colour_samples", report.colour_samples},
          {"number_samples", report.number_samples}, {"reread", report.reread}, {"accuracy", report.accuracy},
          {"warnings", report.warnings}};
}

}  // namespace qm::vision
