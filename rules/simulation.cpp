#include "rules/simulation.hpp"

#include <algorithm>
#include <stdexcept>

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

SimulationRun::SimulationRun(const SimulationRequest& request, const std::string& fallback,
                             const std::vector<std::string>& known)
    : players_(request.players), games_(request.games), seed_(request.seed) {
  if (request.games < 1) throw InputError("simulate at least one game, not " + std::to_string(request.games));
  policies_ = resolve_policies(request.policies, request.players, fallback, known);
}

SimulationSummary SimulationRun::play(const std::function<GameResult(int game, Rng& rng)>& play_game) const {
  SimulationSummary summary;
  summary.policies = policies_;
  const auto seats = static_cast<std::size_t>(players_);
  summary.wins.assign(seats, 0.0);
  summary.mean_final.assign(seats, 0.0);
  double turns = 0;
  for (int game = 0; game < games_; ++game) {
    Rng rng = game_rng(seed_, game);
    const GameResult result = play_game(game, rng);
    if (result.finals.size() != seats) throw std::logic_error("a simulated game gave finals for the wrong number of seats");
    for (std::size_t seat = 0; seat < seats; ++seat) summary.mean_final[seat] += result.finals[seat];
    for (const int seat : result.winners)
      summary.wins.at(static_cast<std::size_t>(seat)) += 1.0 / static_cast<double>(result.winners.size());
    turns += result.turns;
  }
  for (double& final : summary.mean_final) final /= games();
  summary.mean_turns = turns / games();
  return summary;
}

}  // namespace qm::rules
