// Complete Meuterer games per second on one core (issue: Benchmarks; target >= 20,000/s with
// random policies), and a deterministic signature of a fixed run: the same build must print
// the same digest on every run.
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "rules/meuterer/policies.hpp"
#include "rules/meuterer/simulation.hpp"
#include "rules/meuterer/state.hpp"

namespace {

using qm::meuterer::Policy;

struct Run {
  double games_per_second = 0;
  double actions_per_game = 0;
  std::uint64_t digest = 1469598103934665603ULL;  // FNV-1a over every final VP
};

Run play(const std::shared_ptr<const qm::meuterer::Components>& components, int players, Policy policy, bool pirate,
         int games) {
  qm::meuterer::Options options;
  options.pirate = pirate;
  qm::meuterer::ActionList scratch;
  Run run;
  long long actions = 0;
  const std::clock_t start = std::clock();
  for (int game = 0; game < games; ++game) {
    qm::rules::Rng rng = qm::rules::game_rng(2024, game);
    qm::meuterer::State state(components, players, options);
    while (!state.is_terminal()) {
      const int player = state.current_player();
      state.apply_action(player == qm::rules::kChancePlayer ? state.sample_chance(rng)
                                                            : qm::meuterer::choose_action(state, policy, rng, scratch));
    }
    actions += static_cast<long long>(state.history().size());
    for (int seat = 0; seat < players; ++seat) {
      run.digest ^= static_cast<std::uint64_t>(state.vp(seat) + 1000);
      run.digest *= 1099511628211ULL;
    }
  }
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  run.games_per_second = games / seconds;
  run.actions_per_game = static_cast<double>(actions) / games;
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::stoi(argv[1]) : 50000;
  const auto components =
      std::make_shared<const qm::meuterer::Components>(qm::meuterer::load_components(std::string(QM_DATA_DIR) + "/meuterer"));
  std::printf("Meuterer benchmark: %d complete games per line, one core (games per second of CPU time)\n", games);
  std::printf("%-34s %12s %14s %18s\n", "engine loop", "games/s", "actions/game", "digest");
  struct Case {
    const char* name;
    int players;
    Policy policy;
    bool pirate;
  };
  const Case cases[] = {{"4 players, random", 4, Policy::random, false},
                        {"3 players, random", 3, Policy::random, false},
                        {"4 players, random, pirate variant", 4, Policy::random, true},
                        {"4 players, greedy", 4, Policy::greedy, false}};
  for (const Case& c : cases) {
    const Run run = play(components, c.players, c.policy, c.pirate, games);
    std::printf("%-34s %12.0f %14.1f %18llx\n", c.name, run.games_per_second, run.actions_per_game,
                static_cast<unsigned long long>(run.digest));
  }
  // The whole simulate() path, with its per-round checks and the scorer's cross-check.
  qm::rules::SimulationRequest request;
  request.players = 4;
  request.games = games;
  request.seed = 2024;
  const std::clock_t start = std::clock();
  const qm::rules::SimulationSummary summary = qm::meuterer::simulate(request, components);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  bool checks = true;
  for (const auto& [name, held] : summary.checks) checks = checks && held;
  std::printf("%-34s %12.0f   checks %s, seat VP %.2f %.2f %.2f %.2f\n", "simulate(), 4 players, random",
              games / seconds, checks ? "all true" : "FAILED", summary.mean_final[0], summary.mean_final[1],
              summary.mean_final[2], summary.mean_final[3]);
  return checks ? 0 : 1;
}
