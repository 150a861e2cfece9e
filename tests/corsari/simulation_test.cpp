#include <catch2/catch.hpp>

#include <random>

#include "rules/corsari/policies.hpp"
#include "rules/corsari/simulation.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

using namespace qm::corsari;

namespace {

qm::rules::SimulationRequest request(int players, int games, std::vector<std::string> policies = {},
                                     std::vector<std::string> options = {}) {
  qm::rules::SimulationRequest r;
  r.players = players;
  r.games = games;
  r.seed = 99;
  r.policies = std::move(policies);
  r.options = qm::rules::GameOptions::parse(options);
  return r;
}

}  // namespace

TEST_CASE("simulation runs complete matches with every check holding", "[corsari][simulation]") {
  for (int players = 2; players <= 4; ++players) {
    const std::vector<std::string> policies =
        players == 2 ? std::vector<std::string>{"greedy", "random"} : std::vector<std::string>{};
    const auto summary = simulate(request(players, 40, policies));
    INFO(players << " players");
    CHECK(summary.policies.size() == static_cast<std::size_t>(players));
    double wins = 0;
    for (const double w : summary.wins) wins += w;
    CHECK(wins == Approx(40));
    CHECK(summary.mean_turns > 1);
    REQUIRE(summary.checks.size() == 5);
    for (const auto& [name, ok] : summary.checks) {
      INFO(name);
      CHECK(ok);
    }
  }
}

TEST_CASE("greedy beats random", "[corsari][simulation]") {
  const auto summary = simulate(request(2, 100, {"greedy", "random"}));
  CHECK(summary.wins[0] > 80);
}

TEST_CASE("the same seed gives the same results", "[corsari][simulation]") {
  const auto a = simulate(request(3, 20, {"random", "greedy", "greedy"}, {"limit=60", "sail_at=8"}));
  const auto b = simulate(request(3, 20, {"random", "greedy", "greedy"}, {"limit=60", "sail_at=8"}));
  CHECK(a.wins == b.wins);
  CHECK(a.mean_final == b.mean_final);
  CHECK(a.mean_turns == b.mean_turns);
  CHECK(a.extra == b.extra);
  auto other_seed = request(3, 20, {"random", "greedy", "greedy"}, {"limit=60", "sail_at=8"});
  other_seed.seed = 100;
  CHECK(simulate(other_seed).mean_final != a.mean_final);
}

TEST_CASE("the limit option shortens matches", "[corsari][simulation]") {
  const auto shorter = simulate(request(2, 30, {}, {"limit=30"}));
  const auto longer = simulate(request(2, 30, {}, {"limit=200"}));
  CHECK(shorter.mean_turns < longer.mean_turns);
  CHECK(shorter.extra["limit"] == 30);
}

TEST_CASE("bad simulation requests are refused", "[corsari][simulation]") {
  CHECK_THROWS_AS(simulate(request(1, 1)), qm::InputError);
  CHECK_THROWS_AS(simulate(request(5, 1)), qm::InputError);
  CHECK_THROWS_AS(simulate(request(2, 0)), qm::InputError);
  CHECK_THROWS_AS(simulate(request(2, 1, {"clever"})), qm::InputError);
  CHECK_THROWS_AS(simulate(request(2, 1, {"greedy", "greedy", "greedy"})), qm::InputError);
  CHECK_THROWS_WITH(simulate(request(2, 1, {}, {"target=5"})), "unknown option 'target' for corsari");
  CHECK_THROWS_AS(simulate(request(2, 1, {}, {"limit=0"})), qm::InputError);
}

TEST_CASE("greedy discards the card that least raises its total and sails at its threshold", "[corsari][policy]") {
  // 13 cards: the example hand plus yellow6, which is a stowaway whatever happens.
  const CardSet hand(qm::notation::parse_corsari_cards(
      {"lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1 yellow6"}));
  const BestDiscard discard = best_discard(Colour::lightblue, hand);
  CHECK(discard.card == Card{Colour::yellow, 6});
  CHECK(discard.total == 5);
  CHECK(make_policy("greedy").kind == PolicyKind::greedy);
  CHECK_THROWS_AS(make_policy("clever"), qm::InputError);
}

TEST_CASE("greedy's discard is the lowest total after giving up one card and the higher number on a tie", "[corsari][policy][property]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 3000; ++trial) {
    const Colour tavern = static_cast<Colour>(rng() % kColourCount);
    CardSet hand;
    const int colours = 2 + trial % 9;
    while (hand.size() < 13) hand.insert(Card{static_cast<Colour>(rng() % colours), static_cast<int>(rng() % kMaxNumber) + 1});
    // The rule of policies.hpp, card by card in canonical order: later cards win ties of number.
    BestDiscard expected{Card{}, -1};
    for (const Card card : hand.cards()) {
      CardSet without = hand;
      without.erase(card);
      const int total = best_stowaway_total(tavern, without);
      if (expected.total < 0 || total < expected.total || (total == expected.total && card.number >= expected.card.number))
        expected = BestDiscard{card, total};
    }
    const BestDiscard discard = best_discard(tavern, hand);
    INFO("trial " << trial);
    REQUIRE(discard.card == expected.card);
    REQUIRE(discard.total == expected.total);
  }
}

TEST_CASE("the simulation signature is pinned for seed 1", "[corsari][simulation]") {
  // A change here means matches play differently: only an intended change of the rules or of a
  // policy updates these numbers (speed-ups must leave them as they are).
  // (Changed once with how each game's generator is seeded from the run's seed.)
  auto pinned = request(4, 200);
  pinned.seed = 1;
  const auto summary = simulate(pinned);
  CHECK(summary.wins == std::vector<double>{44, 51, 51, 54});
  CHECK(summary.mean_turns * 200 == Approx(2237));
  CHECK(summary.mean_final[0] * 200 == Approx(20542));
  CHECK(summary.mean_final[3] * 200 == Approx(19869));
}
