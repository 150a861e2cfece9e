#include <catch2/catch.hpp>

#include "scoring/corsari/settlement.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/corsari/hands.hpp"

using namespace qm::corsari;

namespace {

using qm::corsari::testing::cards;

// Ann sails with the rule text's example hand: S = 5 with a light-blue tavern.
const std::string kAnn = "lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1";
// Bob: red and yellow 1-6 crew one colour's worth; the other six are 21 stowaway points.
const std::string kBob = "red1 red2 red3 red4 red5 red6 yellow1 yellow2 yellow3 yellow4 yellow5 yellow6";
// Cy: pink 1-11 and brown 1; the repeated 1 is the only stowaway.
const std::string kCy = "pink1 pink2 pink3 pink4 pink5 pink6 pink7 pink8 pink9 pink10 pink11 brown1";
// Dan: 22 points alone, 9 after adding purple4, a 9 and orange11 to Ann's crew.
const std::string kDan = "orange9 purple9 orange11 purple4 grey3 grey4 grey5 grey6 grey7 grey8 grey9 grey10";

Sailing table(std::vector<std::pair<std::string, std::string>> hands, std::vector<int> penalties = {}) {
  Sailing sailing;
  sailing.tavern = Colour::lightblue;
  for (std::size_t i = 0; i < hands.size(); ++i)
    sailing.players.push_back(
        SailingHand{hands[i].first, cards(hands[i].second), i < penalties.size() ? penalties[i] : 0, std::nullopt});
  return sailing;
}

}  // namespace

TEST_CASE("case 1 an opponent with more stowaways adds its own total", "[corsari][settlement]") {
  const Settlement s = settle(table({{"Ann", kAnn}, {"Bob", kBob}}, {0, 30}));
  REQUIRE_FALSE(s.sweep);
  CHECK(s.sailor_total == 5);
  CHECK(s.players[1].grouping.stowaway_total == 21);
  CHECK(s.players[1].settlement_case == SettlementCase::opponent_pays);
  CHECK(s.players[1].delta == 21);
  CHECK(s.players[1].penalty == 51);
  // Case 3: nobody handed cards over, so the sailor adds nothing.
  CHECK(s.players[0].settlement_case == SettlementCase::sailor_clear);
  CHECK(s.players[0].delta == 0);
  CHECK_FALSE(s.match_over);
}

TEST_CASE("case 2 and 3 an opponent at or under the sailor hands over and the sailor pays", "[corsari][settlement]") {
  const Settlement s = settle(table({{"Ann", kAnn}, {"Bob", kBob}, {"Cy", kCy}}, {20, 0, 0}));
  CHECK(s.players[2].grouping.stowaways == cards("brown1"));
  CHECK(s.players[2].settlement_case == SettlementCase::opponent_hands_over);
  CHECK(s.players[2].delta == -10);
  CHECK(s.players[2].penalty == -10);  // penalties may go below zero
  CHECK(s.players[1].delta == 21);
  CHECK(s.received_total == 1);
  CHECK(s.players[0].settlement_case == SettlementCase::sailor_pays);
  CHECK(s.players[0].delta == 10 + 5 + 1);
  CHECK(s.players[0].penalty == 36);
  CHECK(explain(s, 0, 101) == "Ann sailed with 5 stowaway points and received 1: adds 10 + 5 + 1 = 16 (penalty 36)");
}

TEST_CASE("an opponent equal to the sailor hands over", "[corsari][settlement]") {
  // Eve: pink 1-11 crew; grey5 is her only stowaway: T = 5 = S.
  const Settlement s =
      settle(table({{"Ann", kAnn}, {"Eve", "pink1 pink2 pink3 pink4 pink5 pink6 pink7 pink8 pink9 pink10 pink11 grey5"}}));
  CHECK(s.players[1].grouping.stowaway_total == 5);
  CHECK(s.players[1].settlement_case == SettlementCase::opponent_hands_over);
  CHECK(s.players[0].delta == 10 + 5 + 5);
}

TEST_CASE("the best additions are proposed and stated ones are checked", "[corsari][settlement]") {
  Sailing sailing = table({{"Ann", kAnn}, {"Dan", kDan}});
  const Settlement proposed = settle(sailing);
  CHECK(proposed.players[1].additions == cards("purple4 purple9 orange11"));
  CHECK(proposed.players[1].additions_proposed);
  CHECK(proposed.players[1].grouping.stowaway_total == 9);
  CHECK(proposed.players[1].delta == 9);

  sailing.players[1].additions = std::vector<Card>{};  // Dan chooses to add nothing
  const Settlement none = settle(sailing);
  CHECK(none.players[1].additions.empty());
  CHECK_FALSE(none.players[1].additions_proposed);
  CHECK(none.players[1].delta == 22);

  sailing.players[1].additions = cards("orange9 orange11");
  CHECK(settle(sailing).players[1].grouping.stowaway_total == 13);

  sailing.players[1].additions = cards("orange9 purple9");
  CHECK_THROWS_WITH(settle(sailing), "Dan cannot add two cards of number 9: at most one card per number");
  sailing.players[1].additions = cards("grey3");
  CHECK_THROWS_AS(settle(sailing), qm::RuleViolation);
  sailing.players[1].additions.reset();
  sailing.players[0].additions = cards("orange1");
  CHECK_THROWS_WITH(settle(sailing), "Ann is the sailor and cannot add cards to its own crew");
}

