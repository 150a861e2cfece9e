// Prints Piraten Kapern throughput on one core, in games per CPU second so a busy machine does
// not distort the figures (issue 3, item 7: 1,000,000 scored hands/s; issue 21, item 3: 50,000
// complete 4-player greedy games per CPU second in a Release build), and a deterministic digest
// of every action of a seeded run, which must not change from one run or one build to the next
// unless the games themselves are meant to change.
#include <cstdint>
#include <cstdio>
#include <ctime>

#include "rules/piraten/policies.hpp"
#include "rules/piraten/simulation.hpp"
#include "rules/piraten/state.hpp"
#include "rules/piraten/turn.hpp"
#include "rules/simulation.hpp"
#include "scoring/piraten/turn_score.hpp"

namespace {

double cpu_seconds_since(std::clock_t start) { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; }

// FNV-1a, one value at a time.
struct Digest {
  std::uint64_t value = 1469598103934665603ULL;
  void add(std::uint64_t word) {
    value ^= word;
    value *= 1099511628211ULL;
  }
};

void add_action(Digest& digest, const qm::piraten::Action& action) {
  std::uint64_t word = static_cast<std::uint64_t>(action.kind) << 56 | static_cast<std::uint64_t>(action.card) << 48;
  for (int face = 0; face < qm::piraten::kFaceCount; ++face) word |= static_cast<std::uint64_t>(action.faces[face]) << (4 * face);
  digest.add(word);
}

}  // namespace

int main() {
  using namespace qm::piraten;
  const std::vector<FaceCounts> hands = dice_multisets(kDiceCount);

  // Scoring: every eight dice under every card, many times over.
  constexpr int kScoringRounds = 200;
  long checksum = 0;
  std::clock_t start = std::clock();
  for (int round = 0; round < kScoringRounds; ++round)
    for (int c = 0; c < kFortuneCardKinds; ++c)
      for (const FaceCounts& hand : hands) checksum += score_points(static_cast<FortuneCard>(c), hand, {}, false).score;
  const double fast_hands = static_cast<double>(kScoringRounds) * kFortuneCardKinds * static_cast<double>(hands.size());
  std::printf("score_points:   %12.0f hands per CPU second (checksum %ld)\n", fast_hands / cpu_seconds_since(start), checksum);

  constexpr int kItemisedRounds = 10;
  start = std::clock();
  for (int round = 0; round < kItemisedRounds; ++round)
    for (int c = 0; c < kFortuneCardKinds; ++c)
      for (const FaceCounts& hand : hands) checksum += score_turn({static_cast<FortuneCard>(c), hand, {}, false}).score;
  const double itemised_hands = static_cast<double>(kItemisedRounds) * kFortuneCardKinds * static_cast<double>(hands.size());
  std::printf("score_turn:     %12.0f hands per CPU second (itemised breakdown)\n", itemised_hands / cpu_seconds_since(start));

  start = std::clock();
  const Players players;
  std::printf("greedy table:   %12.3f CPU seconds to build\n", cpu_seconds_since(start));

  // What every game of a run pays before its first move: its own seeded generator.
  constexpr int kSeedings = 20000;
  std::uint64_t first_draws = 0;
  start = std::clock();
  for (int game = 0; game < kSeedings; ++game) first_draws += qm::rules::game_rng(1, game)();
  std::printf("game_rng:       %12.2f CPU microseconds to seed one game's generator (%llu)\n",
              cpu_seconds_since(start) / kSeedings * 1e6, static_cast<unsigned long long>(first_draws % 1000));

  // Complete games: 4 greedy players, game i seeded as simulate() seeds it, the engine alone
  // (every move still checked by apply_action). This is the figure the target is about.
  constexpr int kLeanGames = 40000;
  Options options;
  options.players = 4;
  long lean_turns = 0;
  Digest digest;
  start = std::clock();
  for (int game = 0; game < kLeanGames; ++game) {
    qm::rules::Rng rng = qm::rules::game_rng(1, game);
    State state(options);
    while (!state.is_terminal()) {
      const Action action = state.current_player() == qm::rules::kChancePlayer ? state.sample_chance(rng)
                                                                                : players.choose(Policy::greedy, state, rng);
      state.apply_action(action);
    }
    lean_turns += state.turns_played();
    for (const Action& action : state.history()) add_action(digest, action);
    for (int seat = 0; seat < options.players; ++seat) digest.add(static_cast<std::uint64_t>(state.total(seat) + 100000));
  }
  const double lean_elapsed = cpu_seconds_since(start);
  std::printf("engine games:   %12.0f complete 4-player greedy games per CPU second (%d games in %.2f s, digest %016llx)\n",
              kLeanGames / lean_elapsed, kLeanGames, lean_elapsed, static_cast<unsigned long long>(digest.value));
  std::printf("engine turns:   %12.0f turns per CPU second\n", static_cast<double>(lean_turns) / lean_elapsed);

  // Complete games through simulate(): the greedy table built anew, per-game seeding and every
  // check of the run, at every step.
  qm::rules::SimulationRequest request;
  request.players = 4;
  request.games = 20000;
  request.seed = 1;
  request.policies = {"greedy"};
  start = std::clock();
  const auto summary = simulate(request);
  const double elapsed = cpu_seconds_since(start);
  const double turns = summary.mean_turns * request.games;
  std::printf("simulate games: %12.0f complete 4-player greedy games per CPU second (simulate() with checks, %d games in %.2f s)\n",
              request.games / elapsed, request.games, elapsed);
  std::printf("simulate turns: %12.0f turns per CPU second (%.1f turns a game)\n", turns / elapsed, summary.mean_turns);
  std::printf("signature (seed 1, 20000 games): wins");
  for (double wins : summary.wins) std::printf(" %.2f", wins);
  std::printf(", mean final");
  for (double final_total : summary.mean_final) std::printf(" %.2f", final_total);
  bool all_held = true;
  for (const auto& [name, held] : summary.checks) all_held = all_held && held;
  std::printf(", checks %s\n", all_held ? "all true" : "BROKEN");
  return all_held ? 0 : 1;
}
