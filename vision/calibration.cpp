#include "vision/calibration.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"
#include "vision/classifier.hpp"
#include "vision/detection.hpp"
#include "vision/labels_file.hpp"
#include "vision/photo.hpp"
#include "vision/pip_count.hpp"
#include "vision/rectification.hpp"
#include "vision/scan.hpp"

namespace qm::vision {
namespace {

// A labelled box and a detected face are the same die when they overlap this much.
constexpr double kMatchIou = 0.3;
// The reject distance is this multiple of the 98.5th percentile of the distances from each die
// to its nearest same-face sample on other photos: real dice stay well inside it, glare and
// table texture fall outside.
constexpr double kRejectFactor = 1.6;
// ... and never below this: features are normalised, so whatever shares no face's layout lies
// farther (textured tables and glare, measured on rendered photos: 0.73 and more), while a few
// dice of a small calibration set lie farther than the percentile from every sample.
constexpr double kLeastRejectDistance = 0.7;
constexpr double kRejectQuantile = 0.985;
// Two faces look alike when a face's nearest other face is, in the median, less than this
// many times farther than its nearest own sample.
constexpr double kLookAlikeRatio = 1.3;
// Pip dice: every face's dice show its own number of pips in at least this share of them (a
// few dice seen sideways or blurred are miscounted).
constexpr double kPipAgreement = 0.7;

struct Sample {
  int label = 0;
  int photo = 0;
  Features features;
  int pips = 0;  // count_pips of its face
};

// The pips of each face when these are pip dice: each face's dice mostly show one count of
// their own, at least one pip. Otherwise (dice of symbols) none.
std::map<std::string, int> learned_pips(const std::vector<Sample>& samples, const std::vector<std::string>& labels) {
  std::map<std::string, int> pips;
  std::set<int> counts;
  for (std::size_t l = 0; l < labels.size(); ++l) {
    std::map<int, int> seen;
    int dice = 0;
    for (const Sample& s : samples) {
      if (static_cast<std::size_t>(s.label) != l) continue;
      ++seen[s.pips];
      ++dice;
    }
    const auto usual = std::max_element(seen.begin(), seen.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    if (usual == seen.end() || usual->first < 1 || usual->second < kPipAgreement * dice || !counts.insert(usual->first).second) return {};
    pips[labels[l]] = usual->first;
  }
  return pips;
}

// The detected face that best overlaps `box` (work pixels), or a square centred on the box.
cv::RotatedRect face_for_box(const Box& box, const std::vector<DieCandidate>& candidates, bool& matched) {
  double best_iou = kMatchIou;
  const DieCandidate* best = nullptr;
  for (const DieCandidate& candidate : candidates) {
    const double overlap = iou(bounding_box(quad_of(candidate.face)), box);
    if (overlap >= best_iou) {
      best_iou = overlap;
      best = &candidate;
    }
  }
  matched = best != nullptr;
  if (best) return best->face;
  const float side = static_cast<float>(std::min(box.w, box.h));
  return cv::RotatedRect(cv::Point2f(static_cast<float>(box.x + box.w / 2), static_cast<float>(box.y + box.h / 2)),
                         cv::Size2f(side, side), 0);
}

// Squared distance between two samples, the second in its best quarter turn.
double turned_distance(const Features& a, const std::array<Features, 4>& b_turns) {
  double best = std::numeric_limits<double>::infinity();
  for (const Features& turn : b_turns) best = std::min(best, feature_distance(a, turn));
  return best;
}

// The colour of a rectified face's body, not its symbol: the mean of its brighter pixels
// (between these shares of them ordered by brightness; the very brightest may be glare).
constexpr double kBodyLow = 0.6, kBodyHigh = 0.9;

cv::Scalar body_colour_of(const cv::Mat& patch) {
  std::vector<cv::Vec3b> pixels(patch.begin<cv::Vec3b>(), patch.end<cv::Vec3b>());
  std::sort(pixels.begin(), pixels.end(), [](const cv::Vec3b& a, const cv::Vec3b& b) { return a[0] + a[1] + a[2] < b[0] + b[1] + b[2]; });
  cv::Scalar sum(0, 0, 0);
  const auto low = static_cast<std::size_t>(kBodyLow * static_cast<double>(pixels.size()));
  const auto high = std::max(low + 1, static_cast<std::size_t>(kBodyHigh * static_cast<double>(pixels.size())));
  for (std::size_t i = low; i < high && i < pixels.size(); ++i) sum += cv::Scalar(pixels[i][0], pixels[i][1], pixels[i][2]);
  return sum * (1.0 / static_cast<double>(high - low));
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t index = std::min(values.size() - 1, static_cast<std::size_t>(q * static_cast<double>(values.size())));
  return values[index];
}

}  // namespace

Calibration calibrate(const std::filesystem::path& dir, const CalibrationOptions& options) {
  const ScanParameters& p = options.parameters;
  const std::vector<LabelledPhoto> photos = read_labels_file(dir);
  Calibration result;
  CalibrationReport& report = result.report;
  std::vector<std::string> labels;
  const auto label_index = [&](const std::string& label) {
    const auto it = std::find(labels.begin(), labels.end(), label);
    if (it != labels.end()) return static_cast<int>(it - labels.begin());
    labels.push_back(label);
    return static_cast<int>(labels.size()) - 1;
  };

  // Step 1. The dice's own colour: the body of every die found while taking the faces for
  // white, undone from each photo's white balance; the median of each channel over all dice.
  std::array<std::vector<double>, 3> body_channels;
  const auto reads = 3 * static_cast<long>(photos.size());
  long reads_done = 0;
  const auto photo_read = [&] {
    if (options.progress) options.progress(++reads_done, reads);
  };
  for (const LabelledPhoto& labelled : photos) {
    const Photo photo = load_photo(labelled.file, p);
    photo_read();
    for (const DieCandidate& candidate : find_dice(photo.image, p)) {
      if (candidate.tentative) continue;
      const cv::Scalar body = body_colour_of(rectify_face(photo.image, candidate.face, p));
      const cv::Scalar raw(body[0] / photo.white_gains[0], body[1] / photo.white_gains[1], body[2] / photo.white_gains[2]);
      const double level = std::max({raw[0], raw[1], raw[2]});
      if (level <= 0) continue;
      for (int c = 0; c < 3; ++c) body_channels[static_cast<std::size_t>(c)].push_back(raw[c] / level);
    }
  }
  cv::Scalar body_colour(1, 1, 1);
  if (!body_channels[0].empty()) {
    for (int c = 0; c < 3; ++c) body_colour[c] = quantile(body_channels[static_cast<std::size_t>(c)], 0.5);
    body_colour *= 1.0 / std::max({body_colour[0], body_colour[1], body_colour[2]});
  }
  DiceProfile colour_only;
  colour_only.body_colour = body_colour;

  // Step 2. Find and learn every labelled die, now knowing its colour.
  std::vector<Sample> samples;
  for (std::size_t index = 0; index < photos.size(); ++index) {
    const LabelledPhoto& labelled = photos[index];
    const Photo photo = load_photo(labelled.file, p);
    photo_read();
    const cv::Mat& image = photo.image;
    std::vector<DieCandidate> candidates = find_dice(image, p, expected_face_colours(colour_only, photo));
    // Nothing learned yet tells a tentative die (the thick part of a frayed blob) from frayed
    // wood grain: calibration learns from the dice it is sure of.
    std::erase_if(candidates, [](const DieCandidate& c) { return c.tentative; });
    const std::string file = labelled.file.filename().string();
    std::vector<std::pair<int, cv::RotatedRect>> faces;
    const bool boxed = std::all_of(labelled.items.begin(), labelled.items.end(), [](const LabelledItem& i) { return i.box.has_value(); });
    if (boxed) {
      for (const LabelledItem& item : labelled.items) {
        bool matched = false;
        faces.emplace_back(label_index(item.label), face_for_box(scaled(*item.box, 1.0 / photo.scale), candidates, matched));
        if (!matched) report.warnings.push_back(fmt::format("{}: no die found in the box of {}; learned the box as drawn", file, with_article(quoted_token(item.label))));
      }
    } else {
      const std::size_t expected = labelled.items.size();
      if (candidates.size() != expected && !(expected == 1 && !candidates.empty())) {
        report.warnings.push_back(fmt::format("{}: found {}, labels.json lists {}", file,
                                              counted(static_cast<long long>(candidates.size()), "die", "dice"), expected));
      }
      // One labelled die, or fewer than found: keep the most die-like candidates, those showing
      // pips first (a label sticker or a glint can be as square as a die, but has none).
      // (Pips are counted once per candidate: the partition asks each only once.)
      std::stable_sort(candidates.begin(), candidates.end(), [](const DieCandidate& a, const DieCandidate& b) { return a.fill > b.fill; });
      std::stable_partition(candidates.begin(), candidates.end(),
                            [&](const DieCandidate& c) { return count_pips(rectify_face(image, c.face, p)) > 0; });
      if (candidates.size() > expected) candidates.resize(expected);
      const int label = label_index(labelled.items.front().label);
      for (const DieCandidate& candidate : candidates) faces.emplace_back(label, candidate.face);
    }
    for (const auto& [label, face] : faces) {
      const cv::Mat patch = rectify_face(image, face, p);
      samples.push_back({label, static_cast<int>(index), face_features(patch, p), count_pips(patch)});
    }
  }
  report.photos = static_cast<int>(photos.size());
  if (labels.size() < 2) throw InputError(fmt::format("{}: calibration needs photos of at least two faces", (dir / kLabelsFile).string()));
  for (int label = 0; label < static_cast<int>(labels.size()); ++label) {
    const auto count = std::count_if(samples.begin(), samples.end(), [&](const Sample& s) { return s.label == label; });
    if (count == 0) throw InputError(fmt::format("{}: no die of the face {} was found", (dir / kLabelsFile).string(), labels[static_cast<std::size_t>(label)]));
  }
  report.dice = static_cast<int>(samples.size());
  for (const Sample& s : samples) ++report.dice_per_label[labels[static_cast<std::size_t>(s.label)]];
  // A profile stores quantised features; cross-validate what scans will really compare.
  for (Sample& s : samples) s.features = quantised(s.features);

  // Step 3. How far each die lies from its nearest own-face sample and from the nearest sample
  // of each other face, on other photos only: the reject distance and the look-alike warnings.
  const std::size_t n = samples.size();
  std::vector<std::array<Features, 4>> turns(n);
  for (std::size_t i = 0; i < n; ++i) {
    turns[i][0] = samples[i].features;
    for (std::size_t q = 1; q < 4; ++q) turns[i][q] = turned_quarter(turns[i][q - 1], p.feature_size);
  }
  const std::size_t label_count = labels.size();
  std::vector<std::vector<double>> nearest(n, std::vector<double>(label_count, std::numeric_limits<double>::infinity()));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (samples[j].photo == samples[i].photo) continue;
      double& best = nearest[i][static_cast<std::size_t>(samples[j].label)];
      best = std::min(best, turned_distance(samples[i].features, turns[j]));
    }
  }
  std::vector<double> own_distances;
  std::vector<std::vector<double>> alike_ratios(label_count * label_count);
  std::vector<int> measured(label_count, 0);  // dice of each face with a same-face sample on another photo
  for (std::size_t i = 0; i < n; ++i) {
    const auto truth = static_cast<std::size_t>(samples[i].label);
    const double own = nearest[i][truth];
    if (!std::isfinite(own)) continue;  // the face is on this photo only
    own_distances.push_back(own);
    ++measured[truth];
    std::size_t closest_other = truth == 0 ? 1 : 0;
    for (std::size_t l = 0; l < label_count; ++l)
      if (l != truth && nearest[i][l] < nearest[i][closest_other]) closest_other = l;
    alike_ratios[truth * label_count + closest_other].push_back(nearest[i][closest_other] / std::max(own, 1e-6));
  }
  for (std::size_t l = 0; l < label_count; ++l) {
    if (measured[l] == 0)  // every die of the face has no same-face sample on another photo
      report.warnings.push_back(fmt::format("face {} is on one photo only: cross-validation cannot test it", labels[l]));
  }
  for (std::size_t a = 0; a < label_count; ++a) {
    for (std::size_t b = 0; b < label_count; ++b) {
      std::vector<double>& ratios = alike_ratios[a * label_count + b];
      if (ratios.size() * 2 < static_cast<std::size_t>(std::max(measured[a], 1))) continue;  // not a's usual neighbour
      const double median = quantile(ratios, 0.5);
      if (median < kLookAlikeRatio) {
        report.warnings.push_back(fmt::format("faces {} and {} look alike (margin {:.2f}): take more photos of both", labels[a], labels[b], median));
      }
    }
  }

