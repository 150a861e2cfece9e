#include <catch2/catch.hpp>

#include <algorithm>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/classifier.hpp"
#include "vision/detection.hpp"
#include "vision/dice_art.hpp"
#include "vision/face_fit.hpp"
#include "vision/pip_count.hpp"
#include "vision/profile.hpp"
#include "vision/photo.hpp"
#include "vision/rectification.hpp"
#include "vision/scan.hpp"

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

TEST_CASE("A blank patch, glare or plain table, is not taken for a die", "[vision][classification]") {
  const DiceProfile profile = load_builtin_profile();
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  const cv::RotatedRect whole(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0);
  for (const cv::Scalar& colour : {cv::Scalar(235, 235, 235), cv::Scalar(60, 110, 160)}) {
    const cv::Mat blank(128, 128, CV_8UC3, colour);
    CHECK(symbol_contrast(rectify_face(blank, whole, p)) < p.min_symbol_contrast);
    CHECK(fit_face(blank, whole, classifier, p).classification.label == -1);
  }
  for (int face = 0; face < 6; ++face) {
    const cv::Mat drawn = draw_face(DiceArt::classic, face, 128);
    CHECK(symbol_contrast(rectify_face(drawn, whole, p)) >= p.min_symbol_contrast);
    const FittedFace fitted = fit_face(drawn, whole, classifier, p);
    REQUIRE(fitted.classification.label >= 0);
    CHECK(profile.labels[static_cast<std::size_t>(fitted.classification.label)] == face_labels(DiceArt::classic)[static_cast<std::size_t>(face)]);
  }
}

TEST_CASE("A face seen with its lit side is found at one end of the detected rectangle", "[vision][classification]") {
  const DiceProfile profile = load_builtin_profile();
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  // The face on top, a pale blank strip below it: what detection takes for one long face.
  cv::Mat image(200, 128, CV_8UC3, cv::Scalar(40, 60, 90));
  draw_face(DiceArt::classic, 2, 128).copyTo(image(cv::Rect(0, 0, 128, 128)));
  image(cv::Rect(0, 128, 128, 48)).setTo(cv::Scalar(205, 205, 205));
  const cv::RotatedRect detected(cv::Point2f(63.5f, 87.5f), cv::Size2f(128, 176), 0);
  REQUIRE(face_hypotheses(detected).size() == 5);
  const FittedFace fitted = fit_face(image, detected, classifier, p);
  REQUIRE(fitted.classification.label >= 0);
  CHECK(profile.labels[static_cast<std::size_t>(fitted.classification.label)] == face_labels(DiceArt::classic)[2]);
  CHECK(fitted.face.center.y == Approx(63.5).margin(10));
  CHECK(std::max(fitted.face.size.width, fitted.face.size.height) < 150);
  // A square face has no other hypothesis.
  CHECK(face_hypotheses(cv::RotatedRect(cv::Point2f(50, 50), cv::Size2f(40, 42), 30)).size() == 1);
}

