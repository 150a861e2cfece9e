#pragma once
// `quartermaster simulate loot` (CLI.md, Simulation): complete games under the full engine.
//   request.players  2-5, or 4/6/8 with the option teams=on (or a layout, see setup.hpp)
//   policies         random (default), greedy (policies.hpp)
//   wins             per seat; a win shared by k players (a team's win: both partners) counts 1/k
//   mean_turns       player turns per game (a draw is one turn)
//   mean_final       per seat: captured gold - gold in hand
//   checks           gold_conserved, cards_conserved, battles_consistent (after every action),
//                    games_ended (deck empty and a hand, or a team's hands, empty),
//                    totals_match_scoring (the engine's scores equal scoring/loot/final_totals)
//   extra            mean_captured_gold, mean_lost_gold, mean_gold_in_hands
#include <span>

#include "rules/loot/policies.hpp"
#include "rules/loot/setup.hpp"
#include "rules/loot/state.hpp"
#include "rules/simulation.hpp"

namespace qm::loot {

// Throws InputError for a bad player count, fewer than one game, an unknown policy or option.
rules::SimulationSummary simulate(const rules::SimulationRequest& request);

// What held during one game, checked after every action when asked for.
struct GameChecks {
  bool gold_conserved = true;
  bool cards_conserved = true;
  bool battles_consistent = true;
};

// One complete game, seat i played by policies[i]; the final state. `checks` (if given) is
// verified after every action, which costs time: the benchmark measures both ways.
State play_game(const Setup& setup, std::span<const Policy> policies, rules::Rng& rng, GameChecks* checks = nullptr);

}  // namespace qm::loot
