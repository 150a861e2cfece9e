#pragma once
// What a calibration's cross-validation read a label as, when not as itself: the dice and the
// cards reports list them alike, in words and in JSON.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "scoring/wording.hpp"

namespace qm::vision {

struct Confusion {
  std::string truth;
  std::string guess;
  int count = 0;
};

// "  red7 taken for pink7 2 times", one line each.
inline std::string confusion_lines(const std::vector<Confusion>& confusions) {
  std::string text;
  for (const Confusion& c : confusions) text += fmt::format("  {} taken for {} {}\n", c.truth, c.guess, counted(c.count, "time"));
  return text;
}

inline nlohmann::json to_json(const std::vector<Confusion>& confusions) {
  nlohmann::json list = nlohmann::json::array();
  for (const Confusion& c : confusions) list.push_back({{"truth", c.truth}, {"guess", c.guess}, {"count", c.count}});
  return list;
}

}  // namespace qm::vision
