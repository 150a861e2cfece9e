#include <catch2/catch.hpp>

#include <array>

#include <opencv2/imgproc.hpp>

#include "vision/classifier.hpp"
#include "vision/dice_art.hpp"
#include "vision/face_features.hpp"
#include "vision/geometry.hpp"
#include "vision/rectification.hpp"

using namespace qm::vision;

namespace {

// A face drawn into a table image at a known place and angle (a rotated square).
cv::Mat place_face(const cv::Mat& face, const cv::RotatedRect& where, cv::Size size) {
  cv::Mat image(size, CV_8UC3, cv::Scalar(50, 90, 130));
  std::array<cv::Point2f, 4> corners;
  where.points(corners.data());
  const Quad ordered = order_corners(corners);
  const float n = static_cast<float>(face.cols);
  const std::array<cv::Point2f, 3> source = {cv::Point2f(0, 0), cv::Point2f(n, 0), cv::Point2f(n, n)};
  const cv::Mat affine = cv::getAffineTransform(source.data(), ordered.data());
  cv::warpAffine(face, image, affine, size, cv::INTER_AREA, cv::BORDER_TRANSPARENT);
  return image;
}

}  // namespace

TEST_CASE("A rectified face matches the face as drawn in one of four quarter turns", "[vision][rectification]") {
  const ScanParameters parameters;
  for (int face = 0; face < 6; ++face) {
    const cv::Mat drawn = draw_face(DiceArt::classic, face, 128);
    const cv::Mat canonical_patch = rectify_face(drawn, cv::RotatedRect(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0), parameters);
    const Features canonical = face_features(canonical_patch, parameters);
    for (float angle : {0.0f, 17.0f, 33.0f, 61.0f}) {
      const cv::RotatedRect where(cv::Point2f(150, 110), cv::Size2f(70, 70), angle);
      const cv::Mat scene = place_face(drawn, where, cv::Size(300, 220));
      const cv::Mat patch = rectify_face(scene, where, parameters);
      REQUIRE(patch.size() == cv::Size(parameters.patch_size, parameters.patch_size));
      Features turned = face_features(patch, parameters);
      double best = 1e9;
      for (int quarter = 0; quarter < 4; ++quarter) {
        best = std::min(best, feature_distance(turned, canonical));
        turned = turned_quarter(turned, parameters.feature_size);
      }
      INFO("face " << face << " angle " << angle);
      CHECK(best < 0.25);
    }
  }
}
