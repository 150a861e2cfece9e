#include "vision/warm_up.hpp"

#include <opencv2/imgproc.hpp>

#include "vision/image_codecs.hpp"

namespace qm::vision {

void prepare_scanning() noexcept {
  try {
    const cv::Mat patch(8, 8, CV_8UC3, cv::Scalar(40, 120, 200));
    cv::Mat lab;
    cv::cvtColor(patch, lab, cv::COLOR_BGR2Lab);
    cv::Mat scaled;
    patch.convertTo(scaled, CV_32F, 1.0 / 255);
    cv::cvtColor(scaled, lab, cv::COLOR_BGR2Lab);
    decode_image(encode_image(".jpg", patch), cv::IMREAD_COLOR);
  } catch (...) {  // NOLINT(bugprone-empty-catch): see the header
  }
}

}  // namespace qm::vision
