#include "rules/loot/simulation.hpp"

namespace qm::loot {

State play_game(const Setup& setup, std::span<const Policy> policies, rules::Rng& rng, GameChecks* checks) {
  State state(setup);
  ActionList legal;
  while (!state.is_terminal()) {
    const int seat = state.current_player();
    if (seat == rules::kChancePlayer) {
      state.apply_action(state.sample_chance(rng));
    } else {
      state.legal_actions(legal);
      state.apply_action(choose_action(policies[static_cast<std::size_t>(seat)], state, legal, rng));
    }
    if (checks == nullptr) continue;
    checks->gold_conserved = checks->gold_conserved && state.check_gold().empty();
    checks->cards_conserved = checks->cards_conserved && state.check_cards().empty();
    checks->battles_consistent = checks->battles_consistent && state.board().check_invariants().empty();
  }
  return state;
}

namespace {

struct RunTally {
  GameChecks checks;
  bool games_ended = true;
  bool totals_match = true;
  double captured = 0;
  double lost = 0;
  double in_hands = 0;

  void merge(const RunTally& o) {
    checks.gold_conserved = checks.gold_conserved && o.checks.gold_conserved;
    checks.cards_conserved = checks.cards_conserved && o.checks.cards_conserved;
    checks.battles_consistent = checks.battles_consistent && o.checks.battles_consistent;
    games_ended = games_ended && o.games_ended;
    totals_match = totals_match && o.totals_match;
    captured += o.captured;
    lost += o.lost;
    in_hands += o.in_hands;
  }
};

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request) {
  const Setup setup = setup_from_options(request.players, request.options);
  request.options.reject_unknown("loot");
  const rules::SimulationRun run(request, "random", policy_names());
  std::vector<Policy> policies;
  for (const std::string& name : run.policies()) policies.push_back(policy_named(name));

  const auto play_one = [&](int, rules::Rng& rng, RunTally& tally) {
    auto& [checks, games_ended, totals_match, captured, lost, in_hands] = tally;
    const State state = play_game(setup, policies, rng, &checks);
    const Board& board = state.board();

    // RULINGS.md, Loot: End: the deck is empty and a hand (in teams: a team's two hands) is empty.
    bool end_condition = false;
    for (int side = 0; side < board.side_count(); ++side) {
      bool empty = true;
      for (const int seat : board.members(side)) empty = empty && board.hand_size(seat) == 0;
      end_condition = end_condition || empty;
    }
    games_ended = games_ended && state.is_terminal() && board.deck_size() == 0 && end_condition && board.gold_at_sea() == 0;

    const FinalTotals totals = state.final_totals();
    rules::GameResult result{{}, state.winners(), static_cast<double>(board.turns())};
    std::vector<std::string> winner_names;
    for (const int seat : result.winners) winner_names.push_back(board.name(seat));
    totals_match = totals_match && totals.winners == winner_names;
    for (int seat = 0; seat < request.players; ++seat) {
      const int score = state.score(seat);
      totals_match = totals_match && totals.players[static_cast<std::size_t>(seat)].total == score;
      result.finals.push_back(score);
      in_hands += state.hand_gold(seat);
    }
    captured += board.captured_gold_total();
    lost += board.lost_gold();
    return result;
  };
  RunTally total;
  rules::SimulationSummary summary = run.play(play_one, total);
  const auto& [checks, games_ended, totals_match, captured, lost, in_hands] = total;
  const double games = run.games();
  summary.checks = {{"gold_conserved", checks.gold_conserved},
                    {"cards_conserved", checks.cards_conserved},
                    {"battles_consistent", checks.battles_consistent},
                    {"games_ended", games_ended},
                    {"totals_match_scoring", totals_match}};
  nlohmann::json teams = nlohmann::json::array();
  for (const auto& [a, b] : setup.teams) teams.push_back({a + 1, b + 1});
  summary.extra = {{"teams", teams},
                   {"mean_captured_gold", captured / games},
                   {"mean_lost_gold", lost / games},
                   {"mean_gold_in_hands", in_hands / games}};
  return summary;
}

}  // namespace qm::loot
