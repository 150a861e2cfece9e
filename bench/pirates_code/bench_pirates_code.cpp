// Pirate's Code figures (issue 7, item 6; issue 21, item 3: >= 2,000 complete 4-player games per
// second on one core with deducer players): notebook updates per second, complete games per
// CPU second, the deducer's win rate against random players, and a deterministic signature of
// each seeded run (the same on every run and on every build that keeps the simulation's
// results). Not a test: run build/bench/pirates_code/bench_pirates_code.
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/pirates_code/policies.hpp"
#include "rules/pirates_code/simulation.hpp"
#include "rules/pirates_code/state.hpp"

namespace pc = qm::pirates_code;

namespace {

// CPU time of this process (every thread of it), so a busy machine does not distort the figures.
double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double cpu_seconds_of(const std::function<void()>& work) {
  const double start = cpu_now();
  work();
  return cpu_now() - start;
}

// FNV-1a over the run's summary as JSON text (numbers printed to round-trip): any change in a
// win, a mean or a check changes it.
std::uint64_t digest_of(const qm::rules::SimulationSummary& summary) {
  const nlohmann::json document = {{"wins", summary.wins},   {"mean_final", summary.mean_final},
                                   {"mean_turns", summary.mean_turns}, {"checks", summary.checks},
                                   {"extra", summary.extra}};
  std::uint64_t digest = 1469598103934665603ULL;
  for (const unsigned char c : document.dump()) {
    digest ^= c;
    digest *= 1099511628211ULL;
  }
  return digest;
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
  const double elapsed = cpu_seconds_of([&] {
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
  const double fresh_elapsed = cpu_seconds_of([&] {
    for (int i = 0; i < 20; ++i) fresh += static_cast<double>(pc::Notebook(players, 0, games.front().dealt(0)).worlds().size());
  });
  std::printf("notebook, %d players: %ld updates in %.3f s = %.0f updates/s (whole random games, %.1f clues each);"
              " a fresh notebook's %.0f placements take %.2f ms\n",
              players, updates, elapsed, static_cast<double>(updates) / elapsed,
              static_cast<double>(updates) / static_cast<double>(notebooks), fresh / 20, fresh_elapsed / 20 * 1000);
}

// A seeded run on one thread: games per CPU second and the run's signature.
void bench_games(int players, const std::vector<std::string>& policies, int games) {
  qm::rules::SimulationRequest request;
  request.players = players;
  request.games = games;
  request.seed = 1;
  request.policies = policies;
  request.jobs = 1;
  qm::rules::SimulationSummary summary;
  const double elapsed = cpu_seconds_of([&] { summary = pc::simulate(request); });
  std::string names;
  for (const std::string& p : summary.policies) {
    if (!names.empty()) names += ',';
    names += p;
  }
  bool checks = true;
  for (const auto& [name, held] : summary.checks) checks = checks && held;
  std::string wins;
  for (double w : summary.wins) {
    if (!wins.empty()) wins += ' ';
    wins += std::to_string(static_cast<int>(w));
  }
  std::printf("%d players [%s]: %d games in %.2f CPU s = %.0f games per CPU second; mean turns %.2f, actions %.1f\n"
              "    signature (seed 1): wins %s, checks %s, digest %016llx; %s\n",
              players, names.c_str(), games, elapsed, games / elapsed, summary.mean_turns,
              summary.extra["mean_actions"].get<double>(), wins.c_str(), checks ? "all true" : "FAILED",
              static_cast<unsigned long long>(digest_of(summary)), summary.extra["win_rate_by_policy"].dump().c_str());
}

}  // namespace

int main() {
  bench_notebook(3);
  bench_notebook(4);
  bench_games(3, {"random"}, 2000);
  bench_games(4, {"random"}, 2000);
  // The target: deducers at every seat, steady state over many games.
  bench_games(3, {"deducer"}, 2000);
  bench_games(4, {"deducer"}, 2000);
  bench_games(3, {"deducer", "random", "random"}, 300);
  bench_games(4, {"deducer", "random", "random", "random"}, 300);
  return 0;
}
