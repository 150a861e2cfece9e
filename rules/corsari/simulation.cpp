#include "rules/corsari/simulation.hpp"

#include "rules/corsari/policies.hpp"
#include "rules/corsari/state.hpp"
#include "scoring/input_error.hpp"

namespace qm::corsari {
namespace {

// No match of these rules comes near this; reaching it means the engine stalled.
constexpr int kStepCap = 1'000'000;

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request) {
  const Rules rules = Rules::from_options(request.players, request.options);
  const int sail_at = request.options.get_int("sail_at", kDefaultSailAt, 0, kMaxNumber * kHandSize);
  request.options.reject_unknown("corsari");
  if (request.games < 1) throw InputError("simulate at least one game, not " + std::to_string(request.games));

  rules::SimulationSummary summary;
  summary.policies = rules::resolve_policies(request.policies, request.players, "greedy", policy_names());
  std::vector<Policy> policies;
  for (const std::string& name : summary.policies) policies.push_back(make_policy(name, sail_at));

  const auto seats = static_cast<std::size_t>(request.players);
  summary.wins.assign(seats, 0.0);
  summary.mean_final.assign(seats, 0.0);
  bool cards_conserved = true;
  bool hands_complete = true;
  bool penalties_add_up = true;
  bool invariants = true;
  bool decided = true;
  double deals = 0, turns = 0, voids = 0, forced = 0, sweeps = 0;

  for (int game = 0; game < request.games; ++game) {
    rules::Rng rng = rules::game_rng(request.seed, game);
    State state(rules);
    int steps = 0;
    while (!state.is_terminal() && steps < kStepCap) {
      if (state.current_player() == rules::kChancePlayer) {
        state.apply_action(state.sample_chance(rng));
      } else {
        const Action action = policies[static_cast<std::size_t>(state.current_player())].choose(state, rng);
        const bool deal_ends = action.kind == Action::Kind::sail;
        state.apply_action(action);
        if (deal_ends) {
          forced += state.last_deal().forced ? 1 : 0;
          sweeps += state.last_deal().score.sweep ? 1 : 0;
        }
      }
      ++steps;
      cards_conserved = cards_conserved && state.cards_conserved();
      hands_complete = hands_complete && state.hands_complete();
      penalties_add_up = penalties_add_up && state.match().check().empty();
      invariants = invariants && state.check_invariants().empty();
    }
    const Match& match = state.match();
    decided = decided && state.is_terminal() && !match.winners().empty();
    for (const int seat : match.winners())
      summary.wins[static_cast<std::size_t>(seat)] += 1.0 / static_cast<double>(match.winners().size());
    for (std::size_t seat = 0; seat < seats; ++seat)
      summary.mean_final[seat] += match.penalty(static_cast<int>(seat));
    deals += static_cast<double>(match.deals().size());
    turns += state.turns();
    for (const DealRecord& deal : match.deals()) voids += deal.sailor < 0 ? 1 : 0;
  }

  const double games = request.games;
  for (double& final : summary.mean_final) final /= games;
  summary.mean_turns = deals / games;
  summary.checks = {{"cards_conserved", cards_conserved},
                    {"hands_complete", hands_complete},
                    {"penalties_equal_settlements", penalties_add_up},
                    {"invariants", invariants},
                    {"matches_decided", decided}};
  summary.extra = {{"turn_unit", "deals"},
                   {"limit", rules.limit},
                   {"sail_at", sail_at},
                   {"mean_player_turns", turns / games},
                   {"mean_void_deals", voids / games},
                   {"mean_forced_sailings", forced / games},
                   {"mean_sweeps", sweeps / games}};
  return summary;
}

}  // namespace qm::corsari
