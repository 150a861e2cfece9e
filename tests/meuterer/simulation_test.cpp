#include <catch2/catch.hpp>

#include "rules/meuterer/simulation.hpp"
#include "scoring/input_error.hpp"
#include "test_support.hpp"
#include "tests/common/simulation_request.hpp"

using namespace qm::meuterer;
using namespace qm::meuterer::test;

namespace {

using qm::testing::simulation_request;

void require_all_checks(const qm::rules::SimulationSummary& summary) {
  REQUIRE(summary.checks.size() == 5);
  for (const auto& [name, held] : summary.checks) {
    INFO(name);
    CHECK(held);
  }
}

}  // namespace

TEST_CASE("Simulated games hold every check and count their wins", "[meuterer][simulation]") {
  const auto summary = simulate(simulation_request(4, 500, 1), default_components());
  require_all_checks(summary);
  CHECK(summary.policies == std::vector<std::string>(4, "random"));
  CHECK(summary.mean_turns == 8);
  double wins = 0;
  for (double w : summary.wins) wins += w;
  CHECK(wins == Approx(500));
  CHECK(summary.extra["mutinies_per_game"].get<double>() > 0);
}

TEST_CASE("The same seed gives bit-identical results and another seed differs", "[meuterer][simulation]") {
  const auto a = simulate(simulation_request(3, 200, 42, {"greedy", "random", "random"}), default_components());
  const auto b = simulate(simulation_request(3, 200, 42, {"greedy", "random", "random"}), default_components());
  const auto c = simulate(simulation_request(3, 200, 43, {"greedy", "random", "random"}), default_components());
  CHECK(a.wins == b.wins);
  CHECK(a.mean_final == b.mean_final);
  CHECK(a.extra == b.extra);
  CHECK(a.mean_turns == 9);
  CHECK(a.mean_final != c.mean_final);
}

TEST_CASE("The pirate variant raids and still holds every check", "[meuterer][simulation][pirate]") {
  const auto summary = simulate(simulation_request(4, 500, 5, {}, {"pirate=on"}), default_components());
  require_all_checks(summary);
  CHECK(summary.extra["pirate_raids_per_game"].get<double>() > 0);
  const auto plain = simulate(simulation_request(4, 100, 5), default_components());
  CHECK(plain.extra["pirate_raids_per_game"].get<double>() == 0);
}

TEST_CASE("A greedy seat outscores random seats", "[meuterer][simulation]") {
  const auto summary = simulate(simulation_request(4, 1000, 9, {"random", "greedy", "random", "random"}), default_components());
  require_all_checks(summary);
  CHECK(summary.wins[1] > summary.wins[2]);
  CHECK(summary.mean_final[1] > summary.mean_final[2]);
  CHECK(summary.mean_final[1] > summary.mean_final[3]);
}

TEST_CASE("Bad simulation requests are input errors", "[meuterer][simulation]") {
  CHECK_THROWS_AS(simulate(simulation_request(2, 1, 1), default_components()), qm::InputError);
  CHECK_THROWS_AS(simulate(simulation_request(5, 1, 1), default_components()), qm::InputError);
  CHECK_THROWS_WITH(simulate(simulation_request(4, 1, 1, {"clever"}), default_components()), Catch::Contains("unknown policy 'clever'"));
  CHECK_THROWS_WITH(simulate(simulation_request(4, 1, 1, {}, {"pirates=on"}), default_components()),
                    "unknown option 'pirates' for meuterer");
  CHECK_THROWS_AS(simulate(simulation_request(4, 1, 1, {}, {"rounds=0"}), default_components()), qm::InputError);
  CHECK_THROWS_WITH(simulate(simulation_request(4, 1, 1, {}, {"data=/nonexistent"})), Catch::Contains("/nonexistent/components.json"));
}

TEST_CASE("simulate reads the data directory given as an option", "[meuterer][simulation]") {
  const auto summary = simulate(simulation_request(4, 20, 3, {}, {"data=" + std::string(QM_DATA_DIR) + "/meuterer", "rounds=3"}));
  require_all_checks(summary);
  CHECK(summary.mean_turns == 3);
}
