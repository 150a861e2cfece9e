#pragma once
// What the games' simulation tests ask of simulate(): a request built from its parts.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/simulation.hpp"

namespace qm::testing {

inline rules::SimulationRequest simulation_request(int players, int games, std::uint64_t seed,
                                                   std::vector<std::string> policies = {},
                                                   const std::vector<std::string>& options = {}) {
  rules::SimulationRequest request;
  request.players = players;
  request.games = games;
  request.seed = seed;
  request.policies = std::move(policies);
  request.options = rules::GameOptions::parse(options);
  return request;
}

}  // namespace qm::testing
