#include "rules/meuterer/simulation.hpp"

#include "rules/meuterer/policies.hpp"
#include "rules/meuterer/state.hpp"
#include "scoring/input_error.hpp"

namespace qm::meuterer {
namespace {

void check_players(int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Meuterer is played by 3 or 4 players, not " + std::to_string(players));
}

struct RunTally {
  bool cards_conserved = true;
  bool invariants = true;
  bool vp_sum = true;
  bool scorer_agrees = true;
  bool round_count = true;
  long long mutinies = 0;
  long long successful = 0;
  long long raids = 0;
  double winning_vp = 0;
  ActionList scratch;  // the legal actions of a step, reused: not a figure, never merged

  void merge(const RunTally& o) {
    cards_conserved = cards_conserved && o.cards_conserved;
    invariants = invariants && o.invariants;
    vp_sum = vp_sum && o.vp_sum;
    scorer_agrees = scorer_agrees && o.scorer_agrees;
    round_count = round_count && o.round_count;
    mutinies += o.mutinies;
    successful += o.successful;
    raids += o.raids;
    winning_vp += o.winning_vp;
  }
};

}  // namespace

rules::SimulationSummary simulate(const rules::SimulationRequest& request) {
  check_players(request.players);
  const std::string data = request.options.get_string("data", "", {});
  auto components = std::make_shared<const Components>(load_components(data.empty() ? default_data_dir() : std::filesystem::path(data)));
  return simulate(request, std::move(components));
}

rules::SimulationSummary simulate(const rules::SimulationRequest& request, std::shared_ptr<const Components> components) {
  check_players(request.players);
  if (!components) throw InputError("Meuterer needs its components");
  const Options options = read_options(request.options, request.players);
  request.options.reject_unknown("meuterer");
  const rules::SimulationRun run(request, "random", policy_names());
  std::vector<Policy> policies;
  for (const std::string& name : run.policies()) policies.push_back(parse_policy(name));
  const auto players = static_cast<std::size_t>(request.players);

  GoodCounts deck = components->goods_deck;
  if (options.pirate) deck += components->pirate_variant_goods;

  const auto play_game = [&](int, rules::Rng& rng, RunTally& tally) {
    auto& [cards_conserved, invariants, vp_sum, scorer_agrees, round_count, mutinies, successful, raids, winning_vp, scratch] = tally;
    State state(components, request.players, options);
    std::size_t rounds_checked = 0;
    while (!state.is_terminal()) {
      const int player = state.current_player();
      const Action action = player == rules::kChancePlayer
                                ? state.sample_chance(rng)
                                : choose_action(state, policies[static_cast<std::size_t>(player)], rng, scratch);
      state.apply_action(action);
      if (state.rounds_played().size() == rounds_checked) continue;
      // A round has just been scored: verify it.
      const RoundRecord& record = state.rounds_played().back();
      ++rounds_checked;
      cards_conserved = cards_conserved && state.all_cards() == deck;
      invariants = invariants && state.check_invariants().empty();
      const RoundScore score = score_round(state.round_table(record));
      for (std::size_t seat = 0; seat < players; ++seat)
        scorer_agrees = scorer_agrees && score.seats[seat].total == record.vp[seat];
      mutinies += record.mutiny.happened;
      successful += record.mutiny.succeeded;
      raids += record.pirate_raid;
    }
    round_count = round_count && static_cast<int>(state.rounds_played().size()) == options.rounds &&
                  state.round() == options.rounds;
    rules::GameResult result{{}, state.winners(), static_cast<double>(state.rounds_played().size())};
    for (std::size_t seat = 0; seat < players; ++seat) {
      int sum = 0;
      for (const RoundRecord& record : state.rounds_played()) sum += record.vp[seat];
      vp_sum = vp_sum && sum == state.vp(static_cast<int>(seat));
      result.finals.push_back(state.vp(static_cast<int>(seat)));
    }
    winning_vp += state.vp(result.winners.front());
    return result;
  };
  RunTally total;
  rules::SimulationSummary summary = run.play(play_game, total);
  const auto& [cards_conserved, invariants, vp_sum, scorer_agrees, round_count, mutinies, successful, raids, winning_vp, scratch] = total;

  const double games = run.games();
  summary.checks = {{"cards_conserved", cards_conserved},
                    {"invariants", invariants},
                    {"vp_equal_sum_of_rounds", vp_sum},
                    {"rounds_agree_with_scorer", scorer_agrees},
                    {"round_count", round_count}};
  summary.extra = {{"mutinies_per_game", static_cast<double>(mutinies) / games},
                   {"successful_mutinies_per_game", static_cast<double>(successful) / games},
                   {"pirate_raids_per_game", static_cast<double>(raids) / games},
                   {"mean_winning_vp", winning_vp / games},
                   {"pirate", options.pirate},
                   {"rounds", options.rounds}};
  return summary;
}

}  // namespace qm::meuterer