  // Step 4. The profile: samples (evenly thinned per label) and the reject distance; made the
  // same way without one photo's dice for the cross-validation below.
  const double typical = own_distances.empty() ? 0.5 : quantile(own_distances, kRejectQuantile);
  const std::map<std::string, int> pips = learned_pips(samples, labels);
  report.pip_dice = !pips.empty();
  const auto profile_without = [&](int left_out) {
    DiceProfile profile;
    profile.name = options.name;
    profile.labels = labels;
    profile.parameters = p;
    profile.body_colour = body_colour;
    profile.pips = pips;
    profile.reject_distance = std::max(kRejectFactor * typical, kLeastRejectDistance);
    for (std::size_t l = 0; l < label_count; ++l) {
      std::vector<const Sample*> of_label;
      for (const Sample& s : samples)
        if (static_cast<std::size_t>(s.label) == l && s.photo != left_out) of_label.push_back(&s);
      const std::size_t keep = std::min<std::size_t>(of_label.size(), static_cast<std::size_t>(options.max_samples_per_label));
      for (std::size_t k = 0; k < keep; ++k) {
        const Sample* s = of_label[k * of_label.size() / keep];
        profile.samples.push_back({labels[l], s->features});
      }
    }
    return profile;
  };
  result.profile = profile_without(-1);

