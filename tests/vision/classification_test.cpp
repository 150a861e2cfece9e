#include <catch2/catch.hpp>

#include <opencv2/core.hpp>

#include "vision/classifier.hpp"
#include "vision/dice_art.hpp"
#include "vision/profile.hpp"
#include "vision/rectification.hpp"

using namespace qm::vision;

namespace {

Features canonical_features(DiceArt art, int face, const ScanParameters& p) {
  const cv::Mat drawn = draw_face(art, face, 128);
  return face_features(rectify_face(drawn, cv::RotatedRect(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0), p), p);
}

}  // namespace

TEST_CASE("Four quarter turns of the features are the identity and match a turned patch", "[vision][classification]") {
  const ScanParameters p;
  const cv::Mat drawn = draw_face(DiceArt::classic, 3, 128);
  const Features upright = face_features(rectify_face(drawn, cv::RotatedRect(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0), p), p);
  Features turned = upright;
  for (int i = 0; i < 4; ++i) turned = turned_quarter(turned, p.feature_size);
  CHECK(turned == upright);
  cv::Mat clockwise;
  cv::rotate(drawn, clockwise, cv::ROTATE_90_CLOCKWISE);
  const Features from_patch = face_features(rectify_face(clockwise, cv::RotatedRect(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0), p), p);
  CHECK(feature_distance(from_patch, turned_quarter(upright, p.feature_size)) < 0.05);
}

TEST_CASE("The built-in profile names every classic face as drawn, in every quarter turn", "[vision][classification]") {
  const DiceProfile profile = load_builtin_profile();
  const FaceClassifier classifier(profile);
  const std::vector<std::string> labels = face_labels(DiceArt::classic);
  for (int face = 0; face < 6; ++face) {
    Features features = canonical_features(DiceArt::classic, face, profile.parameters);
    for (int quarter = 0; quarter < 4; ++quarter) {
      const Classification result = classifier.classify(features);
      INFO("face " << labels[static_cast<std::size_t>(face)] << " turn " << quarter);
      REQUIRE(result.label >= 0);
      CHECK(profile.labels[static_cast<std::size_t>(result.label)] == labels[static_cast<std::size_t>(face)]);
      CHECK_FALSE(result.uncertain);
      features = turned_quarter(features, profile.parameters.feature_size);
    }
  }
}

TEST_CASE("A blank face and a face of another art style are not taken for dice", "[vision][classification]") {
  const DiceProfile profile = load_builtin_profile();
  const FaceClassifier classifier(profile);
  const cv::Mat blank(64, 64, CV_8UC3, cv::Scalar(235, 235, 235));
  const Classification none = classifier.classify(face_features(rectify_face(blank, cv::RotatedRect(cv::Point2f(31.5f, 31.5f), cv::Size2f(64, 64), 0), profile.parameters), profile.parameters));
  CHECK(none.label == -1);
  const cv::Mat table(64, 64, CV_8UC3, cv::Scalar(60, 110, 160));
  CHECK(classifier.classify(face_features(table, profile.parameters)).label == -1);
}

TEST_CASE("A face between two learned faces is reported uncertain", "[vision][classification]") {
  DiceProfile profile;
  profile.name = "two faces";
  profile.labels = {"a", "b"};
  profile.reject_distance = 10;
  const std::size_t length = static_cast<std::size_t>(3 * profile.parameters.feature_size * profile.parameters.feature_size);
  profile.samples = {{"a", Features(length, 0.0f)}, {"b", Features(length, 1.0f)}};
  const FaceClassifier classifier(profile);
  const Classification near_a = classifier.classify(Features(length, 0.1f));
  CHECK(near_a.label == 0);
  CHECK(near_a.confidence == Approx(1 - 0.1 / 0.9));
  CHECK_FALSE(near_a.uncertain);
  const Classification middle = classifier.classify(Features(length, 0.48f));
  CHECK(middle.label == 0);
  CHECK(middle.uncertain);
}
