// Pirate's Code figures (issue 7, item 6): notebook updates per second and complete games per
// second with deducer players, plus the deducer's win rate against random players and a
// deterministic signature of a fixed simulation. Not a test: run build/bench/pirates_code/bench_pirates_code.
#include <chrono>
#include <cstdio>
#include <functional>

#include "rules/pirates_code/policies.hpp"
#include "rules/pirates_code/simulation.hpp"
#include "rules/pirates_code/state.hpp"

namespace pc = qm::pirates_code;

namespace {

double seconds_of(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Random games played to the end, kept for replaying their clues into notebooks.
std::vector<pc::State> random_games(int players, int games) {
  std::vector<pc::State> out;
  const pc::Game game = pc::make_game(players, {});
  for (int index = 0; index < games; ++index) {
    qm::rules::Rng rng = qm::rules::game_rng(2024, index);
    pc::State state(game);
    while (!state.is_terminal())
      state.apply_action(state.current_player() == qm::rules::kChancePlayer ? state.sample_chance(rng)
                                                                              : pc::random_action(state, rng));
    out.push_back(std::move(state));
  }
  return out;
}

void bench_notebook(int players) {
  const std::vector<pc::State> games = random_games(players, 50);
  long updates = 0;
  long notebooks = 0;
  const double elapsed = seconds_of([&] {
    for (const pc::State& state : games)
      for (int seat = 0; seat < players; ++seat) {
        pc::Notebook notebook(players, seat, state.dealt(seat));
        for (const pc::Clue& clue : state.clues(seat)) {
          notebook.record(clue);
          ++updates;
        }
        notebook.code_pair_count();  // the summary a player looks at
        ++notebooks;
      }
  });
  double fresh = 0;
  const double fresh_elapsed = seconds_of([&] {
    for (int i = 0; i < 20; ++i) fresh += static_cast<double>(pc::Notebook(players, 0, games.front().dealt(0)).worlds().size());
  });
  std::printf("notebook, %d players: %ld updates in %.3f s = %.0f updates/s (whole random games, %.1f clues each);"
              " a fresh notebook (%.0f placements) takes %.2f ms\n",
              players, updates, elapsed, static_cast<double>(updates) / elapsed,
              static_cast<double>(updates) / static_cast<double>(notebooks), fresh / 20, fresh_elapsed / 20 * 1000);
}

void bench_games(int players, const std::vector<std::string>& policies, int games) {
  qm::rules::SimulationRequest request;
  request.players = players;
  request.games = games;
  request.seed = 7;
  request.policies = policies;
  qm::rules::SimulationSummary summary;
  const double elapsed = seconds_of([&] { summary = pc::simulate(request); });
  std::string names;
  for (const std::string& p : summary.policies) names += (names.empty() ? "" : ",") + p;
  bool checks = true;
  for (const auto& [name, held] : summary.checks) checks = checks && held;
  std::printf("%d players [%s]: %d games in %.2f s = %.1f games/s; mean turns %.2f, actions %.1f; checks %s; %s\n",
              players, names.c_str(), games, elapsed, games / elapsed, summary.mean_turns,
              summary.extra["mean_actions"].get<double>(), checks ? "all true" : "FAILED",
              summary.extra.dump().c_str());
}

}  // namespace

int main() {
  bench_notebook(3);
  bench_notebook(4);
  bench_games(3, {"random"}, 2000);
  bench_games(4, {"random"}, 2000);
  bench_games(3, {"deducer"}, 300);
  bench_games(4, {"deducer"}, 100);
  bench_games(3, {"deducer", "random", "random"}, 300);
  bench_games(4, {"deducer", "random", "random", "random"}, 100);
  return 0;
}
