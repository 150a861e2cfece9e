#include "rules/simulation.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::rules {

std::vector<std::string> resolve_policies(const std::vector<std::string>& names, int players,
                                          const std::string& fallback, const std::vector<std::string>& known) {
  for (const std::string& name : names) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw InputError("unknown policy " + quoted_token(name) + " (known: " + list + ")");
    }
  }
  if (names.empty()) return std::vector<std::string>(static_cast<std::size_t>(players), fallback);
  if (names.size() == 1) return std::vector<std::string>(static_cast<std::size_t>(players), names.front());
  if (static_cast<int>(names.size()) != players)
    throw InputError("give one --policy for every seat or one for all: " + counted(static_cast<long long>(names.size()), "policy") +
                     " for " + counted(players, "player"));
  return names;
}

Rng game_rng(std::uint64_t seed, int index) {
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         static_cast<std::uint32_t>(index)};
  return Rng(sequence);
}

}  // namespace qm::rules
