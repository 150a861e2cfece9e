#include "rules/piraten/simulation.hpp"

#include "rules/piraten/state.hpp"
#include "rules/piraten/policies.hpp"

namespace qm::piraten {
namespace {

constexpr int kReplayEvery = 64;  // replaying is the slow check: every 64th game
// Players who lose points on average (random play) may never reach the target: such a game is
// abandoned after this many turns, counted in extra.abandoned_games and won by nobody.
constexpr int kMaxTurns = 5000;

struct RunChecks {
  bool dice_always_eight = true;
  bool no_skull_rerolled = true;
  bool totals_equal_turn_results = true;
  bool fortune_cards_conserved = true;
  bool invariants_hold = true;
  bool replay_reproduces = true;
  bool winners_reached_target = true;

  void merge(const RunChecks& o) {
    dice_always_eight = dice_always_eight && o.dice_always_eight;
    no_skull_rerolled = no_skull_rerolled && o.no_skull_rerolled;
    totals_equal_turn_results = totals_equal_turn_results && o.totals_equal_turn_results;
    fortune_cards_conserved = fortune_cards_conserved && o.fortune_cards_conserved;
    invariants_hold = invariants_hold && o.invariants_hold;
    replay_reproduces = replay_reproduces && o.replay_reproduces;
    winners_reached_target = winners_reached_target && o.winners_reached_target;
  }
};

struct RunCounts {
  long turns = 0;
  long died = 0;
  long island = 0;
  long normal = 0;
  long after_cancel = 0;
  long pirate_magic = 0;
  long cancelled_last_rounds = 0;
  long abandoned = 0;

  void merge(const RunCounts& o) {
    turns += o.turns;
    died += o.died;
    island += o.island;
    normal += o.normal;
    after_cancel += o.after_cancel;
    pirate_magic += o.pirate_magic;
    cancelled_last_rounds += o.cancelled_last_rounds;
    abandoned += o.abandoned;
  }
};

struct RunTally {
  RunChecks checks;
  RunCounts counts;

