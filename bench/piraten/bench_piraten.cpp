// Prints Piraten Kapern throughput on one core (issue 3, item 7: targets 1,000,000 scored hands/s
// and 20,000 complete 4-player greedy games/s in a Release build) and a deterministic signature
// of a seeded run, which must not change from one run to the next.
#include <chrono>
#include <cstdio>

#include "rules/piraten/state.hpp"
#include "rules/piraten/policies.hpp"
#include "rules/piraten/simulation.hpp"
#include "rules/piraten/turn.hpp"
#include "scoring/piraten/turn_score.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

int main() {
  using namespace qm::piraten;
  const std::vector<FaceCounts> hands = dice_multisets(kDiceCount);

  // Scoring: every eight dice under every card, many times over.
  constexpr int kScoringRounds = 200;
  long checksum = 0;
  auto start = Clock::now();
  for (int round = 0; round < kScoringRounds; ++round)
    for (int c = 0; c < kFortuneCardKinds; ++c)
      for (const FaceCounts& hand : hands) checksum += score_points(static_cast<FortuneCard>(c), hand, {}, false).score;
  const double fast_hands = static_cast<double>(kScoringRounds) * kFortuneCardKinds * static_cast<double>(hands.size());
  std::printf("score_points:   %12.0f hands/s (checksum %ld)\n", fast_hands / seconds_since(start), checksum);

  constexpr int kItemisedRounds = 10;
  start = Clock::now();
  for (int round = 0; round < kItemisedRounds; ++round)
    for (int c = 0; c < kFortuneCardKinds; ++c)
      for (const FaceCounts& hand : hands) checksum += score_turn({static_cast<FortuneCard>(c), hand, {}, false}).score;
  const double itemised_hands = static_cast<double>(kItemisedRounds) * kFortuneCardKinds * static_cast<double>(hands.size());
  std::printf("score_turn:     %12.0f hands/s (itemised breakdown)\n", itemised_hands / seconds_since(start));

  start = Clock::now();
  const GreedyTable table;
  std::printf("greedy table:   %12.3f s to build\n", seconds_since(start));

  // Complete games: 4 greedy players, the engine alone (every move still checked by apply_action).
  constexpr int kLeanGames = 40000;
  const Players players;
  Options options;
  options.players = 4;
  qm::rules::Rng rng(1);
  long lean_turns = 0;
  long lean_signature = 0;
  start = Clock::now();
  for (int game = 0; game < kLeanGames; ++game) {
    State state(options);
    while (!state.is_terminal()) {
      const Action action = state.current_player() == qm::rules::kChancePlayer ? state.sample_chance(rng)
                                                                                : players.choose(Policy::greedy, state, rng);
      state.apply_action(action);
    }
    lean_turns += state.turns_played();
    lean_signature += state.winners().front() + 7 * state.total(0);
  }
  const double lean_elapsed = seconds_since(start);
  std::printf("engine games:   %12.0f complete 4-player greedy games/s (engine loop, %d games in %.2f s, signature %ld)\n",
              kLeanGames / lean_elapsed, kLeanGames, lean_elapsed, lean_signature);
  std::printf("engine turns:   %12.0f turns/s\n", static_cast<double>(lean_turns) / lean_elapsed);

  // Complete games through simulate(): per-game seeding and every check of the run, at every step.
  qm::rules::SimulationRequest request;
  request.players = 4;
  request.games = 20000;
  request.seed = 1;
  request.policies = {"greedy"};
  start = Clock::now();
  const auto summary = simulate(request);
  const double elapsed = seconds_since(start);
  const double turns = summary.mean_turns * request.games;
  std::printf("simulate games: %12.0f complete 4-player greedy games/s (simulate() with checks, %d games in %.2f s)\n", request.games / elapsed,
              request.games, elapsed);
  std::printf("simulate turns: %12.0f turns/s (%.1f turns a game)\n", turns / elapsed, summary.mean_turns);
  std::printf("signature (seed 1, 20000 games): wins");
  for (double wins : summary.wins) std::printf(" %.2f", wins);
  std::printf(", mean final");
  for (double final_total : summary.mean_final) std::printf(" %.2f", final_total);
  bool all_held = true;
  for (const auto& [name, held] : summary.checks) all_held = all_held && held;
  std::printf(", checks %s\n", all_held ? "all true" : "BROKEN");
  return all_held ? 0 : 1;
}