  // Step 5. Cross-validation, leaving one photo out: each photo scanned as `scan dice` scans it,
  // with the profile made from the other photos, and every labelled die counted right when the
  // scan names it with its label (an uncertain die too: its best guess is what the table is
  // offered). A die not found or named wrongly counts against the estimate.
  std::map<std::pair<int, int>, int> mistakes;
  std::vector<int> tested(label_count, 0), right(label_count, 0);
  for (std::size_t index = 0; index < photos.size(); ++index) {
    const LabelledPhoto& labelled = photos[index];
    const Photo photo = load_photo(labelled.file, p);
    photo_read();
    const ScanResult scanned = DiceScanner(profile_without(static_cast<int>(index))).scan(photo);
    const bool boxed = std::all_of(labelled.items.begin(), labelled.items.end(), [](const LabelledItem& i) { return i.box.has_value(); });
    std::vector<bool> used(scanned.items.size(), false);
    for (const LabelledItem& item : labelled.items) {
      const auto truth = static_cast<std::size_t>(label_index(item.label));
      ++tested[truth];
      // The scanned die this labelled one is: by its box, or (a photo of one face) any certain one left.
      int match = -1;
      double best = kMatchIou;
      for (std::size_t k = 0; k < scanned.items.size(); ++k) {
        if (used[k]) continue;
        const ScannedItem& die = scanned.items[k];
        if (boxed) {
          const double overlap = iou(die.box, *item.box);
          if (overlap >= best) {
            best = overlap;
            match = static_cast<int>(k);
          }
        } else if (match < 0 || die.label == item.label) {
          match = static_cast<int>(k);
          if (die.label == item.label) break;
        }
      }
      if (match < 0) continue;  // not found: counted, not right
      used[static_cast<std::size_t>(match)] = true;
      const ScannedItem& die = scanned.items[static_cast<std::size_t>(match)];
      if (die.label == item.label) {
        ++right[truth];
      } else {
        ++mistakes[{static_cast<int>(truth), label_index(die.label)}];
      }
    }
  }
  report.tested = std::accumulate(tested.begin(), tested.end(), 0);
  const int correct = std::accumulate(right.begin(), right.end(), 0);
  report.accuracy = report.tested > 0 ? static_cast<double>(correct) / report.tested : 0.0;
  for (std::size_t l = 0; l < label_count; ++l)
    if (tested[l] > 0) report.label_accuracy[labels[l]] = static_cast<double>(right[l]) / tested[l];
  for (const auto& [pair, count] : mistakes) {
    report.confusions.push_back({labels[static_cast<std::size_t>(pair.first)], labels[static_cast<std::size_t>(pair.second)], count});
  }
  return result;
}

