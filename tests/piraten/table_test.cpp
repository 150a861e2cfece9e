// The rules of the table mode (rules/piraten/table.hpp) without the command line: what each step
// reports, what it refuses and with which words, the tally that replaces a draw, the sorceress,
// the Island's roll, the throw a photo would enter, and a refused step that changes nothing.
#include <catch2/catch.hpp>

#include "rules/piraten/table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/piraten/dice.hpp"

using qm::piraten::AwaitedThrow;
using qm::piraten::FaceCounts;
using qm::piraten::FortuneCard;
using qm::piraten::Options;
using qm::piraten::StepReport;
using qm::piraten::Table;
using qm::piraten::TurnPhase;

namespace {

using qm::piraten::testing::dice;

Table table_of(std::vector<std::string> players, int target = qm::piraten::kDefaultTarget) {
  Options options;
  options.players = static_cast<int>(players.size());
  options.target = target;
  return Table(std::move(players), options);
}

}  // namespace

TEST_CASE("the table needs one name per seat", "[piraten][table]") {
  Options options;
  options.players = 3;
  CHECK_THROWS_AS(Table({"Ann", "Bob"}, options), qm::InputError);
}

TEST_CASE("a refereed turn reports its seat and its end, and logs the turn", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  CHECK(table.whose_turn() == "Ann");
  CHECK(table.current_turn() == nullptr);
  StepReport report = table.draw(FortuneCard::captain, "card captain");
  CHECK(report.seat == 0);
  CHECK_FALSE(report.turn_over);
  REQUIRE(table.current_turn() != nullptr);
  table.roll(dice("2coin skull 2sabre 2parrot monkey"), "roll ...");
  CHECK(table.stop_value().score == 2 * 200);  // two coins' face value, doubled
  table.reroll(dice("2sabre 2parrot monkey"), dice("3coin 2diamond"), "reroll ...");
  report = table.stop("stop");
  CHECK(report.seat == 0);
  CHECK(report.turn_over);
  CHECK_FALSE(report.game_over);
  REQUIRE(table.turn_log().size() == 1);
  const qm::piraten::TurnLogEntry& entry = table.turn_log().front();
  CHECK(entry.number == 1);
  CHECK(entry.seat == 0);
  CHECK_FALSE(entry.tallied);
  CHECK(entry.points.score == 2400);
  CHECK(entry.totals == std::vector<int>{2400, 0});
  CHECK(table.whose_turn() == "Bob");
  CHECK(table.current_turn() == nullptr);
}

TEST_CASE("a reroll named first and thrown by a later roll", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  table.draw(FortuneCard::monkey_business, "draw monkey-business");
  table.roll(dice("3monkey 3parrot 2sabre"), "roll ...");
  table.reroll(dice("2sabre"), std::nullopt, "reroll 2sabre");
  REQUIRE(table.current_turn() != nullptr);
  CHECK(table.current_turn()->phase == TurnPhase::rolling);
  table.roll(dice("monkey parrot"), "roll monkey parrot");
  table.stop("stop");
  CHECK(table.state().total(0) == 4000 + 500);  // eight of one kind under monkey business, Full Chest
}

TEST_CASE("a refused step names the step and the player and leaves the table as it was", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  table.draw(FortuneCard::coin, "card coin");
  table.roll(dice("2skull 6parrot"), "roll 2skull 6parrot");
  const qm::piraten::State before = table.state();
  CHECK_THROWS_WITH(table.reroll(dice("parrot"), dice("coin"), "reroll parrot -> coin"),
                    Catch::StartsWith("'reroll parrot -> coin' refused for Ann: ") && Catch::Contains("at least two dice"));
  CHECK_THROWS_AS(table.reroll(dice("skull parrot"), dice("2coin"), "reroll skull parrot -> 2coin"), qm::RuleViolation);
  CHECK_THROWS_AS(table.draw(FortuneCard::captain, "card captain"), qm::RuleViolation);
  CHECK_THROWS_WITH(table.chest_put(dice("2parrot"), "chest put 2parrot"), Catch::Contains("only under the chest card"));
  CHECK(table.state() == before);
  CHECK(table.turn_log().empty());
}

TEST_CASE("a step between turns names whose turn ended, how, and who draws next", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  CHECK_THROWS_WITH(table.stop("stop"), "'stop' refused: Ann is to draw a fortune card first ('card CARD')");
  table.draw(FortuneCard::coin, "card coin");
  table.roll(dice("3skull 5coin"), "roll 3skull 5coin");
  CHECK_THROWS_WITH(table.chest_take(dice("coin"), "chest take coin"),
                    "'chest take coin' refused: Ann's turn ended with 3 skulls; Bob is to draw a fortune card first ('card CARD')");
}

