#include <catch2/catch.hpp>

#include <random>

#include "tests/corsari/hands.hpp"
#include "reference.hpp"
#include "scoring/corsari/additions.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"

using namespace qm::corsari;

namespace {

using qm::corsari::testing::cards;
CardSet set(const std::string& text) { return CardSet(cards(text)); }

// The rule text's example crew: orange 1 2 7 8 and purple 3 10.
const CardSet kExampleCrew = set("orange1 orange2 orange7 orange8 purple3 purple10");

std::string violation(const std::vector<Card>& additions, const CardSet& hand) {
  try {
    check_additions("Bob", kExampleCrew, hand, additions);
  } catch (const qm::RuleViolation& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the rule text's example allows orange 9 and refuses purple 7", "[corsari][additions]") {
  const CardSet hand = set("orange9 purple7 red5");
  CHECK(violation(cards("orange9"), hand).empty());
  CHECK(violation(cards("purple7"), hand) == "Bob cannot add purple7: the sailor's crew already has a 7");
  CHECK(addable_cards(kExampleCrew, hand) == set("orange9"));
}

TEST_CASE("one opponent adds at most one card per number", "[corsari][additions]") {
  const CardSet hand = set("orange9 purple9");
  CHECK(violation(cards("orange9 purple9"), hand) == "Bob cannot add two cards of number 9: at most one card per number");
  CHECK(violation(cards("purple9"), hand).empty());
  // Two opponents each holding a 9 may both add it: each is checked against the sailor's crew only.
  CHECK(violation(cards("orange9"), set("orange9")).empty());
  CHECK(violation(cards("purple9"), set("purple9")).empty());
}

TEST_CASE("stated additions are refused with a reason", "[corsari][additions]") {
  const CardSet hand = set("orange9 red4 purple5");
  CHECK(violation(cards("red4"), hand) ==
        "Bob cannot add red4: red is not a colour of the sailor's crew (purple, orange)");
  CHECK(violation(cards("orange11"), hand) == "Bob cannot add orange11: it is not in Bob's hand");
  const Card orange9{Colour::orange, 9};
  CHECK(violation({orange9, Card{Colour::purple, 5}, orange9}, hand) == "Bob lists orange9 twice");
  CHECK_THROWS_AS(check_additions("Bob", CardSet(), hand, cards("orange9")), qm::RuleViolation);
  CHECK_NOTHROW(check_additions("Bob", CardSet(), hand, {}));
}

TEST_CASE("the best additions lower the opponent's own total", "[corsari][additions]") {
  // Crew numbers 1 2 3 7 8 10: open are 4 5 6 9 11. Without additions grey + orange crews and 22
  // points stay aboard; giving away purple4, one 9 and orange11 leaves only the other 9.
  const CardSet hand = set("orange9 purple9 orange11 purple4 grey3 grey4 grey5 grey6 grey7 grey8 grey9 grey10");
  CHECK(best_stowaway_total(Colour::lightblue, hand) == 22);
  const CardSet additions = best_additions(Colour::lightblue, kExampleCrew, hand);
  CHECK(additions == set("purple4 purple9 orange11"));
  CHECK(best_stowaway_total(Colour::lightblue, hand - additions) == 9);
  CHECK(best_additions(Colour::lightblue, kExampleCrew.cards(), hand.cards()) == cards("purple4 purple9 orange11"));
}

TEST_CASE("the choice between two cards of one number is exact", "[corsari][additions]") {
  // Keeping purple9 joins it to purple2 (purple + red crew, 3 left); keeping orange9 instead
  // leaves 5. The first colour in colour order (purple) is not the right one to add here.
  const CardSet crew = set("purple1 orange2");
  const CardSet hand = set("purple2 orange9 purple9 green3 red4");
  const CardSet additions = best_additions(Colour::pink, crew, hand);
  CHECK(additions == set("orange9"));
  CHECK(best_stowaway_total(Colour::pink, hand - additions) == 3);
  CHECK(best_stowaway_total(Colour::pink, hand - set("purple9")) == 5);
}

TEST_CASE("best additions match the brute-force reference on random hands", "[corsari][additions][property]") {
  std::mt19937_64 rng(777);
  for (int trial = 0; trial < 800; ++trial) {
    INFO("trial " << trial);
    const Colour tavern = testing::random_colour(rng);
    const std::vector<Card> sailor = testing::random_hand(rng, 12, 3 + trial % 4);
    const Grouping grouping = best_grouping(tavern, sailor);
    const std::vector<Card> hand = testing::random_hand(rng, trial % 7 == 0 ? static_cast<int>(rng() % 14) : 12,
                                                        2 + trial % 4, sailor);
    const CardSet additions = best_additions(tavern, CardSet(grouping.crew), CardSet(hand));
    REQUIRE_NOTHROW(check_additions("Bob", CardSet(grouping.crew), CardSet(hand), additions.cards()));
    REQUIRE(best_stowaway_total(tavern, CardSet(hand) - additions) ==
            reference::best_total_after_additions(tavern, grouping.crew, hand));
  }
}
