// Prints the Piraten Kapern advisor's figures (issue 10, item 7; targets: every table built in
// <= 2 s, one advice <= 20 ms on one core), the per-card table, and the simulation of item 5:
// optimal against greedy and cautious over 100,000 turns per card, with the optimal policy's
// distance from the exact table in standard errors. Usage: bench_advice [TURNS_PER_CARD]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "advice/position.hpp"
#include "advice/solver.hpp"
#include "advice/turn_runs.hpp"
#include "rules/piraten/policies.hpp"
#include "scoring/notation.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace qm::advice;
using qm::piraten::FortuneCard;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }
// The machine may be shared: CPU time of this process is the figure that compares with the targets.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

std::string name(FortuneCard card) { return qm::notation::to_string(card); }

}  // namespace

int main(int argc, char** argv) {
  const long turns = argc > 1 ? std::atol(argv[1]) : 100000;

  // 1. Building: every card's solver, from nothing.
  std::printf("build (wall / cpu), states, throws, chance edges, reroll edges, value sweeps:\n");
  Solver solver;
  double cpu_start = cpu_seconds();
  auto start = Clock::now();
  double slowest_cpu = 0;
  for (int c = 0; c < qm::piraten::kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    const double card_cpu = cpu_seconds();
    const auto card_start = Clock::now();
    const CardSolver& built = solver.card(card);
    const double wall = seconds_since(card_start);
    const double cpu = cpu_seconds() - card_cpu;
    slowest_cpu = std::max(slowest_cpu, cpu);
    const SolverStats& stats = built.stats();
    std::printf("  %-16s %7.3f s / %7.3f s  %5d %5d %7ld %6ld %3d\n", name(card).c_str(), wall, cpu, stats.decision_states,
                stats.throws, stats.outcomes, stats.moves, stats.sweeps);
  }
  std::printf("all 13 cards:      %7.3f s wall, %.3f s cpu (target <= 2 s); slowest card %.3f s cpu\n", seconds_since(start),
              cpu_seconds() - cpu_start, slowest_cpu);

  // 2. One advice on a built solver: decision states met in play, each ranked in full.
  std::vector<qm::piraten::Turn> positions;
  for (int c = 0; c < qm::piraten::kFortuneCardKinds; ++c)
    run_turns(static_cast<FortuneCard>(c), 200, 7 + static_cast<std::uint64_t>(c), [&](const qm::piraten::State& state, qm::rules::Rng&) {
      positions.push_back(state.turn());
      return optimal_move(solver, state);
    });
  constexpr int kRounds = 20;
  std::size_t ranked = 0;
  cpu_start = cpu_seconds();
  start = Clock::now();
  for (int round = 0; round < kRounds; ++round)
    for (const qm::piraten::Turn& turn : positions) ranked += solver.advise(turn).ranked.size();
  const double advices = static_cast<double>(kRounds) * static_cast<double>(positions.size());
  std::printf("advice, solver built: %9.1f us wall, %.1f us cpu per advice (%zu positions, %.1f decisions ranked each)\n",
              1e6 * seconds_since(start) / advices, 1e6 * (cpu_seconds() - cpu_start) / advices, positions.size(),
              static_cast<double>(ranked) / advices);
  // What `quartermaster advise piraten` does per call: build the card's solver, then advise.
  cpu_start = cpu_seconds();
  start = Clock::now();
  const Solver cold;
  const qm::piraten::Turn sorceress = decision_turn({FortuneCard::sorceress, qm::notation::parse_dice_counts({"skull 2coin 2sabre monkey 2parrot"}), {}, false, 1});
  const Advice advice = cold.advise(sorceress);
  std::printf("advice, cold (one card built + advice): %.3f s wall, %.3f s cpu (sorceress, the largest card; best %.1f)\n",
              seconds_since(start), cpu_seconds() - cpu_start, advice.best.expected);

  // 3. The per-card table.
  const DeckTable table = deck_table(solver);
  std::printf("\n%-16s %9s %8s %8s %10s\n", "card", "expected", "death", "island", "full chest");
  for (const CardRow& row : table.cards)
    std::printf("%-16s %9.2f %7.2f%% %7.2f%% %9.2f%%\n", name(row.card).c_str(), row.outlook.expected, 100 * row.outlook.death_chance,
                100 * row.outlook.island_chance, 100 * row.outlook.full_chest_chance);
  for (const auto& [label, outlook] : {std::pair{"deck (35)", table.deck}, std::pair{"deck+promo (37)", table.deck_promo}})
    std::printf("%-16s %9.2f %7.2f%% %7.2f%% %9.2f%%\n", label, outlook.expected, 100 * outlook.death_chance, 100 * outlook.island_chance,
                100 * outlook.full_chest_chance);

  // 4. Simulation through the full engine: optimal, greedy, cautious; same seeds for each policy.
  if (turns <= 0) return 0;
  std::printf("\n%ld turns per card through the engine (mean points per turn +- standard error):\n", turns);
  std::printf("%-16s %18s %7s %18s %18s\n", "card", "optimal", "z", "greedy", "cautious");
  const qm::piraten::Players players;
  double worst_z = 0;
  double deck_optimal = 0, deck_greedy = 0, deck_cautious = 0;
  const qm::piraten::CardCounts deck = qm::piraten::fortune_deck(false);
  start = Clock::now();
  for (const CardRow& row : table.cards) {
    const auto seed = 42 + static_cast<std::uint64_t>(row.card);
    const TurnRuns optimal = run_turns(row.card, turns, seed, [&](const qm::piraten::State& state, qm::rules::Rng&) {
      return optimal_move(solver, state);
    });
    const TurnRuns greedy = run_turns(row.card, turns, seed, [&](const qm::piraten::State& state, qm::rules::Rng& rng) {
      return players.choose(qm::piraten::Policy::greedy, state, rng);
    });
    const TurnRuns cautious = run_turns(row.card, turns, seed, [&](const qm::piraten::State& state, qm::rules::Rng& rng) {
      return players.choose(qm::piraten::Policy::cautious, state, rng);
    });
    const double z = (optimal.mean - row.outlook.expected) / optimal.standard_error();
    worst_z = std::max(worst_z, std::abs(z));
    const double weight = deck[static_cast<std::size_t>(row.card)] / 35.0;
    deck_optimal += weight * optimal.mean;
    deck_greedy += weight * greedy.mean;
    deck_cautious += weight * cautious.mean;
    std::printf("%-16s %9.1f +- %5.1f %+7.2f %9.1f +- %5.1f %9.1f +- %5.1f\n", name(row.card).c_str(), optimal.mean,
                optimal.standard_error(), z, greedy.mean, greedy.standard_error(), cautious.mean, cautious.standard_error());
  }
  std::printf("%-16s %18.1f %7s %18.1f %18.1f\n", "deck (35)", deck_optimal, "", deck_greedy, deck_cautious);
  std::printf("largest |z| of optimal against the exact table: %.2f (13 cards; |z| < 3 expected)  [%.1f s]\n", worst_z,
              seconds_since(start));
  return 0;
}
