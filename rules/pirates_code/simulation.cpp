#include "rules/pirates_code/simulation.hpp"

#include <optional>

#include "rules/pirates_code/policies.hpp"
#include "rules/pirates_code/state.hpp"
#include "scoring/input_error.hpp"

namespace qm::pirates_code {

namespace {

// A safety net only: random players find the code in a few hundred actions.
constexpr int kMaxActionsPerGame = 100000;

struct Checks {
  bool cards_conserved = true;
  bool no_hand_empty = true;
  bool winning_guess_is_code = true;
  bool notebooks_hold_truth = true;
  bool games_finished = true;
  bool rule_invariants = true;

  void merge(const Checks& o) {
    cards_conserved = cards_conserved && o.cards_conserved;
    no_hand_empty = no_hand_empty && o.no_hand_empty;
    winning_guess_is_code = winning_guess_is_code && o.winning_guess_is_code;
    notebooks_hold_truth = notebooks_hold_truth && o.notebooks_hold_truth;
    games_finished = games_finished && o.games_finished;
    rule_invariants = rule_invariants && o.rule_invariants;
  }
};

struct RunTally {
  Checks checks;
  double actions = 0, guesses = 0;

  void merge(const RunTally& o) {
    checks.merge(o.checks);
    actions += o.actions;
    guesses += o.guesses;
  }
};

void check_step(const State& state, Checks& checks) {
  int cards = kCodeCards;
  NumberSet numbers = NumberSet::of({state.code()[0], state.code()[1]});
  for (int seat = 0; seat < state.players(); ++seat) {
    cards += state.hand_size(seat) + state.face_up(seat).size();
    numbers = numbers | state.hand(seat) | state.face_up(seat);
    // A plunderer playing its last card holds nothing until the draw gives it its prize.
    if (state.hand_size(seat) == 0 && state.phase() != Phase::draw) checks.no_hand_empty = false;
  }
  if (cards != state.game().total_cards() || numbers != NumberSet::all()) checks.cards_conserved = false;
  if (!state.check_invariants().empty()) checks.rule_invariants = false;
  if (state.winner() >= 0 && state.declared() != NumberSet::of({state.code()[0], state.code()[1]}))
    checks.winning_guess_is_code = false;
}

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request) {
  if (request.players < kMinPlayers || request.players > kMaxPlayers)
    throw InputError("Pirate's Code is played by 3 or 4 players, not " + std::to_string(request.players));
  const Game game = make_game(request.players, request.options);
  request.options.reject_unknown("pirates_code");
  const rules::SimulationRun run(request, "deducer", kPolicyNames);
  const std::size_t seats = static_cast<std::size_t>(request.players);
  const auto play_game = [&](int, rules::Rng& rng, RunTally& tally) {
    auto& [checks, actions, guesses] = tally;
    State state(game);
    state.apply_action(state.sample_chance(rng));
    std::vector<std::optional<Deducer>> deducers(seats);
    for (std::size_t seat = 0; seat < seats; ++seat)
      if (run.policies()[seat] == "deducer") deducers[seat].emplace(state, static_cast<int>(seat));
    int steps = 0;
    while (!state.is_terminal() && steps < kMaxActionsPerGame) {
      const int player = state.current_player();
      Action action;
      if (player == rules::kChancePlayer) action = state.sample_chance(rng);
      else if (deducers[static_cast<std::size_t>(player)]) action = deducers[static_cast<std::size_t>(player)]->choose(state);
      else action = random_action(state, rng);
      if (action.move == Move::guess) guesses += 1;
      state.apply_action(action);
      ++steps;
      check_step(state, checks);
      std::array<NumberSet, kMaxPlayers> hands{};
      for (std::size_t seat = 0; seat < seats; ++seat) hands[seat] = state.hand(static_cast<int>(seat));
      for (auto& deducer : deducers) {
        if (!deducer) continue;
        deducer->catch_up(state);
        if (deducer->notebook().contradicted() || !deducer->notebook().allows(std::span(hands.data(), seats)))
          checks.notebooks_hold_truth = false;
      }
    }
    if (!state.is_terminal()) checks.games_finished = false;
    actions += steps;
    // One winner at most: the first to guess the code; the final is the win itself.
    rules::GameResult result{state.returns(), {}, static_cast<double>(state.turns())};
    if (state.winner() >= 0) result.winners.push_back(state.winner());
    return result;
  };
  RunTally total;
  rules::SimulationSummary summary = run.play(play_game, total);
  const auto& [checks, actions, guesses] = total;

  const double games = run.games();
  summary.checks = {{"cards_conserved", checks.cards_conserved},
                    {"no_hand_empty", checks.no_hand_empty},
                    {"winning_guess_is_code", checks.winning_guess_is_code},
                    {"notebooks_hold_truth", checks.notebooks_hold_truth},
                    {"games_finished", checks.games_finished},
                    {"rule_invariants", checks.rule_invariants}};

  nlohmann::json by_policy = nlohmann::json::object();
  std::map<std::string, double> wins_of, seats_of;
  for (std::size_t seat = 0; seat < seats; ++seat) {
    wins_of[summary.policies[seat]] += summary.wins[seat];
    seats_of[summary.policies[seat]] += 1;
  }
  for (const auto& [name, wins] : wins_of) by_policy[name] = wins / games;
  summary.extra["win_rate_by_policy"] = by_policy;
  if (seats_of.count("deducer") && seats_of.count("random"))
    summary.extra["deducer_vs_random"] = {{"deducer_seats", seats_of["deducer"]},
                                          {"win_rate", wins_of["deducer"] / games},
                                          {"fair_share", seats_of["deducer"] / request.players}};
  summary.extra["mean_actions"] = actions / games;
  summary.extra["mean_guesses"] = guesses / games;
  return summary;
}

}  // namespace qm::pirates_code