TEST_CASE("Of two outlines of one die, the one holding its face is kept", "[vision][classification]") {
  const DiceProfile profile = load_builtin_profile();
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  // The face at the right; at the left a glint that one colour test took for the die.
  cv::Mat image(128, 256, CV_8UC3, cv::Scalar(40, 60, 90));
  cv::circle(image, cv::Point(40, 64), 30, cv::Scalar(230, 230, 230), cv::FILLED);
  draw_face(DiceArt::classic, 4, 128).copyTo(image(cv::Rect(128, 0, 128, 128)));
  const cv::RotatedRect glint(cv::Point2f(40, 64), cv::Size2f(60, 60), 0);
  const cv::RotatedRect face(cv::Point2f(191.5f, 63.5f), cv::Size2f(128, 128), 0);
  CHECK(fit_face(image, glint, classifier, p).classification.label == -1);
  const FittedFace fitted = fit_face(image, std::vector<cv::RotatedRect>{glint, face}, classifier, p);
  REQUIRE(fitted.classification.label >= 0);
  CHECK(profile.labels[static_cast<std::size_t>(fitted.classification.label)] == face_labels(DiceArt::classic)[4]);
  CHECK(fitted.face.center.x == Approx(191.5).margin(10));
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

namespace {

// A pip dice profile learned from the drawn faces, one sample each, as calibration would.
DiceProfile drawn_pip_profile() {
  DiceProfile profile;
  profile.name = "drawn pips";
  profile.labels = face_labels(DiceArt::pips);
  profile.reject_distance = 10;
  for (int face = 0; face < 6; ++face) {
    const std::string& label = profile.labels[static_cast<std::size_t>(face)];
    profile.samples.push_back({label, canonical_features(DiceArt::pips, face, profile.parameters)});
    profile.pips[label] = face + 1;
  }
  return profile;
}

std::vector<int> pips_of_labels(const DiceProfile& profile) {
  std::vector<int> pips;
  for (const std::string& label : profile.labels) pips.push_back(profile.pips.at(label));
  return pips;
}

}  // namespace

TEST_CASE("A pip face seen askew is fitted as a parallelogram holding all its pips", "[vision][classification][pips]") {
  const DiceProfile profile = drawn_pip_profile();
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  // A six seen at an angle: sheared, so no rectangle holds its six pips without cutting one.
  cv::Mat image(200, 200, CV_8UC3, cv::Scalar(40, 60, 90));
  const cv::Mat shear = (cv::Mat_<double>(2, 3) << 1, 0.45, 36 - 0.45 * 64, 0, 1, 36);
  cv::warpAffine(draw_face(DiceArt::pips, 5, 128), image, shear, image.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
  const cv::RotatedRect rectangle(cv::Point2f(99.5f, 99.5f), cv::Size2f(128, 128), 0);
  const FittedFace fitted = fit_face(image, std::vector<cv::RotatedRect>{rectangle}, classifier, pips_of_labels(profile), p);
  REQUIRE(fitted.classification.label >= 0);
  CHECK(profile.labels[static_cast<std::size_t>(fitted.classification.label)] == profile.labels[5]);
  const PipReading pips = read_pips(rectify_face(image, fitted.corners, p));
  CHECK(pips.pips == 6);
  CHECK(pips.cut == 0);
  // The rectangle itself cuts a pip.
  CHECK(read_pips(rectify_face(image, rectangle, p)).cut > 0);
}

TEST_CASE("A pip die seen from the side is read by its top face, not by a side's pips", "[vision][classification][pips]") {
  const DiceProfile profile = drawn_pip_profile();
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  // Every top face with every side that can face the camera below it (not itself, not its
  // opposite): the top sheared and foreshortened, the front face below it more so and shaded.
  // Detection took both for one long face.
  for (int top = 0; top < 6; ++top) {
    for (int front = 0; front < 6; ++front) {
      if (front == top || top + front == 5) continue;
      CAPTURE(top, front);
      cv::Mat image(260, 200, CV_8UC3, cv::Scalar(40, 60, 90));
      const cv::Mat top_view = (cv::Mat_<double>(2, 3) << 1, 0.25, 36 - 0.25 * 64, 0, 0.8, 36);
      cv::warpAffine(draw_face(DiceArt::pips, top, 128), image, top_view, image.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
      cv::Mat shaded;
      cv::multiply(draw_face(DiceArt::pips, front, 128), cv::Scalar(0.85, 0.85, 0.85), shaded);
      const cv::Mat front_view = (cv::Mat_<double>(2, 3) << 1, 0, 36 + 0.25 * 64, 0, 0.6, 36 + 0.8 * 128);
      cv::warpAffine(shaded, image, front_view, image.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
      const cv::RotatedRect both(cv::Point2f(108, 36 + 0.7f * 128), cv::Size2f(128, 1.4f * 128), 0);
      const FittedFace fitted = fit_face(image, std::vector<cv::RotatedRect>{both}, classifier, pips_of_labels(profile), p);
      REQUIRE(fitted.classification.label >= 0);
      CHECK(profile.labels[static_cast<std::size_t>(fitted.classification.label)] == profile.labels[static_cast<std::size_t>(top)]);
    }
  }
}

TEST_CASE("A die seen at an angle with no lone die beside it is kept only when its pips settle its face", "[vision][classification][pips]") {
  const DiceScanner scanner(drawn_pip_profile());
  // The top face, and below it a strip of a side nearly as white, sheared by the angle: a blob
  // not shaped like a die, with no lone die in the photo to measure it by (detection_test).
  const auto die_at_angle = [](const cv::Mat& top) {
    cv::Mat table(300, 400, CV_8UC3, cv::Scalar(60, 70, 85));
    top.copyTo(table(cv::Rect(200, 100, top.cols, top.rows)));
    const std::vector<cv::Point> side = {{200, 150}, {250, 150}, {285, 161}, {235, 161}};
    cv::fillConvexPoly(table, side, cv::Scalar(222, 225, 228), cv::LINE_AA);
    return normalise_photo(table, table.size(), ScanParameters{});
  };
  SECTION("a five") {
    // Drawn without the rounded rim's shade, which would part the face from the side.
    cv::Mat five(50, 50, CV_8UC3, cv::Scalar(235, 238, 240));
    for (const cv::Point centre : {cv::Point(13, 13), cv::Point(37, 13), cv::Point(25, 25), cv::Point(13, 37), cv::Point(37, 37)})
      cv::circle(five, centre, 5, cv::Scalar(40, 35, 30), cv::FILLED, cv::LINE_AA);
    const Photo photo = die_at_angle(five);
    const std::vector<DieCandidate> candidates = find_dice(photo.image, scanner.profile().parameters);
    REQUIRE(candidates.size() == 1);
    REQUIRE(candidates[0].tentative);
    const ScanResult result = scanner.scan(photo);
    REQUIRE(result.items.size() == 1);
    CHECK(result.items[0].label == scanner.profile().labels[4]);
    CHECK_FALSE(result.items[0].uncertain);
  }
  SECTION("a blank white blob of the same shape (a glint, a patch of pale grain)") {
    const cv::Mat blank(50, 50, CV_8UC3, cv::Scalar(235, 238, 240));
    CHECK(scanner.scan(die_at_angle(blank)).items.empty());
  }
}

TEST_CASE("An uncertain face unlike every learned face must show its symbol plainly", "[vision][classification]") {
  // Two labels learned from one face, so every face is as near one as the other (uncertain), and
  // another face is shown, unlike it.
  DiceProfile profile;
  profile.name = "one face twice";
  profile.labels = {"a", "b"};
  profile.reject_distance = 10;
  const Features learned = canonical_features(DiceArt::classic, 0, profile.parameters);
  profile.samples = {{"a", learned}, {"b", learned}};
  const FaceClassifier classifier(profile);
  const ScanParameters& p = profile.parameters;
  const cv::RotatedRect whole(cv::Point2f(63.5f, 63.5f), cv::Size2f(128, 128), 0);
  const cv::Mat plain = draw_face(DiceArt::classic, 4, 128);
  const FittedFace shown = fit_face(plain, whole, classifier, p);
  REQUIRE(shown.classification.label >= 0);  // a die to ask the player about
  REQUIRE(shown.classification.uncertain);
  INFO("distance " << shown.classification.distance);
  CHECK(symbol_contrast(rectify_face(plain, whole, p)) >= p.uncertain_contrast_per_distance * shown.classification.distance);
  // The same face faded to a few grey levels, as faint as a towel's grain or a check's edge:
  // above the blank test's spread, below what a face this unlike the samples must show.
  cv::Mat faded;
  cv::addWeighted(plain, 0.3, cv::Mat(plain.size(), CV_8UC3, cv::Scalar(220, 220, 220)), 0.7, 0, faded);
  const double contrast = symbol_contrast(rectify_face(faded, whole, p));
  INFO("faded contrast " << contrast);
  REQUIRE(contrast >= p.min_symbol_contrast);
  ScanParameters untested = p;
  untested.uncertain_contrast_per_distance = 0;
  CHECK(fit_face(faded, whole, classifier, untested).classification.label >= 0);
  CHECK(fit_face(faded, whole, classifier, p).classification.label == -1);
}
