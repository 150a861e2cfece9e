#pragma once
// Players for simulations (issue: Simulation).
//   random  a uniformly random legal action
//   greedy  displays goods it can sell at a majority on an active island; as captain, passes when
//           its hand size points at the best destination it can still reach; takes the action
//           card with the highest expected VP; adds every combat card in a mutiny; allocates its
//           sales for the most VP given the allocations declared before it; the loader puts back
//           pirate and combat cards first, then its most plentiful good
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/meuterer/state.hpp"

namespace qm::meuterer {

enum class Policy : std::uint8_t { random, greedy };

const std::vector<std::string>& policy_names();  // {"random", "greedy"}
Policy parse_policy(std::string_view name);       // throws InputError

// The action `policy` takes at a player's node. `scratch` holds the legal actions (no allocation).
Action choose_action(const State& state, Policy policy, rules::Rng& rng, ActionList& scratch);

// The greedy player's estimate of what each action card is worth to the seat about to pass.
double expected_role_vp(const State& state, Role card);

}  // namespace qm::meuterer
