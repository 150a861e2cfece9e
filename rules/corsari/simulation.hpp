#pragma once
// `quartermaster simulate corsari` (CLI.md, Simulation): complete matches under the full engine.
// Options: `limit` (default 101), `first_dealer` (0), `sail_at` (greedy's threshold, default
// kDefaultSailAt). Policies: random, greedy (default). mean_turns counts deals per match; the
// extra figures hold player turns, void deals, forced sailings and sweeps per match.
// checks: cards_conserved (110 cards in one place each at every step), hands_complete,
// penalties_equal_settlements (each penalty is the sum of its settlements at every step),
// invariants (check_invariants at every step), matches_decided (every match ended with winners).
#include "rules/simulation.hpp"

namespace qm::corsari {

// Throws qm::InputError for a player count outside 2-4, games < 1, an unknown policy or option.
rules::SimulationSummary simulate(const rules::SimulationRequest& request);

}  // namespace qm::corsari
