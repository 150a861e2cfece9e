#pragma once
// `quartermaster simulate piraten` (CLI.md, Simulation): complete games under the full engine.
//
// Policies: random, cautious, greedy (default greedy; see policies.hpp), and any the caller adds
// from outside the engine (the CLI adds the advisor's `optimal`, which rules/ cannot depend on,
// since advice/ is built on rules/). Options: target, promo,
// pirate_magic (see state.hpp). Game i is seeded with rules::game_rng(seed, i); the same request
// gives bit-identical results. `checks`, each true only if it held in every game of the run:
//   dice_always_eight           after every step, the turn's dice on the table + in hand are eight
//   no_skull_rerolled           skulls on the table never go away, except the sorceress's one, once
//   totals_equal_turn_results   every final total is the sum of the seat's turn scores minus the
//                               Island deductions it suffered, recounted from each finished turn
//   fortune_cards_conserved     no card kind drawn more often than the deck holds between shuffles
//   invariants_hold             State::check_invariants() after every step
//   replay_reproduces           replaying the history rebuilds the final state (every 64th game)
//   winners_reached_target      every winner ended at or above the target, or by pirate magic
// `extra`: how games ended, the share of turns that died or went to the Island, and
// abandoned_games: games still running after 5000 turns (players that lose points on average,
// e.g. four random players, may never reach the target); nobody wins those.
#include <functional>
#include <map>
#include <string>

#include "rules/piraten/state.hpp"
#include "rules/simulation.hpp"

namespace qm::piraten {

// A player policy from outside the engine: its move at a player's node of a game.
using ExternalPolicy = std::function<Action(const State&, rules::Rng&)>;
// By the name typed after --policy.
using ExternalPolicies = std::map<std::string, ExternalPolicy>;

rules::SimulationSummary simulate(const rules::SimulationRequest& request, const ExternalPolicies& external = {});

}  // namespace qm::piraten
