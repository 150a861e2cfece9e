#include "vision/card_profile.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include <fmt/format.h>

#include "data/data_files.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"
#include "vision/card_look.hpp"

namespace qm::vision {

CardGame card_game_from_string(const std::string& name) {
  if (name == "corsari") return CardGame::corsari;
  if (name == "loot") return CardGame::loot;
  throw InputError(fmt::format("unknown card game {} (expected corsari or loot)", quoted_token(name)));
}

std::string to_string(CardGame game) { return game == CardGame::corsari ? "corsari" : "loot"; }

std::string builtin_card_profile_file(CardGame game) { return to_string(game) + "-cards.json"; }

namespace {

constexpr int kFeatureLength = kDigitFeatureSize * kDigitFeatureSize;

constexpr const char* kHexDigits = "0123456789abcdef";

// A lower-case hex digit's value; -1 for any other character.
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

std::string to_hex(const std::vector<float>& features) {
  std::string text;
  text.reserve(features.size());
  for (const float value : features) text += kHexDigits[std::clamp(static_cast<int>(std::lround(value * 15)), 0, 15)];
  return text;
}

std::vector<float> from_hex(const std::string& text, const std::string& source) {
  if (text.size() != static_cast<std::size_t>(kFeatureLength)) {
    throw InputError(fmt::format("{}: a number sample needs {} hex digits", source, kFeatureLength));
  }
  std::vector<float> features;
  features.reserve(text.size());
  for (const char c : text) {
    const int value = hex_value(c);
    if (value < 0) throw InputError(fmt::format("{}: bad hex digit in a number sample", source));
    features.push_back(static_cast<float>(value) / 15.0F);
  }
  return features;
}

// A look, a byte a value (two hex digits): its values lie in 0..1, most below 0.3, which one hex
// digit a value would blur.
std::string look_to_hex(const std::vector<float>& look) {
  std::string text;
  for (const float value : quantised_look(look)) {
    const auto byte = static_cast<int>(std::lround(value * 255));
    text += kHexDigits[byte / 16];
    text += kHexDigits[byte % 16];
  }
  return text;
}

std::vector<float> look_from_hex(const std::string& text, const std::string& source) {
  if (text.size() != static_cast<std::size_t>(2 * kCardLookLength)) {
    throw InputError(fmt::format("{}: a number's look needs {} hex digits", source, 2 * kCardLookLength));
  }
  std::vector<float> look;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int high = hex_value(text[i]);
    const int low = hex_value(text[i + 1]);
    if (high < 0 || low < 0) throw InputError(fmt::format("{}: bad hex digit in a number's look", source));
    look.push_back(static_cast<float>(high * 16 + low) / 255.0F);
  }
  return look;
}

}  // namespace

std::vector<float> quantised_digit_features(const std::vector<float>& features) {
  return from_hex(to_hex(features), "features");
}

CardProfile card_profile_from_json(const nlohmann::json& json, const std::string& source) {
  const auto bad = [&](const std::string& what) { return InputError(fmt::format("{}: not a card profile ({})", source, what)); };
  if (!json.is_object()) throw bad("not a JSON object");
  // Compared as JSON values: a number where the format's string belongs is no card profile.
  if (json.value("format", nlohmann::json()) != kCardProfileFormat) throw bad("format is not quartermaster-card-profile");
  if (json.value("version", nlohmann::json()) != kCardProfileVersion) throw bad("unsupported version");
  CardProfile profile;
  try {
    profile.name = json.value("name", std::string("cards"));
    profile.game = card_game_from_string(json.at("game").get<std::string>());
    profile.min_confidence = json.value("min_confidence", profile.min_confidence);
    for (const auto& entry : json.at("colours")) {
      const auto lab = entry.at("lab").get<std::vector<float>>();
      if (lab.size() != 3) throw bad("a colour needs three Lab values");
      profile.colours.push_back({entry.at("label").get<std::string>(), cv::Vec3f(lab[0], lab[1], lab[2])});
    }
    for (const auto& entry : json.at("numbers")) {
      profile.numbers.push_back({entry.at("label").get<std::string>(), from_hex(entry.at("features").get<std::string>(), source)});
    }
    for (const auto& entry : json.value("corners", nlohmann::json::array())) {
      profile.corners.push_back({entry.at("label").get<std::string>(), from_hex(entry.at("features").get<std::string>(), source)});
    }
    for (const auto& entry : json.value("wholes", nlohmann::json::array())) {
      const auto lab = entry.at("lab").get<std::vector<float>>();
      if (lab.size() != 3) throw bad("a whole card needs three Lab values");
      WholeSample sample{entry.at("label").get<std::string>(), cv::Vec3f(lab[0], lab[1], lab[2]), {}, {}};
      if (const std::string hex = entry.value("features", std::string()); !hex.empty()) sample.features = from_hex(hex, source);
      if (const std::string hex = entry.value("corner", std::string()); !hex.empty()) sample.corner = from_hex(hex, source);
      profile.wholes.push_back(std::move(sample));
    }
    for (const auto& entry : json.value("looks", nlohmann::json::array())) {
      profile.looks.push_back({entry.at("label").get<std::string>(), look_from_hex(entry.at("look").get<std::string>(), source)});
    }
    profile.numbers_by_look = json.value("numbers_by_look", false);
    profile.look_max_distance = json.value("look_max_distance", 0.0);
    profile.labels = json.value("labels", std::vector<std::string>());
  } catch (const nlohmann::json::exception& error) {
    throw bad(error.what());
  }
  if ((profile.colours.empty() || profile.numbers.empty()) && profile.wholes.empty()) throw bad("no colour, number or whole samples");
  if (!(profile.min_confidence >= 0 && profile.min_confidence < 1)) throw bad("min_confidence outside 0..1");
  if (!(profile.look_max_distance >= 0)) throw bad("look_max_distance below 0");
  return profile;
}

