// The optimal policy (issue 10, item 5) in turns played through the full game engine: every move
// legal, and the mean points per turn, the death and Island shares within sampling error of the
// exact table. (The bench plays 100,000 turns per card and compares with greedy and cautious.)
#include <cmath>

#include <catch2/catch.hpp>

#include "advice/turn_runs.hpp"
#include "advice_fixtures.hpp"
#include "cli/game_catalogue.hpp"

using namespace qm::advice;
using namespace qm::advice::testing;
using qm::piraten::FortuneCard;

TEST_CASE("the optimal policy plays the table's expectation within sampling error", "[advice]") {
  constexpr long kTurns = 3000;
  constexpr double kSigmas = 4.5;  // 13 cards x 3 figures: a false alarm about once in 3,000 runs
  for (int c = 0; c < qm::piraten::kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    const TurnOutlook outlook = own_points().card(card).outlook();
    const TurnRuns runs = run_turns(card, kTurns, 1000 + static_cast<std::uint64_t>(c),
                                    [](const qm::piraten::State& state, qm::rules::Rng&) { return optimal_move(own_points(), state); });
    INFO(qm::notation::to_string(card) << ": mean " << runs.mean << " +- " << runs.standard_error() << ", exact " << outlook.expected);
    CHECK(std::abs(runs.mean - outlook.expected) <= kSigmas * runs.standard_error());
    auto share_error = [](double p) { return std::sqrt(p * (1 - p) / kTurns); };
    CHECK(std::abs(runs.death_share - outlook.death_chance) <= kSigmas * share_error(outlook.death_chance) + 1e-12);
    CHECK(std::abs(runs.island_share - outlook.island_chance) <= kSigmas * share_error(outlook.island_chance) + 1e-12);
  }
}

TEST_CASE("simulate piraten --policy optimal plays whole games and beats greedy heads-up", "[advice]") {
  qm::rules::SimulationRequest request;
  request.players = 2;
  request.games = 400;
  request.seed = 21;
  request.policies = {"optimal", "greedy"};
  const auto summary = qm::cli::find_game("piraten")->simulate(request);
  for (const auto& [name, held] : summary.checks) {
    INFO(name);
    CHECK(held);
  }
  INFO("optimal won " << summary.wins[0] << " of 400");
  CHECK(summary.wins[0] > summary.wins[1]);
}
