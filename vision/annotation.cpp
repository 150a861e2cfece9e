// annotate(): the scan drawn over the photo, so a player can check it at a glance.
#include <algorithm>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

#include "vision/image_codecs.hpp"
#include "vision/geometry.hpp"
#include "vision/label_placement.hpp"
#include "scoring/notation.hpp"
#include "vision/scan.hpp"

namespace qm::vision {
namespace {

// Red for a die or card the player must check, green for one read with confidence (BGR).
cv::Scalar colour_of(const ScannedItem& item) {
  return item.uncertain ? cv::Scalar(40, 40, 230) : cv::Scalar(60, 200, 60);
}

}  // namespace

void annotate(const std::filesystem::path& photo, const ScanResult& result, const std::filesystem::path& out) {
  const std::string extension = notation::folded(out.extension().string());
  if (extension != ".png" && extension != ".jpg" && extension != ".jpeg") {
    throw InputError(fmt::format("{}: the annotated image must be .png or .jpg", out.string()));
  }
  cv::Mat image = load_full_photo(photo);
  const double unit = std::max(image.cols, image.rows) / 1000.0;  // line and text sizes follow the photo
  const int thickness = std::max(1, static_cast<int>(2 * unit));
  const double font_scale = 0.6 * unit;
  std::vector<std::string> texts;
  std::vector<cv::Rect> boxes;
  std::vector<cv::Size> label_sizes;
  std::vector<int> baselines;
  for (const ScannedItem& item : result.items) {
    texts.push_back(fmt::format("{} {:.2f}", marked_label(item.label, item.uncertain), item.confidence));
    int baseline = 0;
    const cv::Size text_size = cv::getTextSize(texts.back(), cv::FONT_HERSHEY_SIMPLEX, font_scale, thickness, &baseline);
    baselines.push_back(baseline);
    label_sizes.emplace_back(text_size.width + 2, text_size.height + 2 + baseline);
    boxes.emplace_back(cvRound(item.box.x), cvRound(item.box.y), cvRound(item.box.w), cvRound(item.box.h));
  }
  const std::vector<cv::Rect> labels = place_labels(boxes, label_sizes, image.size());
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const ScannedItem& item = result.items[i];
    const cv::Scalar colour = colour_of(item);
    cv::polylines(image, pixel_corners(item.corners), true, colour, thickness, cv::LINE_AA);
  }
  // Labels after every outline, so no outline is drawn across a label.
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const cv::Scalar colour = colour_of(result.items[i]);
    cv::rectangle(image, labels[i], cv::Scalar(0, 0, 0), cv::FILLED);
    const cv::Point origin(labels[i].x + 1, labels[i].y + labels[i].height - baselines[i]);
    cv::putText(image, texts[i], origin, cv::FONT_HERSHEY_SIMPLEX, font_scale, colour, thickness, cv::LINE_AA);
  }
  if (!write_image(out, image)) throw InputError(fmt::format("{}: cannot be written", out.string()));
}

}  // namespace qm::vision
