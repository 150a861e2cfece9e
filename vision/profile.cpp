#include "vision/profile.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "data/data_files.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::vision {
namespace {

constexpr double kQuantum = 32.0;  // feature value 1.0 is stored as 32
constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t chunk = static_cast<std::uint32_t>(bytes[i]) << 16 |
                                (i + 1 < bytes.size() ? static_cast<std::uint32_t>(bytes[i + 1]) << 8 : 0) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += kBase64[chunk >> 18 & 63];
    out += kBase64[chunk >> 12 & 63];
    out += i + 1 < bytes.size() ? kBase64[chunk >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? kBase64[chunk & 63] : '=';
  }
  return out;
}

std::vector<std::uint8_t> from_base64(const std::string& text, const std::string& source) {
  std::vector<std::uint8_t> out;
  std::uint32_t chunk = 0;
  int bits = 0;
  for (char c : text) {
    if (c == '=') break;
    const std::size_t value = kBase64.find(c);
    if (value == std::string_view::npos) throw InputError(fmt::format("{}: a sample's features are not base64", source));
    chunk = chunk << 6 | static_cast<std::uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>(chunk >> bits & 0xff));
    }
  }
  return out;
}

std::int8_t quantise(float value) {
  return static_cast<std::int8_t>(std::clamp(std::lround(value * kQuantum), -127L, 127L));
}

}  // namespace

Features quantised(const Features& features) {
  Features out(features.size());
  std::transform(features.begin(), features.end(), out.begin(),
                 [](float v) { return static_cast<float>(quantise(v) / kQuantum); });
  return out;
}

nlohmann::json to_json(const DiceProfile& profile) {
  nlohmann::json samples = nlohmann::json::array();
  for (const FaceSample& sample : profile.samples) {
    std::vector<std::uint8_t> bytes(sample.features.size());
    std::transform(sample.features.begin(), sample.features.end(), bytes.begin(),
                   [](float v) { return static_cast<std::uint8_t>(quantise(v)); });
    samples.push_back({{"label", sample.label}, {"features", base64(bytes)}});
  }
  // The body colour as learned, not rounded: it sets where dice are looked for, and a die read
  // one way from the calibrated profile must be read so from its file (real dice: a colour
  // rounded to 0.001 turned a four read as a two into a four).
  const cv::Scalar& body = profile.body_colour;
  nlohmann::json json = {{"format", kProfileFormat},        {"version", kProfileVersion},
                         {"name", profile.name},            {"labels", profile.labels},
                         {"body_colour", {body[0], body[1], body[2]}},
                         {"scan", to_json(profile.parameters)}, {"reject_distance", profile.reject_distance},
                         {"samples", samples}};
  if (!profile.pips.empty()) json["pips"] = profile.pips;
  return json;
}

namespace {

// `pips`: every label once, each with its own count of pips, 1 to kMostPips.
std::map<std::string, int> pips_from_json(const nlohmann::json& json, const std::vector<std::string>& labels,
                                          const std::string& source) {
  constexpr int kMostPips = 20;
  const auto fail = [&](const std::string& why) { return InputError(fmt::format("{}: {}", source, why)); };
  if (!json.is_object()) throw fail("pips must be an object of a face's label and its number of pips");
  std::map<std::string, int> pips;
  std::set<int> counts;
  for (const auto& [label, count] : json.items()) {
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) throw fail("pips names the unknown label " + label);
    if (!count.is_number_integer() || count.get<long long>() < 1 || count.get<long long>() > kMostPips) {
      throw fail(fmt::format("pips of {} must be a whole number from 1 to {}", label, kMostPips));
    }
    if (!counts.insert(count.get<int>()).second) throw fail(fmt::format("pips gives two faces {} pips", count.get<int>()));
    pips[label] = count.get<int>();
  }
  if (pips.size() != labels.size()) throw fail("pips must give every face's number of pips");
  return pips;
}

}  // namespace

