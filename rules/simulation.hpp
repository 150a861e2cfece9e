#pragma once
// What `quartermaster simulate GAME` asks of an engine and what it gets back (CLI.md,
// Simulation). Each game provides `SimulationSummary simulate(const SimulationRequest&)`.
#include <cstdint>
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

}  // namespace qm::rules
