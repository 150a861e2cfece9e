// The per-card table (issue 10, item 3): internally consistent, and the start of every turn
// recomputed from the engine's first throw.
#include <cmath>

#include <catch2/catch.hpp>

#include "advice_fixtures.hpp"
#include "rules/piraten/fortune_deck.hpp"

using namespace qm::advice;
using namespace qm::advice::testing;
using qm::piraten::Action;
using qm::piraten::FaceCounts;
using qm::piraten::FortuneCard;
using qm::piraten::Turn;

namespace {

// Chance that eight dice show at least `skulls` skulls.
double at_least_skulls(int skulls) {
  double chance = 0;
  for (int k = std::max(0, skulls); k <= 8; ++k)
    chance += std::tgamma(9.0) / (std::tgamma(k + 1.0) * std::tgamma(9.0 - k)) * std::pow(1.0 / 6, k) * std::pow(5.0 / 6, 8 - k);
  return chance;
}

const TurnOutlook& row(const DeckTable& table, FortuneCard card) { return table.cards[static_cast<std::size_t>(card)].outlook; }

}  // namespace

TEST_CASE("the per-card table adds up", "[advice]") {
  const DeckTable table = deck_table(own_points());
  REQUIRE(table.cards.size() == static_cast<std::size_t>(qm::piraten::kFortuneCardKinds));
  const qm::piraten::CardCounts deck = qm::piraten::fortune_deck(false);
  const qm::piraten::CardCounts promo = qm::piraten::fortune_deck(true);
  double expected = 0, expected_promo = 0, death = 0;
  for (std::size_t c = 0; c < table.cards.size(); ++c) {
    const TurnOutlook& outlook = table.cards[c].outlook;
    INFO(qm::notation::to_string(table.cards[c].card));
    CHECK(table.cards[c].card == static_cast<FortuneCard>(c));
    for (double chance : {outlook.death_chance, outlook.island_chance, outlook.full_chest_chance}) {
      CHECK(chance >= 0);
      CHECK(chance <= 1);
    }
    CHECK(outlook.death_chance + outlook.island_chance <= 1 + 1e-12);
    expected += deck[c] * outlook.expected / 35.0;
    expected_promo += promo[c] * outlook.expected / 37.0;
    death += deck[c] * outlook.death_chance / 35.0;
  }
  CHECK(table.deck.expected == Approx(expected).epsilon(1e-12));
  CHECK(table.deck_promo.expected == Approx(expected_promo).epsilon(1e-12));
  CHECK(table.deck.death_chance == Approx(death).epsilon(1e-12));
}

TEST_CASE("the table's Island chances are the first throw's skulls", "[advice]") {
  const DeckTable table = deck_table(own_points());
  CHECK(row(table, FortuneCard::captain).island_chance == Approx(at_least_skulls(4)).epsilon(1e-12));
  CHECK(row(table, FortuneCard::skull_1).island_chance == Approx(at_least_skulls(3)).epsilon(1e-12));
  CHECK(row(table, FortuneCard::skull_2).island_chance == Approx(at_least_skulls(2)).epsilon(1e-12));
  for (FortuneCard card : {FortuneCard::sea_battle_2, FortuneCard::sea_battle_3, FortuneCard::sea_battle_4})
    CHECK(row(table, card).island_chance == 0);  // four skulls there are death
  CHECK(row(table, FortuneCard::storm).full_chest_chance == 0);  // the storm has no Full Chest
}

TEST_CASE("the table's cards compare as their rules do", "[advice]") {
  const DeckTable table = deck_table(own_points());
  // The coin and diamond cards are the same game with the faces swapped.
  CHECK(row(table, FortuneCard::coin).expected == Approx(row(table, FortuneCard::diamond).expected).epsilon(1e-12));
  // The captain doubles plain play; the sorceress and the chest only add options to it.
  const double plain = row(table, FortuneCard::captain).expected / 2;
  CHECK(row(table, FortuneCard::sorceress).expected > plain);
  CHECK(row(table, FortuneCard::chest).expected > plain);
  // Harder sea battles are worth less; more skulls on the card are worth less.
  CHECK(row(table, FortuneCard::sea_battle_2).expected > row(table, FortuneCard::sea_battle_3).expected);
  CHECK(row(table, FortuneCard::sea_battle_3).expected > row(table, FortuneCard::sea_battle_4).expected);
  CHECK(row(table, FortuneCard::skull_1).expected > row(table, FortuneCard::skull_2).expected);
  CHECK(row(table, FortuneCard::skull_1).expected < plain);
  // Counting Island deductions can only add.
  for (FortuneCard card : {FortuneCard::captain, FortuneCard::skull_2})
    CHECK(two_opponents().card(card).outlook().expected > own_points().card(card).outlook().expected);
}

TEST_CASE("a whole turn's expectation is the first throw's outcome by outcome through the engine", "[advice]") {
  for (int c = 0; c < qm::piraten::kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    const CardSolver& solver = own_points().card(card);
    INFO(qm::notation::to_string(card));
    double expected = 0, island = 0;
    for (const FaceCounts& faces : qm::piraten::dice_multisets(qm::piraten::kDiceCount)) {
      Turn turn = Turn::start(card);
      turn.apply(Action::roll(faces));
      const double p = qm::piraten::roll_probability(faces);
      expected += p * (turn.is_over() ? turn.points().score : solver.value(turn));
      if (turn.skull_island) island += p;
    }
    CHECK(solver.outlook().expected == Approx(expected).epsilon(1e-12));
    CHECK(solver.outlook().island_chance == Approx(island).epsilon(1e-12));
  }
}