CalibrationReport calibrate_dice(const std::filesystem::path& dir, const std::filesystem::path& out, const CalibrationOptions& options) {
  Calibration calibration = calibrate(dir, options);
  save_profile(calibration.profile, out);
  return calibration.report;
}

std::string format_report(const CalibrationReport& report) {
  std::string text = fmt::format("learned {} from {}\n", counted(report.dice, "die", "dice"), counted(report.photos, "photo"));
  text += fmt::format("cross-validated accuracy: {:.1f}% of {}\n", 100 * report.accuracy, counted(report.tested, "die", "dice"));
  if (report.pip_dice) text += "pip dice: each face's pips are counted as a second opinion\n";
  std::size_t width = 5;
  for (const auto& [label, count] : report.dice_per_label) width = std::max(width, label.size());
  for (const auto& [label, count] : report.dice_per_label) {
    const auto accuracy = report.label_accuracy.find(label);
    text += fmt::format("  {:<{}}  {:>4} {:<4}  {}\n", label, width, count, noun_for(count, "die", "dice"),
                        accuracy == report.label_accuracy.end() ? std::string("untested") : fmt::format("{:.1f}%", 100 * accuracy->second));
  }
  text += confusion_lines(report.confusions);
  for (const std::string& warning : report.warnings) text += "warning: " + warning + "\n";
  return text;
}

nlohmann::json to_json(const CalibrationReport& report) {
  return {{"photos", report.photos},          {"dice", report.dice},
          {"dice_per_label", report.dice_per_label}, {"accuracy", report.accuracy},
          {"tested", report.tested},          {"label_accuracy", report.label_accuracy},
          {"confusions", to_json(report.confusions)},         {"warnings", report.warnings},
          {"pip_dice", report.pip_dice}};
}

}  // namespace qm::vision
