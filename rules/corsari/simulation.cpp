#include "rules/corsari/simulation.hpp"

#include "rules/corsari/policies.hpp"
#include "rules/corsari/state.hpp"

namespace qm::corsari {
namespace {

// No match of these rules comes near this; reaching it means the engine stalled.
constexpr int kStepCap = 1'000'000;

struct RunTally {
  bool cards_conserved = true;
  bool hands_complete = true;
  bool penalties_add_up = true;
  bool invariants = true;
  bool decided = true;
  double turns = 0, voids = 0, forced = 0, sweeps = 0;

  void merge(const RunTally& o) {
    cards_conserved = cards_conserved && o.cards_conserved;
    hands_complete = hands_complete && o.hands_complete;
    penalties_add_up = penalties_add_up && o.penalties_add_up;
    invariants = invariants && o.invariants;
    decided = decided && o.decided;
    turns += o.turns;
    voids += o.voids;
    forced += o.forced;
    sweeps += o.sweeps;
  }
};

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request) {
  const Rules rules = Rules::from_options(request.players, request.options);
  const int sail_at = request.options.get_int("sail_at", kDefaultSailAt, 0, kMaxNumber * kHandSize);
  request.options.reject_unknown("corsari");
  const rules::SimulationRun run(request, "greedy", policy_names());
  std::vector<Policy> policies;
  for (const std::string& name : run.policies()) policies.push_back(make_policy(name, sail_at));

  const auto play_game = [&](int, rules::Rng& rng, RunTally& tally) {
    auto& [cards_conserved, hands_complete, penalties_add_up, invariants, decided, turns, voids, forced, sweeps] = tally;
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
      // check_invariants() runs every named check: when it holds, each of them held, and only
      // a broken step asks them one by one which broke.
      if (!state.check_invariants().empty()) {
        invariants = false;
        cards_conserved = cards_conserved && state.cards_conserved();
        hands_complete = hands_complete && state.hands_complete();
        penalties_add_up = penalties_add_up && state.match().check().empty();
      }
    }
    const Match& match = state.match();
    decided = decided && state.is_terminal() && !match.winners().empty();
    turns += state.turns();
    for (const DealRecord& deal : match.deals()) voids += deal.sailor < 0 ? 1 : 0;
    rules::GameResult result{{}, match.winners(), static_cast<double>(match.deals().size())};
    for (int seat = 0; seat < request.players; ++seat) result.finals.push_back(match.penalty(seat));
    return result;
  };
  RunTally total;
  rules::SimulationSummary summary = run.play(play_game, total);
  const auto& [cards_conserved, hands_complete, penalties_add_up, invariants, decided, turns, voids, forced, sweeps] = total;

  const double games = run.games();
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