  void merge(const RunTally& chunk) {
    checks.merge(chunk.checks);
    counts.merge(chunk.counts);
  }
};

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request, const ExternalPolicies& external) {
  const Options options = Options::read(request.options, request.players);
  request.options.reject_unknown("piraten");
  std::vector<std::string> known = policy_names();
  for (const auto& [name, policy] : external) known.push_back(name);
  const rules::SimulationRun run(request, "greedy", known);
  const Players players;
  std::vector<ExternalPolicy> seats;
  for (const std::string& name : run.policies()) {
    if (const auto found = external.find(name); found != external.end()) {
      seats.push_back(found->second);
    } else {
      seats.push_back([&players, policy = parse_policy(name)](const State& state, rules::Rng& rng) {
        return players.choose(policy, state, rng);
      });
    }
  }
  const int seat_count = options.players;
  const CardCounts full_deck = fortune_deck(options.promo);

  RunTally total;
  const auto play_game = [&](int game, rules::Rng& rng, RunTally& tally) {
    RunChecks& checks = tally.checks;
    RunCounts& counts = tally.counts;
    State state(options);
    std::vector<long> recount(static_cast<std::size_t>(seat_count), 0);
    CardCounts drawn{};  // since the last shuffle, counted here and not by the engine
    bool cancelled_seen = false;
    while (!state.is_terminal() && state.turns_played() < kMaxTurns) {
      const bool chance = state.current_player() == rules::kChancePlayer;
      const Action action = chance ? state.sample_chance(rng) : seats[static_cast<std::size_t>(state.seat())](state, rng);
      const int skulls_before = state.turn_in_progress() ? state.turn().dice[kSkull] : 0;
      const bool sorceress_could = state.turn_in_progress() && state.turn().sorceress_available();
      const int turns_before = state.turns_played();
      if (action.kind == ActionKind::draw) {
        if (card_total(drawn) == card_total(full_deck)) drawn = {};
        const int kind = static_cast<int>(action.card);
        if (++drawn[kind] > full_deck[kind]) checks.fortune_cards_conserved = false;
      }

      state.apply_action(action);

      if (state.check_invariants() != "") checks.invariants_hold = false;
      if (state.turn_in_progress()) {
        const Turn& turn = state.turn();
        if (dice_total(turn.dice) + turn.in_hand != kDiceCount) checks.dice_always_eight = false;
        const int skulls_after = turn.dice[kSkull];
        const bool sorceress_took_one = action.kind == ActionKind::reroll && sorceress_could && skulls_after == skulls_before - 1;
        if (action.kind != ActionKind::draw && skulls_after < skulls_before && !sorceress_took_one)
          checks.no_skull_rerolled = false;
      }
      if (state.last_round_cancelled() && !cancelled_seen) {
        cancelled_seen = true;
        ++counts.cancelled_last_rounds;
      }
      if (state.turns_played() != turns_before) {
        // A turn ended: recount its result from the final table.
        const TurnRecord& record = state.last_turn();
        if (dice_total(record.turn.dice) != kDiceCount) checks.dice_always_eight = false;
        const TurnPoints points = score_points(record.turn.card, record.turn.dice, record.turn.chest, record.turn.skull_island);
        for (int seat = 0; seat < seat_count; ++seat)
          recount[static_cast<std::size_t>(seat)] += seat == record.seat ? points.score : -points.deduction;
        ++counts.turns;
        if (record.turn.died()) ++counts.died;
        if (record.turn.skull_island) ++counts.island;
      }
    }

    rules::GameResult result{{}, state.winners(), static_cast<double>(state.turns_played())};
    for (int seat = 0; seat < seat_count; ++seat) {
      if (recount[static_cast<std::size_t>(seat)] != state.total(seat)) checks.totals_equal_turn_results = false;
      result.finals.push_back(state.total(seat));
    }
    for (const int winner : result.winners)
      if (state.total(winner) < options.target && state.ending() != Ending::pirate_magic)
        checks.winners_reached_target = false;
    if (!state.is_terminal()) ++counts.abandoned;
    if (state.ending() == Ending::normal) ++counts.normal;
    if (state.ending() == Ending::reached_after_cancel) ++counts.after_cancel;
    if (state.ending() == Ending::pirate_magic) ++counts.pirate_magic;
    if (game % kReplayEvery == 0) {
      State replayed(options);
      for (const Action& past : state.history()) replayed.apply_action(past);
      if (!(replayed == state)) checks.replay_reproduces = false;
    }
    return result;
  };
  rules::SimulationSummary summary = run.play(play_game, total);
  const RunChecks& checks = total.checks;
  const RunCounts& counts = total.counts;

  summary.checks = {{"dice_always_eight", checks.dice_always_eight},
                    {"no_skull_rerolled", checks.no_skull_rerolled},
                    {"totals_equal_turn_results", checks.totals_equal_turn_results},
                    {"fortune_cards_conserved", checks.fortune_cards_conserved},
                    {"invariants_hold", checks.invariants_hold},
                    {"replay_reproduces", checks.replay_reproduces},
                    {"winners_reached_target", checks.winners_reached_target}};
  const double turns = counts.turns > 0 ? static_cast<double>(counts.turns) : 1.0;
  summary.extra["endings"] = {{"last_round", counts.normal},
                              {"reached_after_cancelled_last_round", counts.after_cancel},
                              {"pirate_magic", counts.pirate_magic}};
  summary.extra["cancelled_last_rounds"] = counts.cancelled_last_rounds;
  summary.extra["abandoned_games"] = counts.abandoned;
  summary.extra["died_share"] = static_cast<double>(counts.died) / turns;
  summary.extra["skull_island_share"] = static_cast<double>(counts.island) / turns;
  return summary;
}

}  // namespace qm::piraten
