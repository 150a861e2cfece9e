#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "tests/corsari/hands.hpp"
#include "reference.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

using namespace qm::corsari;

namespace {

using qm::corsari::testing::cards;

}  // namespace

TEST_CASE("the rule text's example leaves purple 2 grey 2 and green 1 as stowaways", "[corsari][grouping]") {
  // Rules text, "Hoist the sails!": light-blue tavern; yellow 6 was the face-down discard.
  const Grouping grouping = best_grouping(
      Colour::lightblue,
      cards("lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"));
  CHECK(grouping.stowaway_total == 5);
  CHECK(grouping.prisoners == cards("lightblue7 lightblue9 lightblue11"));
  CHECK(grouping.crew == cards("purple3 purple10 orange1 orange2 orange7 orange8"));
  CHECK(grouping.crew_colours == std::vector<Colour>{Colour::purple, Colour::orange});
  CHECK(grouping.stowaways == cards("purple2 grey2 green1"));
}

TEST_CASE("every card of the tavern colour is a prisoner and never a crew member", "[corsari][grouping]") {
  const Grouping grouping = best_grouping(Colour::red, cards("red1 red2 red3 red4 red5 red6 red7 red8 red9 red10 red11 blue5"));
  CHECK(grouping.prisoners.size() == 11);
  CHECK(grouping.crew == cards("blue5"));
  CHECK(grouping.stowaway_total == 0);
}

TEST_CASE("a crew holds at most two colours", "[corsari][grouping]") {
  const Grouping grouping = best_grouping(Colour::pink, cards("red11 blue10 green9 yellow8"));
  CHECK(grouping.crew == cards("blue10 red11"));
  CHECK(grouping.stowaways == cards("yellow8 green9"));
  CHECK(grouping.stowaway_total == 17);
}

TEST_CASE("the optimum is exact where a greedy choice of colours fails", "[corsari][grouping]") {
  // Greedy would crew red (the biggest colour, 11+10+9 = 30) first; red's numbers repeat in both
  // other colours, so blue + green (10+11+9+8 = 38) is better.
  const Grouping grouping =
      best_grouping(Colour::pink, cards("red11 red10 red9 blue11 blue10 green9 green8 blue1"));
  int reference_cards = 0;
  CHECK(grouping.stowaway_total == reference::stowaway_total(Colour::pink, cards("red11 red10 red9 blue11 blue10 green9 green8 blue1"), &reference_cards));
  CHECK(grouping.crew_colours == std::vector<Colour>{Colour::blue, Colour::green});
  CHECK(grouping.stowaway_total == 30);
}

TEST_CASE("equal optima prefer more crew cards then the colour order", "[corsari][grouping]") {
  // blue + green and red + green both crew 7 points; red + green has three cards and wins,
  // although blue comes before red in the colour order.
  const Grouping more_cards = best_grouping(Colour::pink, cards("blue3 red1 red2 green4"));
  CHECK(more_cards.crew == cards("red1 red2 green4"));
  CHECK(more_cards.stowaways == cards("blue3"));
  CHECK(more_cards.stowaway_total == 3);
  // Three single 5s of different colours: any two crew; the earliest pair in colour order does.
  const Grouping order = best_grouping(Colour::pink, cards("green5 purple5 red5"));
  CHECK(order.crew_colours == std::vector<Colour>{Colour::purple});
  CHECK(order.crew == cards("purple5"));
  CHECK(order.stowaway_total == 10);
}

TEST_CASE("a repeated number stays with the colour that has more cards", "[corsari][grouping]") {
  const Grouping grouping = best_grouping(Colour::pink, cards("purple4 red4 red5 red6"));
  CHECK(grouping.crew == cards("red4 red5 red6"));
  CHECK(grouping.stowaways == cards("purple4"));
  CHECK(grouping.crew_colours == std::vector<Colour>{Colour::red});
}

TEST_CASE("the command-line example totals 5", "[corsari][grouping]") {
  // CLI.md: tavern lightblue, this hand: stowaway_total 5.
  const Grouping grouping = best_grouping(
      Colour::lightblue,
      cards("lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"));
  CHECK(grouping.stowaway_total == 5);
}

