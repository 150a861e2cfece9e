#include "vision/scan.hpp"

#include <fmt/format.h>

#include "vision/detection.hpp"
#include "vision/face_fit.hpp"
#include "vision/pip_count.hpp"
#include "vision/rectification.hpp"

namespace qm::vision {

DiceScanner::DiceScanner(DiceProfile profile) : profile_(std::move(profile)), classifier_(profile_) {
  if (!profile_.pips.empty()) {
    for (const std::string& label : profile_.labels) pips_of_label_.push_back(profile_.pips.at(label));
  }
}

ScanResult DiceScanner::scan(const std::filesystem::path& photo) const {
  return scan(load_photo(photo, profile_.parameters));
}

ScanResult DiceScanner::scan(const Photo& photo) const {
  const ScanParameters& p = profile_.parameters;
  ScanResult result;
  result.photo_size = photo.original_size;
  const cv::Mat& image = photo.image;
  for (const DieCandidate& candidate : find_dice(image, p, expected_face_colours(profile_, photo))) {
    // A tentative die with no pips where it was found is frayed wood grain or a glint: fitting
    // it would only cost time.
    if (candidate.tentative && !pips_of_label_.empty() && count_pips(rectify_face(image, candidate.face, p)) == 0) continue;
    std::vector<cv::RotatedRect> outlines{candidate.face};
    outlines.insert(outlines.end(), candidate.other_outlines.begin(), candidate.other_outlines.end());
    const FittedFace fitted = fit_face(image, outlines, classifier_, pips_of_label_, p);
    const Classification& face = fitted.classification;
    if (face.label < 0) continue;  // not a die
    ScannedItem die;
    die.label = profile_.labels[static_cast<std::size_t>(face.label)];
    bool uncertain = face.uncertain;
    if (!profile_.pips.empty()) {
      // Pip dice: the pips are a second opinion. None at all is no die (a label sticker, wood
      // grain, a glint, however like a face the samples found it); as many as the face has
      // settles it; another count leaves the face to the player.
      const PipReading& pips = fitted.pips;
      if (pips.pips == 0) continue;
      uncertain = pips.pips != profile_.pips.at(die.label) || pips.cut > 0;
    }
    if (candidate.tentative && uncertain) continue;
    die.corners = scaled(fitted.corners, photo.scale);
    die.box = bounding_box(die.corners);
    die.confidence = face.confidence;
    die.uncertain = uncertain;
    if (die.uncertain) {
      ++result.uncertain;
    } else {
      ++result.counts[die.label];
    }
    result.items.push_back(std::move(die));
  }
  return result;
}

ScanResult scan(const std::filesystem::path& photo, const DiceProfile& profile) {
  return DiceScanner(profile).scan(photo);
}

std::string marked_label(const std::string& label, bool uncertain) {
  if (!uncertain || label == kUnreadLabel) return label;
  return label + "?";
}

nlohmann::json to_json(const ScanResult& result) {
  nlohmann::json items = nlohmann::json::array();
  for (const ScannedItem& item : result.items) {
    items.push_back({{"label", item.label},
                     {"box", {std::lround(item.box.x), std::lround(item.box.y), std::lround(item.box.w), std::lround(item.box.h)}},
                     {"confidence", std::round(item.confidence * 1000) / 1000},
                     {"uncertain", item.uncertain}});
  }
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [label, count] : result.counts) counts[label] = count;
  return {{"items", items}, {"counts", counts}, {"uncertain", result.uncertain}};
}

InputError no_dice_found(const std::filesystem::path& photo) {
  return InputError(fmt::format("{}: no dice found in the photo", photo.string()));
}

}  // namespace qm::vision
