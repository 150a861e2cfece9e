#pragma once
// `quartermaster simulate meuterer` (CLI.md, Simulation): complete games under the rule engine.
//
// Options (besides the game options of state.hpp: pirate, rounds, merchant_four_way):
//   data=DIR   read DIR/components.json instead of the default data (default_data_dir()).
// Policies: random (default), greedy (policies.hpp).
// `mean_turns` counts rounds. `checks`, each verified in every game of the run:
//   cards_conserved            every card of the deck is somewhere, at every round's end
//   invariants                 State::check_invariants() at every round's end
//   vp_equal_sum_of_rounds     each final VP equals the sum of its round results
//   rounds_agree_with_scorer   each round's VP, recomputed by score_round() from the table, agree
//   round_count                every game lasted the configured number of rounds
// `extra`: mutinies, successful_mutinies and pirate_raids per game, mean winning VP.
#include <memory>

#include "rules/meuterer/components.hpp"
#include "rules/simulation.hpp"

namespace qm::meuterer {

rules::SimulationSummary simulate(const rules::SimulationRequest& request);
rules::SimulationSummary simulate(const rules::SimulationRequest& request, std::shared_ptr<const Components> components);

}  // namespace qm::meuterer
