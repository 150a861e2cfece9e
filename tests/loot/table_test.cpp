// Table mode: following a real game from its public moves only.
#include <catch2/catch.hpp>

#include "rules/loot/table.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"

using namespace qm::loot;

namespace {

const std::vector<std::string> kNames = {"Ann", "Bob", "Cy"};

void move(Table& table, const std::string& text) { table.apply(parse_action(text, kNames)); }

void refused(Table& table, const std::string& text, const std::string& reason) {
  const Table before = table;
  CHECK_THROWS_AS(move(table, text), qm::RuleViolation);
  CHECK_THROWS_WITH(move(table, text), Catch::Contains(reason));
  CHECK(table == before);
}

}  // namespace

TEST_CASE("loot table mode starts after the deal with public counts only", "[loot][table]") {
  const Table table(table_setup(kNames));
  CHECK(table.board().deck_size() == 60);
  CHECK(table.board().hand_size(2) == 6);
  CHECK(table.board().current_seat() == 0);
  CHECK(table.unaccounted(Card::captain(Colour::blue)) == 1);
  CHECK(table.check_invariants() == "");
}

TEST_CASE("loot table mode validates moves and captures at turn start and keeps numbers stable", "[loot][table]") {
  Table table(table_setup(kNames));
  move(table, "float Ann m5");  // #1
  move(table, "float Bob m3");  // #2
  refused(table, "attack Cy blue3 #3", "no merchant #3 at sea");
  move(table, "attack Cy blue3 #2");
  refused(table, "draw Cy", "it is Ann's turn, not Cy's");
  move(table, "draw Ann");
  CHECK(table.board().captured_gold(0) == 5);  // Ann's #1 came home at the start of her turn
  CHECK(table.board().hand_size(0) == 6);
  refused(table, "attack Bob blue1 #2", "blue is already attacking #2 (Cy)");
  move(table, "attack Bob green4 #2");  // the owner attacks its own merchant
  const auto battles = table.battles();
  REQUIRE(battles.size() == 1);
  CHECK(battles[0].number == 2);
  CHECK(battles[0].lead == Lead{LeadReason::strength, 1, 1, 4});
  move(table, "captain Cy blue #2");
  refused(table, "admiral Ann #2", "#2 belongs to Bob");
  move(table, "float Ann m2");  // #3: numbers are never reused
  REQUIRE(table.board().at_sea(3) != nullptr);
  CHECK(table.board().at_sea(3)->gold == 2);
  move(table, "draw Bob");  // then Cy's turn starts: the last captain on #2 is Cy's
  REQUIRE(table.board().captures().size() == 2);
  CHECK(table.board().captures()[1] == Capture{2, 3, 2, 8});
  CHECK(table.board().captured_gold(2) == 3);
  move(table, "attack Cy blue1 #3");
  move(table, "draw Ann");
  refused(table, "attack Bob blue2 #3", "blue is already attacking #3 (Cy)");
  move(table, "attack Bob gold3 #3");
  refused(table, "captain Cy blue #3", "captain-blue has already been played");
  CHECK(table.history().size() == 11);
  CHECK(table.check_invariants() == "");
}

TEST_CASE("loot table mode knows when every copy of a card is accounted for", "[loot][table]") {
  Table table(table_setup(kNames));
  move(table, "float Ann m8");
  refused(table, "float Bob m8", "m8 has already been played");
  move(table, "attack Bob blue4 #1");
  move(table, "attack Cy green4 #1");  // a tie: Bob does not take #1 at his next turn
  move(table, "draw Ann");
  move(table, "attack Bob blue4 #1");  // the second and last blue4
  move(table, "float Cy m3");
  CHECK(table.unaccounted(Card::pirate(Colour::blue, 4)) == 0);
  CHECK(table.unaccounted(Card::merchant(3)) == 5);
  refused(table, "attack Ann blue4 #2", "every blue4 is already on the table or discarded");
}

TEST_CASE("loot table mode final totals from the hands shown", "[loot][table]") {
  Table table(table_setup(kNames));
  move(table, "float Ann m8");
  move(table, "draw Bob");
  move(table, "draw Cy");  // Ann takes #1
  const auto parse = [](const std::string& text) { return qm::notation::parse_loot_cards({text}); };
  const FinalTotals totals = table.final_totals({parse("m2"), parse("m3 blue1"), {}});
  CHECK(totals.players[0].total == 6);
  CHECK(totals.players[1].total == -3);
  CHECK(totals.players[2].total == 0);
  CHECK(totals.winners == std::vector<std::string>{"Ann"});
  CHECK_THROWS_WITH(table.final_totals({parse("m8"), {}, {}}), Catch::Contains("every copy is accounted for"));
  CHECK_THROWS_WITH(table.final_totals({parse("m2 m2 m2 m2 m2 m3"), {}, {}}), Catch::Contains("Ann holds 5 cards, not 6"));
  CHECK_THROWS_WITH(table.final_totals({{}, {}}), Catch::Contains("every player"));
}

TEST_CASE("loot table mode in teams reports team totals", "[loot][table][teams]") {
  const std::vector<std::string> names = {"Ann", "Bob", "Cy", "Dee"};
  Table table(table_setup(names, {{"Ann", "Bob"}, {"Cy", "Dee"}}));
  table.apply(parse_action("float Ann m6", names));
  table.apply(parse_action("attack Bob gold2 #1", names));  // the partner attacks: the team still takes it
  table.apply(parse_action("draw Cy", names));
  table.apply(parse_action("draw Dee", names));
  CHECK(table.board().captured_gold(1) == 6);  // the team fleet wins it, for the partner whose ship it is
  const FinalTotals totals = table.final_totals({{}, {}, {}, {}});
  REQUIRE(totals.teams.size() == 2);
  CHECK(totals.teams[0].total == 6);
  CHECK(totals.winners == std::vector<std::string>{"Ann", "Bob"});
}
