#include <catch2/catch.hpp>

#include "rules/corsari/match.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/corsari/hands.hpp"

using namespace qm::corsari;

namespace {

void sail(Match& match, int sailor, std::vector<int> delta, bool sweep = false) {
  delta.resize(static_cast<std::size_t>(match.players()));
  match.record_sailing(sailor, delta, sweep);
}

using qm::corsari::testing::cards;

}  // namespace

TEST_CASE("the dealer passes clockwise and play starts at the dealer's left", "[corsari][match]") {
  Match match(3, 101, 1);
  CHECK(match.deal_order() == std::vector<int>{2, 0, 1});
  match.record_void_deal();
  CHECK(match.dealer() == 2);
  CHECK(match.deal_order() == std::vector<int>{0, 1, 2});
  sail(match, 0, {0, 20, 30});
  CHECK(match.dealer() == 0);
  CHECK(match.deals().size() == 2);
  CHECK(match.check().empty());
}

TEST_CASE("a player reaching the limit is out and skipped" , "[corsari][match]") {
  Match match(4, 101, 0);
  sail(match, 0, {16, 101, -10, 30});
  CHECK(match.is_out(1));
  CHECK(match.penalty(2) == -10);
  CHECK(match.active_count() == 3);
  CHECK(match.dealer() == 2);  // seat 1 is out: the deal passes to seat 2
  CHECK(match.deal_order() == std::vector<int>{3, 0, 2});
  CHECK_FALSE(match.is_over());
  CHECK_THROWS_AS(sail(match, 1, {}), qm::RuleViolation);             // an out player cannot sail
  CHECK_THROWS_AS(sail(match, 0, {0, 5, 0, 0}), qm::RuleViolation);  // nor score
  sail(match, 2, {90, 0, 0, 80});
  CHECK(match.is_out(0));
  CHECK(match.is_out(3));
  CHECK(match.winners() == std::vector<int>{2});
  CHECK(match.is_over());
  CHECK_THROWS_AS(match.record_void_deal(), qm::RuleViolation);
  CHECK(match.check().empty());
}

TEST_CASE("everyone reaching the limit in one deal leaves the lowest penalty the winner", "[corsari][match]") {
  Match match(3, 50, 0);
  sail(match, 0, {60, 55, 55});
  CHECK(match.winners() == std::vector<int>{1, 2});
}

TEST_CASE("a sweep ends the match at once", "[corsari][match]") {
  Match match(3);
  sail(match, 2, {0, 0, 0}, true);
  CHECK(match.winners() == std::vector<int>{2});
  CHECK(match.is_out(0));
  CHECK(match.check().empty());
}

TEST_CASE("the table flow settles a typed sailing into the match", "[corsari][match]") {
  Match match(3);
  sail(match, 1, {0, 0, 40});
  const std::vector<std::string> names{"Ann", "Bob", "Cy"};
  Sailing sailing = match.sailing(
      Colour::lightblue, 0, names,
      {cards("lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"),
       cards("red1 red2 red3 red4 red5 red6 yellow1 yellow2 yellow3 yellow4 yellow5 yellow6"),
       cards("pink1 pink2 pink3 pink4 pink5 pink6 pink7 pink8 pink9 pink10 pink11 brown1")});
  CHECK(sailing.players[2].penalty == 40);
  const Settlement settlement = settle(sailing);
  match.record(settlement);
  CHECK(match.penalty(0) == 16);
  CHECK(match.penalty(1) == 21);
  CHECK(match.penalty(2) == 30);
  CHECK(match.check().empty());
  CHECK_THROWS_AS(match.record(settlement), qm::InputError);  // its penalties no longer match
}

TEST_CASE("a malformed match is refused", "[corsari][match]") {
  CHECK_THROWS_AS(Match(1), qm::InputError);
  CHECK_THROWS_AS(Match(5), qm::InputError);
  CHECK_THROWS_AS(Match(3, 0), qm::InputError);
  CHECK_THROWS_AS(Match(3, 101, 3), qm::InputError);
}