TEST_CASE("a sweep wins the match at once and scores nothing", "[corsari][settlement]") {
  // Ann: light-blue prisoners and a full orange/purple crew: no stowaways.
  const Settlement s = settle(table(
      {{"Ann", "lightblue1 lightblue2 orange1 orange2 orange3 orange4 orange5 orange6 purple7 purple8 purple9 purple10"},
       {"Bob", kBob},
       {"Cy", kCy}},
      {50, 60, 70}));
  CHECK(s.sweep);
  CHECK(s.match_over);
  CHECK(s.winners == std::vector<std::size_t>{0});
  for (const PlayerSettlement& line : s.players) {
    CHECK(line.delta == 0);
    CHECK(line.additions.empty());
  }
  CHECK(s.players[1].penalty == 60);
  CHECK(s.players[1].out);
  CHECK(s.players[2].out);
  CHECK_FALSE(s.players[0].out);
  CHECK(s.players[0].settlement_case == SettlementCase::sweep_winner);
}

TEST_CASE("a player reaching the limit is out and the last one left wins", "[corsari][settlement]") {
  const Settlement three = settle(table({{"Ann", kAnn}, {"Bob", kBob}, {"Cy", kCy}}, {0, 80, 0}));
  CHECK(three.players[1].penalty == 101);
  CHECK(three.players[1].out);
  CHECK_FALSE(three.match_over);

  const Settlement two = settle(table({{"Ann", kAnn}, {"Bob", kBob}}, {0, 80}));
  CHECK(two.players[1].out);
  CHECK(two.match_over);
  CHECK(two.winners == std::vector<std::size_t>{0});

  Sailing lower = table({{"Ann", kAnn}, {"Bob", kBob}}, {0, 80});
  lower.limit = 102;
  CHECK_FALSE(settle(lower).players[1].out);
}

TEST_CASE("the sailor and an opponent go out together and the last one left wins", "[corsari][settlement]") {
  // Ann pays 16 (96 + 16 = 112), Bob pays 21 (90 + 21 = 111), Cy hands over (100 - 10 = 90).
  const Settlement s = settle(table({{"Ann", kAnn}, {"Bob", kBob}, {"Cy", kCy}}, {96, 90, 100}));
  CHECK(s.players[0].penalty == 112);
  CHECK(s.players[1].penalty == 111);
  CHECK(s.players[2].penalty == 90);
  CHECK(s.winners == std::vector<std::size_t>{2});
}

TEST_CASE("when every player is at the limit the lowest penalty wins and equal lowest share", "[corsari][settlement]") {
  // One sailing cannot put everyone out (whoever hands over loses 10), but the rule is stated
  // for a deal, so the ranking is a function of its own.
  CHECK(match_winners(std::vector<int>{120, 105, 105}, 101) == std::vector<std::size_t>{1, 2});
  CHECK(match_winners(std::vector<int>{120, 50, 105}, 101) == std::vector<std::size_t>{1});
  CHECK(match_winners(std::vector<int>{20, 50, 105}, 101).empty());
}

TEST_CASE("a malformed table is refused", "[corsari][settlement]") {
  CHECK_THROWS_AS(settle(table({{"Ann", kAnn}})), qm::InputError);
  CHECK_THROWS_WITH(settle(table({{"Ann", "orange1 orange2"}, {"Bob", kBob}})),
                    "the sailor Ann groups 12 cards (after the face-down discard), not 2");
  CHECK_THROWS_WITH(settle(table({{"Ann", kAnn}, {"Bob", "red1 orange1"}})),
                    "orange1 is in both Ann's and Bob's hands (every card is unique)");
  CHECK_THROWS_WITH(settle(table({{"Ann", kAnn}, {"Ann", kBob}})), "player Ann is named twice");
  CHECK_THROWS_WITH(settle(table({{"Ann", kAnn}, {"Bob", kBob}}, {0, 101})), "Bob is already out (penalty 101, limit 101)");
  CHECK_NOTHROW(settle(table({{"Ann", kAnn}, {"Bob", ""}})));
  CHECK_THROWS_AS(settle(table({{"Ann", kAnn}, {"Bob", "red1"}, {"Cy", "red2"}, {"Dan", "red3"}, {"Eve", "red4"}})),
                  qm::InputError);
}