nlohmann::json to_json(const CardProfile& profile) {
  const auto lab_of = [](const cv::Vec3f& lab) {
    const auto round1 = [](float v) { return std::round(v * 10.0) / 10.0; };
    return nlohmann::json{round1(lab[0]), round1(lab[1]), round1(lab[2])};
  };
  nlohmann::json colours = nlohmann::json::array();
  for (const ColourSample& sample : profile.colours) colours.push_back({{"label", sample.label}, {"lab", lab_of(sample.lab)}});
  const auto shapes = [](const std::vector<NumberSample>& samples) {
    nlohmann::json list = nlohmann::json::array();
    for (const NumberSample& sample : samples) list.push_back({{"label", sample.label}, {"features", to_hex(sample.features)}});
    return list;
  };
  nlohmann::json wholes = nlohmann::json::array();
  for (const WholeSample& sample : profile.wholes) {
    wholes.push_back({{"label", sample.label}, {"lab", lab_of(sample.lab)}, {"features", to_hex(sample.features)},
                      {"corner", to_hex(sample.corner)}});
  }
  nlohmann::json json = {{"format", kCardProfileFormat}, {"version", kCardProfileVersion},  {"name", profile.name},
                         {"game", to_string(profile.game)}, {"min_confidence", profile.min_confidence},
                         {"colours", colours},            {"numbers", shapes(profile.numbers)}};
  if (!profile.labels.empty()) json["labels"] = profile.labels;
  if (!profile.corners.empty()) json["corners"] = shapes(profile.corners);
  if (!profile.wholes.empty()) json["wholes"] = wholes;
  if (profile.numbers_by_look) json["numbers_by_look"] = true;
  if (profile.look_max_distance > 0) json["look_max_distance"] = std::round(profile.look_max_distance * 1000.0) / 1000.0;
  if (!profile.looks.empty()) {
    json["looks"] = nlohmann::json::array();
    for (const NumberSample& sample : profile.looks) json["looks"].push_back({{"label", sample.label}, {"look", look_to_hex(sample.features)}});
  }
  return json;
}

void require_game(const CardProfile& profile, CardGame game, const std::string& source) {
  if (profile.game != game) {
    throw InputError(fmt::format("{}: the profile {} is for {} cards, not {}", source, quoted_token(profile.name),
                                 to_string(profile.game), to_string(game)));
  }
}

CardProfile load_card_profile(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("{}: cannot read the card profile", path.string()));
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception&) {
    throw InputError(fmt::format("{}: not a card profile (invalid JSON)", path.string()));
  }
  return card_profile_from_json(json, path.string());
}

void save_card_profile(const CardProfile& profile, const std::filesystem::path& path) {
  std::ofstream out(path);
  if (!out) throw InputError(fmt::format("{}: cannot write the card profile", path.string()));
  // One sample per line: diffable and still small.
  const nlohmann::json json = to_json(profile);
  out << "{\"format\": " << json["format"].dump() << ", \"version\": " << json["version"].dump()
      << ", \"name\": " << json["name"].dump() << ", \"game\": " << json["game"].dump()
      << ", \"min_confidence\": " << json["min_confidence"].dump();
  if (json.contains("numbers_by_look")) out << ", \"numbers_by_look\": true";
  if (json.contains("look_max_distance")) out << ", \"look_max_distance\": " << json["look_max_distance"].dump();
  if (json.contains("labels")) out << ",\n\"labels\": " << json["labels"].dump();
  for (const char* list : {"colours", "numbers", "corners", "wholes", "looks"}) {
    if (!json.contains(list)) continue;
    out << ",\n\"" << list << "\": [\n";
    for (std::size_t i = 0; i < json[list].size(); ++i) out << (i ? ",\n" : "") << json[list][i].dump();
    out << "]";
  }
  out << "}\n";
  if (!out) throw InputError(fmt::format("{}: cannot write the card profile", path.string()));
}

std::filesystem::path builtin_card_profile_path(CardGame game) {
  const std::string file = builtin_card_profile_file(game);
  if (const auto found = find_data_file(shipped_data("vision"), file)) return *found;
  throw InputError(fmt::format("no built-in card profile for {} ({} not found); calibrate one with "
                               "'quartermaster calibrate cards DIR --out FILE'",
                               to_string(game), file));
}

CardProfile load_builtin_card_profile(CardGame game) { return load_card_profile(builtin_card_profile_path(game)); }

CardProfile load_card_profile_for(CardGame game, const std::string& file) {
  const CardProfile profile = file.empty() ? load_builtin_card_profile(game) : load_card_profile(file);
  require_game(profile, game, file.empty() ? "the built-in profile" : file);
  return profile;
}

}  // namespace qm::vision
