#pragma once
// The random-simulation test every game engine passes (after OpenSpiel's): many seeded games
// of uniformly random legal moves (chance sampled), checking at every step that
//   - a non-terminal state at a player's node has legal actions,
//   - a copy taken before the move stays as it was while the original moves on (it shares
//     nothing with it), differs from it, and equals it again once it takes the same move,
//   - the game's own invariants hold (cards conserved, totals add up, ...),
//   - the move survives its text form, for an engine whose actions have one (ActionText),
// every `try_every` players' moves that every legal action applies to a copy without a
// RuleViolation and leaves the invariants holding, every `replay_every` steps and at the end
// that replaying the history from the start reproduces the state, and that every game ends
// within max_steps. No engine serialises a whole state (to_string() is for people): a game is
// its history, so the serialisation checked is the actions' text, in which a history can be
// written down and read back.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "rules/engine.hpp"

namespace qm::testing {

// How an engine writes an action as text and reads it back, both in the state the action is
// taken in (the words may name seats or islands). Left empty for an engine without a text form.
template <class S>
struct ActionText {
  std::function<std::string(const S&, const typename S::Action&)> write;
  std::function<typename S::Action(const S&, const std::string&)> read;
};

template <class S>
struct SimulationChecks {
  int max_steps = 100000;
  int replay_every = 50;  // steps between replays of the whole history
  int try_every = 10;     // players' moves between tries of every legal action on a copy
  ActionText<S> text;
};

template <rules::GameState S>
void random_simulation(const std::function<S()>& initial_state, int games, std::uint64_t seed,
                       const SimulationChecks<S>& checks = {}) {
  for (int game = 0; game < games; ++game) {
    rules::Rng rng(seed + static_cast<std::uint64_t>(game));
    S state = initial_state();
    int steps = 0;
    int decisions = 0;  // steps at players' nodes
    while (!state.is_terminal()) {
      INFO("game " << game << " step " << steps << "\n" << state.to_string());
      REQUIRE(steps < checks.max_steps);
      typename S::Action action;
      if (state.current_player() == rules::kChancePlayer) {
        action = state.sample_chance(rng);
      } else {
        const auto legal = state.legal_actions();
        REQUIRE_FALSE(legal.empty());
        if (decisions++ % checks.try_every == 0) {
          for (const auto& each : legal) {
            S copy = state;
            REQUIRE_NOTHROW(copy.apply_action(each));
            REQUIRE(copy.check_invariants() == "");
          }
        }
        action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      }
      if (checks.text.write) {
        const std::string text = checks.text.write(state, action);
        INFO("as text: " << text);
        REQUIRE(checks.text.read(state, text) == action);
      }
      S copy = state;
      const std::string copy_before = copy.to_string();
      state.apply_action(action);
      REQUIRE(copy.to_string() == copy_before);
      REQUIRE_FALSE(copy == state);
      copy.apply_action(action);
      REQUIRE(copy == state);
      const std::string broken = state.check_invariants();
      REQUIRE(broken == "");
      ++steps;
      if (steps % checks.replay_every == 0) {
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
