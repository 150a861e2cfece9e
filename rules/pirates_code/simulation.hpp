#pragma once
// `quartermaster simulate pirates-code` (CLI.md, Simulation): complete games under the rule
// engine with the policies of policies.hpp (default: deducer for every seat), options as in
// game.hpp.
//
// checks (each true only if it held at every step of every game):
//   cards_conserved         14 (three players) or 18 (four) cards, each number in one place
//   no_hand_empty           no action ever left a player without cards
//   winning_guess_is_code   a guess judged "don't have" by everyone was the code
//   notebooks_hold_truth    every deducer's notebook allowed the true placement, no contradiction
//   games_finished          every game ended within the step limit
//   rule_invariants         State::check_invariants held after every action
// extra: "win_rate_by_policy" (share of games won by the seats of each policy),
// "deducer_vs_random" (when both play: the deducers' share of wins and their share of seats),
// "mean_actions" and "mean_guesses" per game.
#include "rules/simulation.hpp"

namespace qm::pirates_code {

// Throws InputError for a bad player count, fewer than one game, an unknown policy or option.
rules::SimulationSummary simulate(const rules::SimulationRequest& request);

}  // namespace qm::pirates_code
