#include <catch2/catch.hpp>

#include <fstream>

#include "scoring/input_error.hpp"
#include "vision/profile.hpp"
#include "vision/scan_parameters.hpp"
#include "vision_test_support.hpp"

using namespace qm::vision;
using qm::testing::TempDir;

namespace {

DiceProfile small_profile() {
  DiceProfile profile;
  profile.name = "pip dice";
  profile.labels = {"1", "2"};
  profile.parameters.feature_size = 4;
  profile.reject_distance = 1.5;
  profile.body_colour = cv::Scalar(0.75, 0.99175, 0.9374761);
  const std::size_t length = 3 * 4 * 4;
  Features a(length), b(length);
  for (std::size_t i = 0; i < length; ++i) {
    a[i] = static_cast<float>(i) / 10.0f - 2.0f;
    b[i] = -a[i];
  }
  profile.samples = {{"1", a}, {"2", b}};
  return profile;
}

void expect_bad_profile(const std::filesystem::path& path, const std::string& why) {
  try {
    load_profile(path);
    FAIL("accepted " << path);
  } catch (const qm::InputError& error) {
    const std::string message = error.what();
    CHECK(message.find(path.string()) != std::string::npos);
    CHECK(message.find(why) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("A profile survives saving and loading, features quantised and nothing else changed", "[vision][profile]") {
  TempDir dir("profile");
  const DiceProfile profile = small_profile();
  save_profile(profile, dir.path / "pips.json");
  const DiceProfile loaded = load_profile(dir.path / "pips.json");
  CHECK(loaded.name == profile.name);
  CHECK(loaded.labels == profile.labels);
  CHECK(loaded.parameters == profile.parameters);
  CHECK(loaded.reject_distance == profile.reject_distance);
  // Exactly: calibration's in-memory profile and its file must scan alike.
  CHECK(loaded.body_colour == profile.body_colour);
  REQUIRE(loaded.samples.size() == 2);
  CHECK(loaded.samples[0].features == quantised(profile.samples[0].features));
  CHECK(loaded.samples[1].label == "2");
  for (std::size_t i = 0; i < profile.samples[0].features.size(); ++i) {
    CHECK(loaded.samples[0].features[i] == Approx(profile.samples[0].features[i]).margin(1.0 / 64));
  }
}

TEST_CASE("Broken profiles are refused naming the file", "[vision][profile][bad-input]") {
  TempDir dir("profile");
  expect_bad_profile(dir.path / "missing.json", "no such profile");
  std::ofstream(dir.path / "text.json") << "skull coin";
  expect_bad_profile(dir.path / "text.json", "not a JSON document");
  std::ofstream(dir.path / "other.json") << R"({"photos": []})";
  expect_bad_profile(dir.path / "other.json", "not a quartermaster dice profile");

  nlohmann::json json = to_json(small_profile());
  json["samples"][0]["label"] = "7";
  std::ofstream(dir.path / "label.json") << json.dump();
  expect_bad_profile(dir.path / "label.json", "unknown label 7");

  json = to_json(small_profile());
  json["samples"][1]["features"] = "AAAA";
  std::ofstream(dir.path / "short.json") << json.dump();
  expect_bad_profile(dir.path / "short.json", "48 expected");

  json = to_json(small_profile());
  json["version"] = 4;
  std::ofstream(dir.path / "future.json") << json.dump();
  expect_bad_profile(dir.path / "future.json", "profile version 4 is not known");

  // Found by tests/fuzz (vision_profile): a format or version of the wrong JSON type escaped as
  // an internal error, and a version of 1e30 was converted to an int.
  std::ofstream(dir.path / "number.json") << R"({"format": 5})";
  expect_bad_profile(dir.path / "number.json", "not a quartermaster dice profile");
  for (const nlohmann::json& version : {nlohmann::json("3"), nlohmann::json(1e30), nlohmann::json(3.5)}) {
    json = to_json(small_profile());
    json["version"] = version;
    std::ofstream(dir.path / "version.json") << json.dump();
    expect_bad_profile(dir.path / "version.json", "profile version " + version.dump() + " is not known");
  }

  json = to_json(small_profile());
  json["body_colour"] = {0.5, 1.5, 1.0};
  std::ofstream(dir.path / "colour.json") << json.dump();
  expect_bad_profile(dir.path / "colour.json", "body_colour must be three numbers");

  json = to_json(small_profile());
  json["scan"]["patch_sise"] = 40;
  std::ofstream(dir.path / "typo.json") << json.dump();
  expect_bad_profile(dir.path / "typo.json", "unknown scan parameter: patch_sise");
}

TEST_CASE("A pip dice profile keeps each face's pips, and refuses pips that cannot be", "[vision][profile]") {
  TempDir dir("profile");
  DiceProfile profile = small_profile();
  profile.pips = {{"1", 1}, {"2", 2}};
  save_profile(profile, dir.path / "pips.json");
  CHECK(load_profile(dir.path / "pips.json").pips == profile.pips);
  // Dice of symbols have none, and say none.
  CHECK_FALSE(to_json(small_profile()).contains("pips"));

  const auto with_pips = [&](const nlohmann::json& pips) {
    nlohmann::json json = to_json(profile);
    json["pips"] = pips;
    std::ofstream(dir.path / "bad.json") << json.dump();
    return dir.path / "bad.json";
  };
  expect_bad_profile(with_pips({{"1", 1}, {"7", 2}}), "pips names the unknown label 7");
  expect_bad_profile(with_pips({{"1", 1}, {"2", 1}}), "pips gives two faces 1 pips");
  expect_bad_profile(with_pips({{"1", 1}}), "pips must give every face's number of pips");
  expect_bad_profile(with_pips({{"1", 1}, {"2", 0}}), "pips of 2 must be a whole number from 1 to 20");
  expect_bad_profile(with_pips({{"1", 1}, {"2", 2.5}}), "pips of 2 must be a whole number from 1 to 20");
  expect_bad_profile(with_pips(nlohmann::json::array({1, 2})), "pips must be an object");
}

TEST_CASE("Profiles of older versions are refused with a request to calibrate again", "[vision][profile]") {
  TempDir dir("profile");
  for (const int version : {1, 2}) {
    nlohmann::json json = to_json(small_profile());
    json["version"] = version;
    std::ofstream(dir.path / "old.json") << json.dump();
    expect_bad_profile(dir.path / "old.json", "profile version " + std::to_string(version) + " was learned by an older quartermaster");
  }
}

TEST_CASE("The faces are looked for in the body colour under the photo's white balance and as learned", "[vision][profile]") {
  DiceProfile profile = small_profile();
  profile.body_colour = cv::Scalar(0.75, 0.9, 1.0);
  Photo photo;
  photo.white_gains = cv::Scalar(1.2, 1.0, 0.8);
  const std::vector<cv::Scalar> colours = expected_face_colours(profile, photo);
  REQUIRE(colours.size() == 2);
  CHECK(colours[0][0] == Approx(0.9));
  CHECK(colours[0][2] == Approx(0.8));
  CHECK(colours[1] == profile.body_colour);
}

TEST_CASE("Scan parameters read from JSON override the defaults and are checked", "[vision][profile]") {
  const ScanParameters read = parameters_from_json(nlohmann::json{{"patch_size", 64}, {"min_confidence", 0.5}});
  CHECK(read.patch_size == 64);
  CHECK(read.min_confidence == 0.5);
  CHECK(read.feature_size == ScanParameters{}.feature_size);
  CHECK(parameters_from_json(to_json(read)) == read);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"min_fill", 2.0}}), qm::InputError);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"patch_size", "big"}}), qm::InputError);
  // Found by tests/fuzz (vision_profile): a whole-number parameter too large for an int, or not
  // whole, was converted anyway (undefined behaviour).
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"patch_size", 1e30}}), qm::InputError);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json{{"patch_size", 64.5}}), qm::InputError);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json::parse(R"({"patch_size": 18446744073709551615})")), qm::InputError);
  CHECK_THROWS_AS(parameters_from_json(nlohmann::json::parse(R"({"patch_size": -9223372036854775808})")), qm::InputError);
}

TEST_CASE("The built-in profile describes the six Piraten Kapern faces", "[vision][profile]") {
  REQUIRE_FALSE(builtin_profile_path().empty());
  const DiceProfile profile = load_builtin_profile();
  std::vector<std::string> labels = profile.labels;
  std::sort(labels.begin(), labels.end());
  CHECK(labels == std::vector<std::string>{"coin", "diamond", "monkey", "parrot", "sabre", "skull"});
  CHECK(profile.samples.size() >= 6 * 20);
}
