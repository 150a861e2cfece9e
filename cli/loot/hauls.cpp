// Reading what players say at the end of a game of Loot: NAME=CARDS lists and teams.
#include "cli/loot/hauls.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {

bool same_name(const std::string& a, const std::string& b) { return notation::folded(a) == notation::folded(b); }

std::vector<NamedCards> parse_named_cards(const std::vector<std::string>& words, const std::string& what) {
  std::vector<NamedCards> out;
  NamedCards* current = nullptr;
  for (const std::string& word : words) {
    const auto equals = word.find('=');
    std::string cards = word;
    if (equals != std::string::npos) {
      const std::string name = word.substr(0, equals);
      if (name.empty()) throw InputError(what + ": " + quoted_token(word) + " has no player name before '='");
      cards = word.substr(equals + 1);
      auto same = std::find_if(out.begin(), out.end(), [&](const NamedCards& n) { return same_name(n.name, name); });
      if (same == out.end()) {
        out.push_back({name, {}});
        same = out.end() - 1;
      }
      current = &*same;
    } else if (current == nullptr) {
      throw InputError(what + ": " + quoted_token(word) + " should be NAME=CARDS, e.g. Ann=m5,m3");
    }
    for (const qm::loot::Card& card : notation::parse_loot_cards({cards})) current->cards.push_back(card);
  }
  return out;
}

std::vector<std::vector<std::string>> parse_teams(const std::vector<std::string>& words) {
  std::vector<std::vector<std::string>> teams;
  std::vector<std::string> single;  // single names, paired in the order given
  for (const std::string& word : words) {
    // A value holding '+' lists teams (Ann+Cy,Bob+Dee); otherwise it is one team (Ann,Cy) or one name.
    if (word.find('+') != std::string::npos) {
      for (const std::string& pair : notation::split_list(word)) {
        std::string names = pair;
        std::replace(names.begin(), names.end(), '+', ',');
        teams.push_back(notation::split_list(names));
      }
      continue;
    }
    const std::vector<std::string> names = notation::split_list(word);
    if (names.size() == 1) {
      single.push_back(names.front());
      if (single.size() == 2) {
        teams.push_back(single);
        single.clear();
      }
    } else if (!names.empty()) {
      teams.push_back(names);
    }
  }
  if (!single.empty()) throw InputError("team " + quoted_token(single.front()) + " needs two partners, e.g. Ann+Cy");
  for (const auto& team : teams)
    if (team.size() != 2)
      throw InputError(fmt::format("a Loot team is two partners, not {} ({}...)", team.size(),
                                   quoted_token(team.empty() ? std::string() : team.front())));
  return teams;
}

}  // namespace qm::cli::loot_cli
