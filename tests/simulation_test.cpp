// The set-up every game's simulate() shares (rules/simulation.hpp): the count of games, the
// policies of the seats, one generator per game, shared wins and the means.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cli/game_catalogue.hpp"
#include "rules/simulation.hpp"
#include "scoring/input_error.hpp"

using namespace qm;

namespace {

rules::SimulationRequest request(int players, int games, std::vector<std::string> policies = {}) {
  rules::SimulationRequest r;
  r.players = players;
  r.games = games;
  r.seed = 7;
  r.policies = std::move(policies);
  return r;
}

}  // namespace

TEST_CASE("every game refuses fewer than one game with the same words", "[simulation][input]") {
  int games_with_engine = 0;
  for (const cli::GameEntry& game : cli::game_catalogue()) {
    if (!game.simulate) continue;
    ++games_with_engine;
    INFO(game.name);
    // Three players is a count every game accepts, so the count of games is what is refused.
    CHECK_THROWS_WITH(game.simulate(request(3, 0)), "simulate at least one game, not 0");
    CHECK_THROWS_WITH(game.simulate(request(3, -2)), "simulate at least one game, not -2");
    CHECK(game.simulate(request(3, 1)).wins.size() == 3);
  }
  CHECK(games_with_engine == 5);
}

TEST_CASE("a run resolves the policies before any game is played", "[simulation]") {
  const std::vector<std::string> known{"random", "greedy"};
  CHECK(rules::SimulationRun(request(3, 1), "greedy", known).policies() == std::vector<std::string>(3, "greedy"));
  CHECK(rules::SimulationRun(request(2, 1, {"random", "greedy"}), "greedy", known).policies() ==
        std::vector<std::string>{"random", "greedy"});
  CHECK_THROWS_AS(rules::SimulationRun(request(3, 1, {"clever"}), "greedy", known), InputError);
  CHECK_THROWS_AS(rules::SimulationRun(request(3, 1, {"random", "greedy"}), "greedy", known), InputError);
}

TEST_CASE("a run plays each game with its own generator and shares a win among its winners", "[simulation]") {
  const rules::SimulationRun run(request(3, 4), "random", {"random"});
  std::vector<int> played;
  const rules::SimulationSummary summary = run.play([&](int game, rules::Rng& rng) {
    played.push_back(game);
    rules::Rng expected = rules::game_rng(7, game);
    CHECK(rng() == expected());
    // Game 0: seat 0 wins alone; game 1: seats 1 and 2 share; game 2: nobody; game 3: all three.
    const std::vector<std::vector<int>> winners{{0}, {1, 2}, {}, {0, 1, 2}};
    return rules::GameResult{{1.0 * game, 2.0, -1.0}, winners[static_cast<std::size_t>(game)], 10.0 + game};
  });
  CHECK(played == std::vector<int>{0, 1, 2, 3});
  CHECK(summary.policies == std::vector<std::string>(3, "random"));
  REQUIRE(summary.wins.size() == 3);
  CHECK(summary.wins[0] == Approx(1.0 + 1.0 / 3));
  CHECK(summary.wins[1] == Approx(0.5 + 1.0 / 3));
  CHECK(summary.wins[2] == Approx(0.5 + 1.0 / 3));
  CHECK(summary.mean_final == std::vector<double>{1.5, 2.0, -1.0});
  CHECK(summary.mean_turns == Approx(11.5));
  CHECK(run.games() == 4);
}

TEST_CASE("the same seed gives the same run", "[simulation]") {
  const auto draws = [](std::uint64_t seed) {
    rules::SimulationRequest r = request(2, 3);
    r.seed = seed;
    std::vector<rules::Rng::result_type> first_draws;
    rules::SimulationRun(r, "random", {"random"}).play([&](int, rules::Rng& rng) {
      first_draws.push_back(rng());
      return rules::GameResult{{0.0, 0.0}, {}, 0.0};
    });
    return first_draws;
  };
  CHECK(draws(5) == draws(5));
  CHECK(draws(5) != draws(6));
  const std::vector<rules::Rng::result_type> games = draws(5);
  CHECK(games[0] != games[1]);
}
