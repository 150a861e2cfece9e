// Simulation (issue 7, item 4): requests, determinism, the checks, and the deducer's strength.
#include <catch2/catch.hpp>

#include "rules/pirates_code/card_set_file.hpp"
#include "rules/pirates_code/policies.hpp"
#include "rules/pirates_code/simulation.hpp"
#include "scoring/input_error.hpp"

namespace pc = qm::pirates_code;
using pc::Action;
using pc::NumberSet;

namespace {

qm::rules::SimulationRequest request(int players, int games, std::uint64_t seed, std::vector<std::string> policies) {
  qm::rules::SimulationRequest r;
  r.players = players;
  r.games = games;
  r.seed = seed;
  r.policies = std::move(policies);
  r.options = qm::rules::GameOptions::parse({"cards=" + std::string(QM_DATA_DIR) + "/pirates_code/base.json"});
  return r;
}

void require_all_checks(const qm::rules::SimulationSummary& summary) {
  REQUIRE(summary.checks.size() == 6);
  for (const auto& [name, held] : summary.checks) {
    INFO(name);
    CHECK(held);
  }
}

}  // namespace

TEST_CASE("Simulation refuses bad requests", "[pirates_code][simulation]") {
  CHECK_THROWS_AS(pc::simulate(request(2, 1, 1, {})), qm::InputError);
  CHECK_THROWS_AS(pc::simulate(request(5, 1, 1, {})), qm::InputError);
  CHECK_THROWS_AS(pc::simulate(request(3, 1, 1, {"clever"})), qm::InputError);
  CHECK_THROWS_AS(pc::simulate(request(3, 1, 1, {"random", "deducer"})), qm::InputError);
  auto typo = request(3, 1, 1, {});
  typo.options.set("plunder_with_last_crd", "false");
  CHECK_THROWS_WITH(pc::simulate(typo), Catch::Contains("plunder_with_last_crd"));
  auto missing = request(3, 1, 1, {});
  missing.options.set("cards", "/nonexistent/set.json");
  CHECK_THROWS_WITH(pc::simulate(missing), Catch::Contains("/nonexistent/set.json"));
}

TEST_CASE("The same seed gives the same results", "[pirates_code][simulation]") {
  const auto a = pc::simulate(request(4, 8, 99, {"deducer", "random", "random", "random"}));
  const auto b = pc::simulate(request(4, 8, 99, {"deducer", "random", "random", "random"}));
  CHECK(a.wins == b.wins);
  CHECK(a.mean_turns == b.mean_turns);
  CHECK(a.extra == b.extra);
  const auto c = pc::simulate(request(4, 8, 100, {"deducer", "random", "random", "random"}));
  CHECK((a.wins != c.wins || a.mean_turns != c.mean_turns));
}

TEST_CASE("Simulated games keep every check with three and four players", "[pirates_code][simulation]") {
  for (int players : {3, 4}) {
    const auto summary = pc::simulate(request(players, 30, 5, {"random"}));
    INFO("random, players " << players);
    require_all_checks(summary);
    double wins = 0;
    for (double w : summary.wins) wins += w;
    CHECK(wins == Approx(30));
    CHECK(summary.mean_turns > 1);
  }
  const auto deducers = pc::simulate(request(4, 4, 6, {"deducer"}));
  require_all_checks(deducers);
  CHECK(deducers.extra["win_rate_by_policy"]["deducer"].get<double>() == Approx(1.0));
}

TEST_CASE("The deducer beats random players", "[pirates_code][simulation]") {
  const auto summary = pc::simulate(request(3, 60, 11, {"deducer", "random", "random"}));
  require_all_checks(summary);
  const double rate = summary.extra["deducer_vs_random"]["win_rate"].get<double>();
  CHECK(summary.extra["deducer_vs_random"]["fair_share"].get<double>() == Approx(1.0 / 3));
  CHECK(rate > 0.6);
  CHECK(summary.wins[0] == Approx(rate * 60));
}

TEST_CASE("The deducer guesses as soon as the code is certain", "[pirates_code][simulation]") {
  pc::State state(pc::make_game(3, request(3, 1, 1, {}).options));
  state.apply_action(Action::deal_of(std::vector{NumberSet::of({1, 5, 11, 12}), NumberSet::of({2, 6, 9, 13}),
                                                 NumberSet::of({3, 7, 8, 10})},
                                     4, 14));
  // Bob and Cy only ask questions nobody learns from; Ann deduces.
  pc::Deducer ann(state, 0);
  qm::rules::Rng rng(3);
  int decisions = 0;
  while (!state.is_terminal()) {
    REQUIRE(decisions < 30);
    if (state.current_player() == qm::rules::kChancePlayer) {
      state.apply_action(state.sample_chance(rng));
    } else if (state.current_player() == 0) {
      const bool certain = ann.notebook().certain_code().has_value();
      const Action action = ann.choose(state);
      CHECK(certain == (action.move == pc::Move::guess));
      state.apply_action(action);
      ++decisions;
    } else if (state.current_player() == 1) {
      state.apply_action(Action::inquiry(2, 2, 0));
    } else {
      state.apply_action(Action::inquiry(3, 0, 15));
    }
    ann.catch_up(state);
  }
  CHECK(state.winner() == 0);
  CHECK(state.declared() == NumberSet::of({4, 14}));
}
