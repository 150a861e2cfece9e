// Complete games of Loot per second on one core (issue item 7; target >= 20,000 4-player games/s
// with random policies), with and without the per-action invariant checks of `simulate`, and a
// deterministic signature of the run: the same build prints the same digest on every run.
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "rules/loot/simulation.hpp"

namespace {

constexpr int kGames = 50000;
constexpr std::uint64_t kSeed = 2024;

struct Figures {
  double games_per_second = 0;
  std::uint64_t digest = 0;
  double turns = 0;
};

Figures play(const qm::loot::Setup& setup, const std::vector<qm::loot::Policy>& policies, bool checked) {
  // Processor time, not wall time: the figure stays honest on a busy machine.
  const std::clock_t start = std::clock();
  Figures figures;
  figures.digest = 1469598103934665603ull;  // FNV-1a over every final score
  qm::loot::GameChecks checks;
  for (int game = 0; game < kGames; ++game) {
    qm::rules::Rng rng = qm::rules::game_rng(kSeed, game);
    const qm::loot::State state = qm::loot::play_game(setup, policies, rng, checked ? &checks : nullptr);
    figures.turns += state.board().turns();
    for (int seat = 0; seat < setup.players; ++seat) {
      figures.digest ^= static_cast<std::uint64_t>(state.score(seat) + 1000);
      figures.digest *= 1099511628211ull;
    }
  }
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  figures.games_per_second = kGames / seconds;
  figures.turns /= kGames;
  if (checked && !(checks.gold_conserved && checks.cards_conserved && checks.battles_consistent))
    std::printf("  INVARIANT BROKEN\n");
  return figures;
}

void report(const char* label, const Figures& figures) {
  std::printf("%-44s %10.0f games per CPU second  %6.1f turns/game  digest %016llx\n", label, figures.games_per_second, figures.turns,
              static_cast<unsigned long long>(figures.digest));
}

}  // namespace

int main() {
  using qm::loot::Policy;
  std::printf("Loot: %d complete games per line, seed %llu, one core\n", kGames, static_cast<unsigned long long>(kSeed));
  const auto four = qm::loot::solo_setup(4);
  const std::vector<Policy> random(4, Policy::random);
  const std::vector<Policy> greedy(4, Policy::greedy);
  report("4 players, random", play(four, random, false));
  report("4 players, random, checked every action", play(four, random, true));
  report("4 players, greedy", play(four, greedy, false));
  report("2 players, random", play(qm::loot::solo_setup(2), std::vector<Policy>(2, Policy::random), false));
  report("8 players in teams, random", play(qm::loot::team_setup(8), std::vector<Policy>(8, Policy::random), false));
  return 0;
}