TEST_CASE("a tally replaces the draw, checks its card and refuses a turn under way", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  CHECK_THROWS_AS(table.tally(std::nullopt, dice("3coin 5monkey"), {}, false, "tally 3coin 5monkey"), qm::InputError);
  StepReport report = table.tally(FortuneCard::diamond, dice("3coin 5monkey"), {}, false, "tally diamond 3coin 5monkey");
  CHECK(report.turn_over);
  CHECK(table.turn_log().back().tallied);
  CHECK(table.state().total(0) == 1500);

  table.draw(FortuneCard::diamond, "card diamond");
  CHECK_THROWS_WITH(table.tally(FortuneCard::coin, dice("3coin 5monkey"), {}, false, "tally coin 3coin 5monkey"),
                    Catch::Contains("refused for Bob: the card drawn is diamond, not coin"));
  report = table.tally(std::nullopt, dice("3coin 5monkey"), {}, false, "tally 3coin 5monkey");
  CHECK(report.seat == 1);
  CHECK(table.state().total(1) == 1500);
  // The tally replaced the draw: two turns, two cards out of the 35.
  CHECK(table.state().turns_played() == 2);
  CHECK(qm::piraten::card_total(table.state().deck()) == 33);

  table.draw(FortuneCard::coin, "card coin");
  table.roll(dice("3coin 5monkey"), "roll 3coin 5monkey");
  CHECK_THROWS_WITH(table.tally(std::nullopt, dice("3coin 5monkey"), {}, false, "tally 3coin 5monkey"),
                    Catch::Contains("the turn is under way (1 roll)"));
}

TEST_CASE("the sorceress rerolls one implied skull, and only under her card", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  table.draw(FortuneCard::captain, "card captain");
  CHECK_THROWS_WITH(table.check_sorceress("sorceress parrot"),
                    "'sorceress parrot' refused for Ann: the card is captain, not the sorceress");
  table.tally(std::nullopt, dice("3coin 5monkey"), {}, false, "tally 3coin 5monkey");

  table.draw(FortuneCard::sorceress, "card sorceress");
  table.roll(dice("3skull 5parrot"), "roll 3skull 5parrot");
  CHECK_NOTHROW(table.check_sorceress("sorceress parrot -> 2coin"));
  table.sorceress(dice("parrot"), dice("2coin"), "sorceress parrot -> 2coin");
  REQUIRE(table.current_turn() != nullptr);
  CHECK(table.current_turn()->sorceress_used);
  CHECK(table.current_turn()->skulls() == 2);
  table.stop("stop");
  CHECK(table.state().total(1) == 400);  // four parrots 200, two coins 200
}

TEST_CASE("on the Island of Skulls a roll rerolls every die that is not a skull", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob", "Cy"});
  table.draw(FortuneCard::captain, "card captain");
  StepReport report = table.roll(dice("4skull 4parrot"), "roll 4skull 4parrot");
  CHECK(report.island_reached);
  report = table.roll(dice("2skull 2parrot"), "roll 2skull 2parrot");
  CHECK_FALSE(report.island_reached);  // reached once, on the first roll
  CHECK_FALSE(report.turn_over);
  report = table.roll(dice("2parrot"), "roll 2parrot");
  CHECK(report.turn_over);
  CHECK(table.state().total(1) == -1200);  // six skulls, 200 each under the captain
  CHECK(table.state().total(2) == -1200);
}

TEST_CASE("the throw a photo would enter", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob"});
  CHECK_THROWS_WITH(table.awaited_throw(""), Catch::Contains("Ann draws a fortune card first"));
  table.draw(FortuneCard::captain, "card captain");
  AwaitedThrow awaited = table.awaited_throw("ann");
  CHECK(awaited.dice == 8);
  CHECK(awaited.what == "Ann's first roll");
  CHECK_THROWS_WITH(table.awaited_throw("Bob"), "scan PHOTO Bob: it is Ann's turn");
  table.roll(dice("2coin skull 2sabre 2parrot monkey"), "roll ...");
  CHECK_THROWS_WITH(table.awaited_throw(""), Catch::Contains("say which dice are picked up"));
  table.reroll(dice("2sabre monkey"), std::nullopt, "reroll 2sabre monkey");
  awaited = table.awaited_throw("");
  CHECK(awaited.dice == 3);
  CHECK(awaited.what == "Ann's 3 rerolled dice");
}

TEST_CASE("the last round starts, is cancelled by an Island deduction, and the game ends", "[piraten][table]") {
  Table table = table_of({"Ann", "Bob", "Cy"}, 5000);
  table.tally(FortuneCard::captain, dice("3coin 5monkey"), {}, false, "tally");       // Ann 2800
  table.tally(FortuneCard::monkey_business, dice("3skull 5parrot"), {}, false, "tally");  // Bob dies
  table.tally(FortuneCard::monkey_business, dice("3skull 5parrot"), {}, false, "tally");  // Cy dies
  StepReport report = table.tally(FortuneCard::captain, dice("3coin 5monkey"), {}, false, "tally");  // Ann 5600
  CHECK(report.last_round_started);
  report = table.tally(FortuneCard::captain, dice("8skull"), {}, true, "tally");  // Ann and Cy lose 1600
  CHECK(report.last_round_cancelled);
  CHECK_FALSE(report.game_over);
  table.tally(FortuneCard::monkey_business, dice("3skull 5parrot"), {}, false, "tally");  // Cy dies
  report = table.tally(FortuneCard::captain, dice("3coin 5monkey"), {}, false, "tally");
  CHECK(report.game_over);
  CHECK(table.winners() == std::vector<std::string>{"Ann"});
  CHECK(table.whose_turn().empty());
  CHECK_THROWS_WITH(table.awaited_throw(""), "scan PHOTO: the game is over");
}
