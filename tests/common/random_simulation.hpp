#pragma once
// The random-simulation test every game engine passes (after OpenSpiel's): many seeded games
// of uniformly random legal moves, checking at every step that
//   - a non-terminal state at a player's node has legal actions,
//   - every legal action applies without a RuleViolation,
//   - a copy equals the original and replaying the history from the start reproduces it,
//   - the game's own invariants hold (cards conserved, totals add up, ...),
// and that every game ends within max_steps.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "rules/engine.hpp"

namespace qm::testing {

template <rules::GameState S>
void random_simulation(const std::function<S()>& initial_state, int games, std::uint64_t seed,
                       int max_steps = 100000, int replay_every = 50) {
  for (int game = 0; game < games; ++game) {
    rules::Rng rng(seed + static_cast<std::uint64_t>(game));
    S state = initial_state();
    int steps = 0;
    while (!state.is_terminal()) {
      INFO("game " << game << " step " << steps << "\n" << state.to_string());
      REQUIRE(steps < max_steps);
      typename S::Action action;
      if (state.current_player() == rules::kChancePlayer) {
        action = state.sample_chance(rng);
      } else {
        const auto legal = state.legal_actions();
        REQUIRE_FALSE(legal.empty());
        action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      }
      const S before = state;
      REQUIRE(before == state);
      state.apply_action(action);
      const std::string broken = state.check_invariants();
      REQUIRE(broken == "");
      ++steps;
      if (steps % replay_every == 0) {
        S replayed = initial_state();
        for (const auto& past : state.history()) replayed.apply_action(past);
        REQUIRE(replayed == state);
      }
    }
    S replayed = initial_state();
    for (const auto& past : state.history()) replayed.apply_action(past);
    REQUIRE(replayed == state);
    REQUIRE(state.returns().size() > 0);
  }
}

}  // namespace qm::testing
