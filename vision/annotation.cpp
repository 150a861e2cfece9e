// annotate(): the scan drawn over the photo, so a player can check it at a glance.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/scan.hpp"

namespace qm::vision {

void annotate(const std::filesystem::path& photo, const ScanResult& result, const std::filesystem::path& out) {
  std::string extension = out.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
  if (extension != ".png" && extension != ".jpg" && extension != ".jpeg") {
    throw InputError(fmt::format("{}: the annotated image must be .png or .jpg", out.string()));
  }
  cv::Mat image = load_full_photo(photo);
  const double unit = std::max(image.cols, image.rows) / 1000.0;  // line and text sizes follow the photo
  const int thickness = std::max(1, static_cast<int>(2 * unit));
  const double font_scale = 0.6 * unit;
  for (const ScannedDie& die : result.items) {
    const cv::Scalar colour = die.uncertain ? cv::Scalar(40, 40, 230) : cv::Scalar(60, 200, 60);
    std::vector<cv::Point> outline;
    for (const cv::Point2f& corner : die.corners) outline.emplace_back(cvRound(corner.x), cvRound(corner.y));
    cv::polylines(image, outline, true, colour, thickness, cv::LINE_AA);
    const std::string text = fmt::format("{}{} {:.2f}", die.label, die.uncertain ? "?" : "", die.confidence);
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, font_scale, thickness, &baseline);
    const cv::Point origin(cvRound(die.box.x), std::max(size.height + 2, cvRound(die.box.y) - 4));
    cv::rectangle(image, origin + cv::Point(-1, baseline), origin + cv::Point(size.width + 1, -size.height - 2),
                  cv::Scalar(0, 0, 0), cv::FILLED);
    cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, font_scale, colour, thickness, cv::LINE_AA);
  }
  bool written = false;
  try {
    written = cv::imwrite(out.string(), image);
  } catch (const cv::Exception&) {
    written = false;
  }
  if (!written) throw InputError(fmt::format("{}: cannot be written", out.string()));
}

}  // namespace qm::vision
