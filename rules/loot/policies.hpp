#pragma once
// Players for the simulation (issue item 5). Both see only what their seat may see: the
// public board and their own hand.
//   random  a legal move chosen uniformly.
//   greedy  defends with the admiral a merchant of its own worth 5 or more that it would
//           otherwise lose; else attacks the most valuable merchant it can win with one card
//           (the weakest pirate ship that wins, or a captain); else floats its most valuable
//           merchant when it holds pirates, captains or the admiral to defend it (or always,
//           once the deck is empty); else draws; with the deck empty and nothing better,
//           reinforces or discards its weakest card.
#include <string>
#include <string_view>
#include <vector>

#include "rules/engine.hpp"
#include "rules/loot/state.hpp"

namespace qm::loot {

enum class Policy : std::uint8_t { random, greedy };

const std::vector<std::string>& policy_names();  // {"random", "greedy"}
Policy policy_named(std::string_view name);       // throws InputError for an unknown name

// One of `legal` (the legal actions of the state, not empty) for the seat to move.
Action choose_action(Policy policy, const State& state, const ActionList& legal, rules::Rng& rng);

}  // namespace qm::loot