TEST_CASE("empty and tavern-only hands have no stowaways", "[corsari][grouping]") {
  CHECK(best_grouping(Colour::grey, {}).stowaway_total == 0);
  CHECK(best_grouping(Colour::grey, {}).crew_colours.empty());
  CHECK(best_grouping(Colour::grey, cards("grey1 grey11")).crew.empty());
}

TEST_CASE("a card named twice is refused", "[corsari][grouping]") {
  CHECK_THROWS_AS(best_grouping(Colour::grey, {Card{Colour::red, 3}, Card{Colour::red, 3}}), qm::InputError);
}

TEST_CASE("grouping matches the brute-force reference on random hands", "[corsari][grouping][property]") {
  std::mt19937_64 rng(20240611);
  for (int trial = 0; trial < 4000; ++trial) {
    const int colours = 2 + trial % 9;
    const int size = trial % 5 == 0 ? static_cast<int>(rng() % 14) : 12;
    const std::vector<Card> hand = testing::random_hand(rng, size, colours);
    const Colour tavern = testing::random_colour(rng);
    INFO("trial " << trial);
    const Grouping grouping = best_grouping(tavern, hand);
    int reference_cards = 0;
    REQUIRE(grouping.stowaway_total == reference::stowaway_total(tavern, hand, &reference_cards));
    REQUIRE(static_cast<int>(grouping.crew.size()) == reference_cards);
    REQUIRE(best_stowaway_total(tavern, CardSet(hand)) == grouping.stowaway_total);

    // The three groups partition the hand and each obeys its rule.
    REQUIRE(grouping.prisoners.size() + grouping.crew.size() + grouping.stowaways.size() == hand.size());
    CardSet all(grouping.prisoners);
    all |= CardSet(grouping.crew);
    all |= CardSet(grouping.stowaways);
    REQUIRE(all == CardSet(hand));
    for (const Card card : grouping.prisoners) REQUIRE(card.colour == tavern);
    for (const Card card : grouping.stowaways) REQUIRE(card.colour != tavern);
    REQUIRE(grouping.crew_colours.size() <= 2);
    NumberMask numbers = 0;
    for (const Card card : grouping.crew) {
      REQUIRE(card.colour != tavern);
      REQUIRE((numbers & number_bit(card.number)) == 0);
      numbers |= number_bit(card.number);
    }
    REQUIRE(grouping.stowaway_total == CardSet(grouping.stowaways).total());
  }
}

TEST_CASE("the totals without each card equal a search without that card", "[corsari][grouping][property]") {
  std::mt19937_64 rng(20250301);
  for (int trial = 0; trial < 4000; ++trial) {
    // Few colours make the best pair hold most cards, so giving one up moves the best pair.
    const int colours = 1 + trial % 10;
    const int size = trial % 3 == 0 ? static_cast<int>(rng() % 15) : 13;
    const CardSet hand(testing::random_hand(rng, size, colours));
    const Colour tavern = testing::random_colour(rng);
    TotalsByCard totals;
    totals.fill(-1);
    best_stowaway_totals_without_each(tavern, hand, totals);
    INFO("trial " << trial);
    for (int index = 0; index < kDeckSize; ++index) {
      const Card card = Card::from_index(index);
      INFO(qm::notation::to_string(card));
      if (!hand.contains(card)) {
        REQUIRE(totals[static_cast<std::size_t>(index)] == -1);
        continue;
      }
      CardSet without = hand;
      without.erase(card);
      REQUIRE(totals[static_cast<std::size_t>(index)] == best_stowaway_total(tavern, without));
    }
  }
}

TEST_CASE("the least total after giving up one card is the least of the totals without each", "[corsari][grouping][property]") {
  std::mt19937_64 rng(20250302);
  for (int trial = 0; trial < 4000; ++trial) {
    const int colours = 1 + trial % 10;
    const int size = trial % 3 == 0 ? static_cast<int>(rng() % 15) : 13;
    const CardSet hand(testing::random_hand(rng, size, colours));
    const Colour tavern = testing::random_colour(rng);
    int least = best_stowaway_total(tavern, hand);  // a hand without cards keeps its own total
    for (const Card card : hand.cards()) {
      CardSet without = hand;
      without.erase(card);
      least = std::min(least, best_stowaway_total(tavern, without));
    }
    INFO("trial " << trial << ": " << hand.size() << " cards");
    REQUIRE(best_stowaway_total_giving_up_one(tavern, hand) == least);
  }
}
