#pragma once
// Game options (RULINGS.md: "anything a table may reasonably play differently is a game
// option with the ruling as its default"), given as key=value pairs on the command line or in
// `new GAME ... --option k=v`. Each engine reads the keys it knows; a key nobody read is an error,
// so a typo never silently plays the default.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace qm::rules {

class GameOptions {
 public:
  GameOptions() = default;
  explicit GameOptions(std::map<std::string, std::string> values) : values_(std::move(values)) {}
  // Parses "key=value" strings; a bare "key" means key=true. Throws InputError on a malformed pair.
  static GameOptions parse(const std::vector<std::string>& pairs);

  int get_int(const std::string& key, int fallback, int min, int max) const;
  double get_double(const std::string& key, double fallback, double min, double max) const;
  bool get_bool(const std::string& key, bool fallback) const;
  std::string get_string(const std::string& key, const std::string& fallback,
                         const std::vector<std::string>& allowed) const;
  void set(const std::string& key, const std::string& value) { values_[key] = value; }
  bool has(const std::string& key) const { return values_.count(key) != 0; }

  // Throws InputError naming the first key that no get_* asked for.
  void reject_unknown(const std::string& game) const;
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> read_;
};

}  // namespace qm::rules