DiceProfile profile_from_json(const nlohmann::json& json, const std::string& source) {
  const auto fail = [&](const std::string& why) { return InputError(fmt::format("{}: {}", source, why)); };
  // Format and version are compared as JSON values: a number where a string belongs (or the
  // reverse) is a profile this program does not know, not an error of its own.
  if (!json.is_object() || json.value("format", nlohmann::json()) != kProfileFormat) throw fail("not a quartermaster dice profile");
  const nlohmann::json version = json.value("version", nlohmann::json(0));
  if (version == 1 || version == 2) {
    throw fail(fmt::format("profile version {} was learned by an older quartermaster; calibrate the dice again", version.dump()));
  }
  if (version != kProfileVersion) {
    throw fail(fmt::format("profile version {} is not known (this quartermaster reads version {})", version.dump(), kProfileVersion));
  }
  DiceProfile profile;
  try {
    profile.name = json.value("name", "");
    profile.labels = json.at("labels").get<std::vector<std::string>>();
    if (json.contains("scan")) profile.parameters = parameters_from_json(json.at("scan"));
    profile.reject_distance = json.at("reject_distance").get<double>();
    const auto body = json.at("body_colour").get<std::vector<double>>();
    const bool valid = body.size() == 3 && std::all_of(body.begin(), body.end(), [](double v) { return v > 0 && v <= 1; });
    if (!valid) throw fail("body_colour must be three numbers in (0, 1]");
    profile.body_colour = cv::Scalar(body[0], body[1], body[2]);
    const std::size_t length = static_cast<std::size_t>(3 * profile.parameters.feature_size * profile.parameters.feature_size);
    const std::set<std::string> labels(profile.labels.begin(), profile.labels.end());
    if (labels.size() != profile.labels.size() || labels.size() < 2) throw fail("needs two or more distinct labels");
    if (labels.count("")) throw fail("a label is empty");
    for (const auto& entry : json.at("samples")) {
      FaceSample sample;
      sample.label = entry.at("label").get<std::string>();
      if (!labels.count(sample.label)) throw fail("a sample has the unknown label " + sample.label);
      const std::vector<std::uint8_t> bytes = from_base64(entry.at("features").get<std::string>(), source);
      if (bytes.size() != length)
        throw fail(fmt::format("a sample has {}, {} expected", counted(static_cast<long long>(bytes.size()), "feature"), length));
      sample.features.resize(length);
      std::transform(bytes.begin(), bytes.end(), sample.features.begin(),
                     [](std::uint8_t b) { return static_cast<float>(static_cast<std::int8_t>(b) / kQuantum); });
      profile.samples.push_back(std::move(sample));
    }
  } catch (const nlohmann::json::exception& error) {
    throw fail(std::string("invalid profile: ") + error.what());
  } catch (const InputError& error) {
    if (std::string(error.what()).rfind(source, 0) == 0) throw;
    throw fail(error.what());
  }
  if (!(profile.reject_distance > 0)) throw fail("reject_distance must be positive");
  if (json.contains("pips")) profile.pips = pips_from_json(json.at("pips"), profile.labels, source);
  for (const std::string& label : profile.labels) {
    if (std::none_of(profile.samples.begin(), profile.samples.end(), [&](const FaceSample& s) { return s.label == label; })) {
      throw fail("no sample of the face " + label);
    }
  }
  return profile;
}

std::vector<cv::Scalar> expected_face_colours(const DiceProfile& profile, const Photo& photo) {
  return {profile.body_colour.mul(photo.white_gains), profile.body_colour};
}

DiceProfile load_profile(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::ifstream in(path);
  if (!std::filesystem::is_regular_file(path) || !in) throw InputError(fmt::format("{}: no such profile file", name));
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception&) {
    throw InputError(fmt::format("{}: not a JSON document", name));
  }
  return profile_from_json(json, name);
}

void save_profile(const DiceProfile& profile, const std::filesystem::path& path) {
  std::ofstream out(path);
  out << to_json(profile).dump(1) << '\n';
  if (!out) throw InputError(fmt::format("{}: cannot be written", path.string()));
}

std::filesystem::path builtin_profile_path() {
  return find_data_file(shipped_data("vision"), kBuiltinProfileFile).value_or(std::filesystem::path());
}

DiceProfile load_builtin_profile() {
  const std::filesystem::path path = builtin_profile_path();
  if (path.empty()) {
    throw InputError(fmt::format("the built-in dice profile {} is not installed; pass --profile FILE", kBuiltinProfileFile));
  }
  return load_profile(path);
}

DiceProfile load_profile_or_builtin(const std::string& file) {
  return file.empty() ? load_builtin_profile() : load_profile(file);
}

}  // namespace qm::vision
