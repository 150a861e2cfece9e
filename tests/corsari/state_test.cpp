#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/common/random_simulation.hpp"
#include "rules/corsari/deck.hpp"
#include "rules/corsari/state.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/corsari/hands.hpp"

using namespace qm::corsari;

namespace {

using qm::corsari::testing::cards;

// A deck order starting with `first`, then every other card in canonical order.
std::vector<Card> order_starting(const std::vector<Card>& first) {
  std::vector<Card> order = first;
  for (const Card card : full_deck())
    if (std::find(first.begin(), first.end(), card) == first.end()) order.push_back(card);
  return order;
}

State dealt(int players, const std::vector<Card>& order = full_deck()) {
  State state(Rules{players, kDefaultLimit, 0});
  state.apply_action(Action::shuffle(order));
  return state;
}

// A two-player deal (seat 0 deals) in which seat 1 holds `hand` and the tavern shows `tavern_top`.
State deal_two(const std::vector<Card>& hand, Card tavern_top) {
  std::vector<Card> rest = full_deck();
  rest.erase(std::remove_if(rest.begin(), rest.end(),
                            [&](Card c) { return c == tavern_top || std::find(hand.begin(), hand.end(), c) != hand.end(); }),
             rest.end());
  std::vector<Card> first;
  std::size_t next = 0;
  for (std::size_t k = 0; k < 24; ++k) first.push_back(k % 2 == 0 ? hand[k / 2] : rest[next++]);
  for (int k = 0; k < 6; ++k) first.push_back(rest[next++]);
  first.push_back(tavern_top);
  return dealt(2, order_starting(first));
}

void refused(State& state, const Action& action, const std::string& reason) {
  const State before = state;
  CHECK_THROWS_WITH(state.apply_action(action), reason);
  CHECK(state == before);
}

}  // namespace

TEST_CASE("a deal gives 12 cards one at a time a tavern of 5 plus players and one discard", "[corsari][engine]") {
  for (int players = 2; players <= 4; ++players) {
    const State state = dealt(players);
    const std::vector<Card> order = full_deck();
    INFO(players << " players");
    CHECK(state.current_player() == 1);  // the dealer (seat 0)'s left
    for (int k = 0; k < 12 * players; ++k)
      CHECK(state.hand((1 + k) % players).contains(order[static_cast<std::size_t>(k)]));
    CHECK(state.tavern().size() == static_cast<std::size_t>(5 + players));
    CHECK(state.tavern().back() == order[static_cast<std::size_t>(12 * players + 4 + players)]);
    CHECK(state.discard_pile().size() == 1);
    CHECK(state.deck_size() == 110 - 12 * players - (5 + players) - 1);
    CHECK(state.check_invariants().empty());
  }
}

TEST_CASE("taking the top of the tavern changes the tavern colour", "[corsari][engine]") {
  // Two players: cards 0-23 are the hands, 24-30 the tavern (30 on top), 31 the first discard.
  std::vector<Card> first = full_deck();
  first.resize(24);
  for (const Card card : cards("grey1 grey2 grey3 grey4 grey5 red9 blue4 yellow1")) first.push_back(card);
  State state = dealt(2, order_starting(first));
  CHECK(state.tavern_colour() == Colour::blue);
  CHECK(state.describe(Action::draw(Pile::tavern)) == "seat 2 takes blue4 from the tavern (the tavern turns red)");
  state.apply_action(Action::draw(Pile::tavern));
  CHECK(state.tavern_colour() == Colour::red);
  CHECK(state.hand(1).contains(Card{Colour::blue, 4}));
  state.apply_action(Action::discard(Card{Colour::blue, 4}));
  CHECK(state.discard_pile().back() == Card{Colour::blue, 4});
  state.apply_action(Action::draw(Pile::discard));
  CHECK(state.hand(0).contains(Card{Colour::blue, 4}));
  CHECK(state.check_invariants().empty());
}

TEST_CASE("taking the last tavern card voids the deal", "[corsari][engine]") {
  State state = dealt(2);
  for (int take = 1; take < 7; ++take) {
    state.apply_action(Action::draw(Pile::tavern));
    state.apply_action(state.legal_actions().front());  // discard the first card
  }
  CHECK(state.tavern().size() == 1);
  const int voider = state.current_player();
  CHECK(state.describe(Action::draw(Pile::tavern)) == "seat " + std::to_string(voider + 1) +
                                                         " takes " + qm::notation::to_string(state.tavern().back()) +
                                                         " from the tavern (its last card: the deal is void)");
  state.apply_action(Action::draw(Pile::tavern));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  CHECK(state.last_deal().kind == DealEnd::Kind::voided);
  CHECK(state.last_deal().seat == voider);
  CHECK(state.match().deals().size() == 1);
  CHECK(state.match().penalty(0) == 0);
  CHECK(state.match().penalty(1) == 0);
  CHECK(state.match().dealer() == 1);  // the next dealer deals
  CHECK(state.check_invariants().empty());
  state.apply_action(Action::shuffle(full_deck()));
  CHECK(state.current_player() == 0);  // seat 1 dealt: seat 0 plays first
}

