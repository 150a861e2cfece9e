#pragma once
// What `quartermaster simulate GAME` asks of an engine and what it gets back (CLI.md,
// Simulation). Each game provides `SimulationSummary simulate(const SimulationRequest&)`, built
// on the SimulationRun below: the part of a run every game shares.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/engine.hpp"
#include "rules/game_options.hpp"

namespace qm::rules {

struct SimulationRequest {
  int players = 0;
  int games = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> policies;  // empty, one for every seat, or one per seat
  GameOptions options;
};

struct SimulationSummary {
  std::vector<std::string> policies;   // one per seat, resolved
  std::vector<double> wins;            // per seat; a win shared by k players counts 1/k
  double mean_turns = 0;               // the game's own unit of play (turns, deals, rounds)
  std::vector<double> mean_final;      // per seat: mean final score (penalty for Corsari)
  std::map<std::string, bool> checks;  // invariants verified during the run, each true
  nlohmann::json extra = nlohmann::json::object();  // game-specific figures, merged into the JSON
};

// One policy name per seat: none gives every seat `fallback`, one is used for every seat, and
// otherwise there must be exactly one per seat. Throws InputError for an unknown name or count.
std::vector<std::string> resolve_policies(const std::vector<std::string>& names, int players,
                                          const std::string& fallback, const std::vector<std::string>& known);

// The generator of game number `index` of a run: independent games, reproducible from the seed.
Rng game_rng(std::uint64_t seed, int index);

// What one game of a run leaves for the shared tally. The game's own checks and extra figures
// are gathered by the game itself, in the callable that plays it.
struct GameResult {
  std::vector<double> finals;  // per seat: final score (penalty for Corsari)
  std::vector<int> winners;    // seats; each of k winners counts 1/k of a win; none: nobody won
  double turns = 0;            // the game's own unit of play (turns, deals, rounds)
};

// The set-up of every game's simulate(): the count of games, the policies of the seats, the
// loop over games, the shared wins and the means.
class SimulationRun {
 public:
  // Throws InputError for fewer than one game, and as resolve_policies does. The game checks
  // its player count and options first (CLI.md's --games is 1 or more: this guards callers
  // that are not the CLI).
  SimulationRun(const SimulationRequest& request, const std::string& fallback, const std::vector<std::string>& known);

  const std::vector<std::string>& policies() const { return policies_; }  // one per seat, resolved
  // What a game's own per-game means divide by.
  double games() const { return static_cast<double>(games_); }

  // Plays games 0, 1, ... in order, game i with game_rng(seed, i), and returns the summary with
  // policies, wins, mean_final and mean_turns filled in; checks and extra are the caller's.
  SimulationSummary play(const std::function<GameResult(int game, Rng& rng)>& play_game) const;

 private:
  int players_;
  int games_;
  std::uint64_t seed_;
  std::vector<std::string> policies_;
};

}  // namespace qm::rules
