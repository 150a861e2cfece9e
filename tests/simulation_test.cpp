// The set-up every game's simulate() shares (rules/simulation.hpp): the count of games, the
// policies of the seats, one generator per game, games on several threads merged in order,
// shared wins and the means.
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
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

// What a test's games tally: the games in the order their chunks were merged.
struct GameOrder {
  std::vector<int> games;
  void merge(const GameOrder& chunk) { games.insert(games.end(), chunk.games.begin(), chunk.games.end()); }
};

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
  GameOrder played;
  const rules::SimulationSummary summary = run.play([&](int game, rules::Rng& rng, GameOrder& tally) {
    tally.games.push_back(game);
    rules::Rng expected = rules::game_rng(7, game);
    CHECK(rng() == expected());
    // Game 0: seat 0 wins alone; game 1: seats 1 and 2 share; game 2: nobody; game 3: all three.
    const std::vector<std::vector<int>> winners{{0}, {1, 2}, {}, {0, 1, 2}};
    return rules::GameResult{{1.0 * game, 2.0, -1.0}, winners[static_cast<std::size_t>(game)], 10.0 + game};
  }, played);
  CHECK(played.games == std::vector<int>{0, 1, 2, 3});
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
    struct FirstDraws {
      std::vector<rules::Rng::result_type> draws;
      void merge(const FirstDraws& chunk) { draws.insert(draws.end(), chunk.draws.begin(), chunk.draws.end()); }
    } first;
    rules::SimulationRun(r, "random", {"random"}).play([](int, rules::Rng& rng, FirstDraws& tally) {
      tally.draws.push_back(rng());
      return rules::GameResult{{0.0, 0.0}, {}, 0.0};
    }, first);
    return first.draws;
  };
  CHECK(draws(5) == draws(5));
  CHECK(draws(5) != draws(6));
  const std::vector<rules::Rng::result_type> games = draws(5);
  CHECK(games[0] != games[1]);
}

TEST_CASE("games on several threads are merged in the order of the games", "[simulation][jobs]") {
  for (const int jobs : {1, 2, 5}) {
    INFO(jobs << " threads");
    rules::SimulationRequest r = request(2, 3 * rules::SimulationRun::kChunkGames + 5);
    r.jobs = jobs;
    GameOrder order;
    const rules::SimulationSummary summary = rules::SimulationRun(r, "random", {"random"}).play(
        [](int game, rules::Rng&, GameOrder& tally) {
          tally.games.push_back(game);
          // Finals that differ in their last bits, so a sum in another order would show.
          return rules::GameResult{{1.0 / (game + 3), 0.1 * game}, {game % 2}, 1.0 / (game + 1)};
        },
        order);
    std::vector<int> expected(static_cast<std::size_t>(r.games));
    for (int game = 0; game < r.games; ++game) expected[static_cast<std::size_t>(game)] = game;
    CHECK(order.games == expected);

    rules::SimulationRequest one = r;
    one.jobs = 1;
    GameOrder ignored;
    const rules::SimulationSummary alone = rules::SimulationRun(one, "random", {"random"}).play(
        [](int game, rules::Rng&, GameOrder&) {
          return rules::GameResult{{1.0 / (game + 3), 0.1 * game}, {game % 2}, 1.0 / (game + 1)};
        },
        ignored);
    CHECK(summary.mean_final == alone.mean_final);  // exactly: the same sums in the same order
    CHECK(summary.mean_turns == alone.mean_turns);
    CHECK(summary.wins == alone.wins);
  }
}

TEST_CASE("a game that fails on one thread fails the run", "[simulation][jobs]") {
  rules::SimulationRequest r = request(2, 10 * rules::SimulationRun::kChunkGames);
  r.jobs = 3;
  GameOrder order;
  CHECK_THROWS_WITH(rules::SimulationRun(r, "random", {"random"}).play(
                        [](int game, rules::Rng&, GameOrder&) {
                          if (game == 300) throw std::runtime_error("game 300 broke");
                          return rules::GameResult{{0.0, 0.0}, {}, 0.0};
                        },
                        order),
                    "game 300 broke");
  r.jobs = 0;
  CHECK_THROWS_WITH(rules::SimulationRun(r, "random", {"random"}), "simulate on at least one thread, not 0");
}

TEST_CASE("a run reports its progress on the calling thread, ending with every game", "[simulation][jobs]") {
  rules::SimulationRequest r = request(2, 4 * rules::SimulationRun::kChunkGames);
  r.jobs = 2;
  std::vector<int> reports;
  r.progress = [&reports](int done) { reports.push_back(done); };
  GameOrder order;
  rules::SimulationRun(r, "random", {"random"}).play(
      [](int, rules::Rng&, GameOrder&) { return rules::GameResult{{0.0, 0.0}, {}, 0.0}; }, order);
  REQUIRE_FALSE(reports.empty());
  CHECK(reports.back() == r.games);
  CHECK(std::is_sorted(reports.begin(), reports.end()));
}

TEST_CASE("every game gives the same summary on one thread and on several", "[simulation][jobs]") {
  for (const cli::GameEntry& game : cli::game_catalogue()) {
    if (!game.simulate) continue;
    INFO(game.name);
    // More than two chunks, so that chunks finish out of order; Pirate's Code's deducers are slow.
    const int games = game.name == "pirates-code" ? rules::SimulationRun::kChunkGames + 6
                                                  : 2 * rules::SimulationRun::kChunkGames + 9;
    rules::SimulationRequest r = request(4, games);
    r.jobs = 1;
    const rules::SimulationSummary one = game.simulate(r);
    r.jobs = 3;
    const rules::SimulationSummary three = game.simulate(r);
    CHECK(three.wins == one.wins);
    CHECK(three.mean_final == one.mean_final);
    CHECK(three.mean_turns == one.mean_turns);
    CHECK(three.checks == one.checks);
    CHECK(three.extra == one.extra);
    for (const auto& [name, held] : one.checks) CHECK(held);
  }
}