TEST_CASE("taking the last card of the draw pile forces a sailing", "[corsari][engine]") {
  State state = dealt(2);
  while (state.deck_size() > 1) {
    state.apply_action(Action::draw(Pile::deck));
    REQUIRE_FALSE(state.must_sail());
    state.apply_action(Action::discard(state.hand(state.current_player()).cards().back()));
  }
  const int sailor = state.current_player();
  state.apply_action(Action::draw(Pile::deck));
  CHECK(state.must_sail());
  const std::vector<Action> legal = state.legal_actions();
  CHECK(legal.size() == 13);
  CHECK(std::all_of(legal.begin(), legal.end(), [](const Action& a) { return a.kind == Action::Kind::sail; }));
  const Card card = state.hand(sailor).cards().front();
  refused(state, Action::discard(card), "seat " + std::to_string(sailor + 1) + " took the last card of the draw pile and must sail");
  state.apply_action(Action::sail(card));
  CHECK(state.last_deal().kind == DealEnd::Kind::sailed);
  CHECK(state.last_deal().forced);
  CHECK(state.last_deal().seat == sailor);
  CHECK(state.check_invariants().empty());
}

TEST_CASE("illegal moves are refused and change nothing", "[corsari][engine]") {
  State state(Rules{3, kDefaultLimit, 0});
  refused(state, Action::draw(Pile::deck), "the cards must be shuffled and dealt first");
  std::vector<Card> short_deck = full_deck();
  short_deck.pop_back();
  refused(state, Action::shuffle(short_deck), "a shuffle must list each of the 110 cards once");
  short_deck.push_back(short_deck.front());
  refused(state, Action::shuffle(short_deck), "a shuffle lists pink1 twice");
  state.apply_action(Action::shuffle(full_deck()));
  const Card foreign = *state.hand(2).cards().begin();
  refused(state, Action::discard(state.hand(1).cards().front()), "seat 2 must draw a card before discarding");
  refused(state, Action::sail(state.hand(1).cards().front()), "seat 2 must draw a card before sailing");
  refused(state, Action::shuffle(full_deck()), "the deal is in play: it is seat 2's turn");
  state.apply_action(Action::draw(Pile::discard));
  refused(state, Action::draw(Pile::deck), "seat 2 has drawn already: discard a card or sail");
  refused(state, Action::discard(foreign), qm::notation::to_string(foreign) + " is not in seat 2's hand");
  state.apply_action(Action::discard(state.hand(1).cards().front()));
  CHECK(state.current_player() == 2);
}

TEST_CASE("the engine settles a sailing as the table scorer does", "[corsari][engine]") {
  // Seat 1 (first to play) holds the rule text's example hand under a light-blue tavern, draws
  // from the deck and puts the drawn card face down: it sails with the example's 12 cards.
  const std::vector<Card> example =
      cards("lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1");
  State state = deal_two(example, Card{Colour::lightblue, 1});
  REQUIRE(state.hand(1) == CardSet(example));
  REQUIRE(state.tavern_colour() == Colour::lightblue);

  const CardSet opponent = state.hand(0);
  state.apply_action(Action::draw(Pile::deck));
  const Card drawn = (state.hand(1) - CardSet(example)).cards().front();
  state.apply_action(Action::sail(drawn));

  Sailing sailing;
  sailing.tavern = Colour::lightblue;
  sailing.sailor = 1;
  sailing.players = {SailingHand{"A", opponent.cards(), 0, std::nullopt}, SailingHand{"B", example, 0, std::nullopt}};
  const Settlement expected = settle(sailing);
  CHECK(expected.sailor_total == 5);
  CHECK(state.face_down().back() == drawn);
  CHECK(state.match().penalty(0) == expected.players[0].penalty);
  CHECK(state.match().penalty(1) == expected.players[1].penalty);
  CHECK(state.last_deal().score.groups[1].stowaway_total == 5);
  CHECK(CardSet(expected.players[0].additions) == state.last_deal().score.additions[0]);
  CHECK(state.check_invariants().empty());
}

TEST_CASE("a sweep in the engine wins the match at once", "[corsari][engine]") {
  const std::vector<Card> clean =
      cards("lightblue2 lightblue3 orange1 orange2 orange3 orange4 orange5 orange6 purple7 purple8 purple9 purple10");
  State state = deal_two(clean, Card{Colour::lightblue, 1});
  state.apply_action(Action::draw(Pile::deck));
  state.apply_action(Action::sail((state.hand(1) - CardSet(clean)).cards().front()));
  CHECK(state.last_deal().score.sweep);
  CHECK(state.is_terminal());
  CHECK(state.current_player() == qm::rules::kTerminalPlayer);
  CHECK(state.match().winners() == std::vector<int>{1});
  CHECK(state.returns() == std::vector<double>{0, 0});
  CHECK(state.legal_actions().empty());
  refused(state, Action::draw(Pile::deck), "the match is over");
  CHECK(state.check_invariants().empty());
}

// No text round trip: Corsari's actions are written for people (to_string, describe) but nothing
// reads them back; the table (cli/corsari) keeps a score sheet, not this engine's history.
TEST_CASE("random games keep every invariant and replay exactly", "[corsari][engine][property]") {
  for (int players = 2; players <= 4; ++players) {
    INFO(players << " players");
    qm::testing::random_simulation<State>([players] { return State(Rules{players, kDefaultLimit, players - 1}); }, 400,
                                          static_cast<std::uint64_t>(1000 * players));
  }
}
