#include "rules/game_options.hpp"

#include <algorithm>
#include <charconv>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::rules {

GameOptions GameOptions::parse(const std::vector<std::string>& pairs) {
  std::map<std::string, std::string> values;
  for (const std::string& pair : pairs) {
    const auto equals = pair.find('=');
    std::string key = notation::folded(pair.substr(0, equals));
    std::replace(key.begin(), key.end(), '-', '_');
    std::string value = equals == std::string::npos ? "true" : pair.substr(equals + 1);
    if (key.empty()) throw InputError("bad option " + quoted_token(pair) + " (expected key=value)");
    if (value.empty()) throw InputError("option " + quoted_token(key) + " has no value");
    values[key] = value;
  }
  return GameOptions(std::move(values));
}

int GameOptions::get_int(const std::string& key, int fallback, int min, int max) const {
  read_.insert(key);
  const auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  int value = 0;
  const std::string& text = it->second;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size())
    throw InputError("option " + key + "=" + quoted_token(text) + " is not a whole number");
  if (value < min || value > max)
    throw InputError("option " + key + "=" + text + " is out of range (" + std::to_string(min) + " to " +
                     std::to_string(max) + ")");
  return value;
}

double GameOptions::get_double(const std::string& key, double fallback, double min, double max) const {
  read_.insert(key);
  const auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  double value = 0;
  const std::string& text = it->second;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size())
    throw InputError("option " + key + "=" + quoted_token(text) + " is not a number");
  if (value < min || value > max)
    throw InputError("option " + key + "=" + text + " is out of range (" + std::to_string(min) + " to " +
                     std::to_string(max) + ")");
  return value;
}

bool GameOptions::get_bool(const std::string& key, bool fallback) const {
  read_.insert(key);
  const auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  const std::string text = notation::folded(it->second);
  if (text == "true" || text == "on" || text == "yes" || text == "1") return true;
  if (text == "false" || text == "off" || text == "no" || text == "0") return false;
  throw InputError("option " + key + "=" + quoted_token(it->second) + " is not on/off");
}

std::string GameOptions::get_string(const std::string& key, const std::string& fallback,
                                    const std::vector<std::string>& allowed) const {
  read_.insert(key);
  const auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), it->second) == allowed.end()) {
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw InputError("option " + key + "=" + quoted_token(it->second) + " is not one of: " + list);
  }
  return it->second;
}

void GameOptions::reject_unknown(const std::string& game) const {
  for (const auto& [key, value] : values_)
    if (!read_.count(key)) throw InputError("unknown option " + quoted_token(key) + " for " + game);
}

}  // namespace qm::rules
