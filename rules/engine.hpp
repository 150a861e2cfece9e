#pragma once
// The shape every game engine has (after OpenSpiel): an immutable set of parameters, and a
// mutable State with current_player, legal_actions, apply_action, is_terminal and returns.
// Chance is a player: shuffles and rolls are actions taken by kChancePlayer, sampled from a
// seeded generator, so a whole game is (parameters, action history) and replays exactly.
#include <concepts>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace qm::rules {

inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -2;

// One generator per simulated game; never std::random_device inside the rules.
using Rng = std::mt19937_64;

template <class S>
concept GameState = std::copyable<S> && std::equality_comparable<S> &&
    requires(S state, const S& cstate, const typename S::Action& action, Rng& rng) {
      { cstate.current_player() } -> std::convertible_to<int>;  // kChancePlayer at chance nodes
      { cstate.is_terminal() } -> std::same_as<bool>;
      { cstate.legal_actions() } -> std::same_as<std::vector<typename S::Action>>;  // players' nodes
      { cstate.sample_chance(rng) } -> std::same_as<typename S::Action>;            // chance nodes
      { state.apply_action(action) };  // throws RuleViolation for an illegal action, state unchanged
      { cstate.history() } -> std::same_as<const std::vector<typename S::Action>&>;
      { cstate.returns() } -> std::same_as<std::vector<double>>;  // final score of each seat
      { cstate.check_invariants() } -> std::same_as<std::string>;  // "" when all hold, else what broke
      { cstate.to_string() } -> std::same_as<std::string>;
    };

}  // namespace qm::rules
