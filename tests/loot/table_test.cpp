// Table mode: following a real game from its public moves only.
#include <catch2/catch.hpp>

#include <optional>

#include "rules/loot/table.hpp"
#include "scoring/input_error.hpp"
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

TEST_CASE("loot table mode says how many copies of a card shown too often can be in the hands", "[loot][table]") {
  // Issue 20: `end Bob=m8,m8` said "every copy is accounted for" while the one m8 was still unseen.
  Table table(table_setup(kNames));
  const auto parse = [](const std::string& text) { return qm::notation::parse_loot_cards({text}); };
  CHECK_THROWS_WITH(table.final_totals({{}, parse("m8 m8"), {}}),
                    "m8 is shown 2 times (Bob), but the game has only one m8");
  CHECK_THROWS_WITH(table.final_totals({parse("m8"), parse("m8"), {}}),
                    "m8 is shown 2 times (Ann and Bob), but the game has only one m8");
  move(table, "float Ann m3");
  move(table, "float Bob m3");
  move(table, "float Cy m3");
  CHECK_THROWS_WITH(table.final_totals({parse("m3 m3"), parse("m3 m3"), {}}),
                    "m3 is shown 4 times (Ann and Bob), but only 3 can be in a hand: the other 3 are on the table, "
                    "captured or discarded");
  CHECK_NOTHROW(table.final_totals({parse("m3 m3"), parse("m3"), {}}));
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

namespace {

const std::vector<std::string> kTwo = {"Ann", "Bob"};

std::vector<Card> cards(const std::string& text) { return qm::notation::parse_loot_cards({text}); }

// A whole game for two, to its end: the deck drawn empty, then merchants floated and the rest
// discarded until Ann's last card, a merchant, is floated and her hand is empty. The outcome of
// each move is kept.
std::vector<MoveOutcome> play_to_the_end(Table& table) {
  std::vector<MoveOutcome> outcomes;
  const auto play = [&](const std::string& text) { outcomes.push_back(table.play(parse_action(text, kTwo))); };
  for (int round = 0; round < 33; ++round) {
    play("draw Ann");
    play("draw Bob");
  }
  const std::vector<std::string> ann = {"m2", "m2", "m3", "m3", "m3", "m4", "m4", "m4", "m5", "m5", "m6", "m8"};
  const std::vector<std::string> bob = {"m2", "m2", "m3", "m3", "m3", "m4", "m4", "m5", "m5", "m5", "m6", "m7"};
  std::vector<std::string> others;
  for (const std::string colour : {"blue", "green", "purple", "gold"}) {
    for (const int number : {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4}) others.push_back(colour + std::to_string(number));
    others.push_back("captain-" + colour);
  }
  others.push_back("admiral");
  for (std::size_t i = 0; i < 11; ++i) {
    play("float Ann " + ann[i]);
    play("float Bob " + bob[i]);
  }
  for (std::size_t i = 0; i < 26; ++i) {
    play("discard Ann " + others[2 * i]);
    play("discard Bob " + others[2 * i + 1]);
  }
  play("discard Ann " + others[52]);
  play("float Bob " + bob[11]);
  play("float Ann " + ann[11]);
  return outcomes;
}

}  // namespace

TEST_CASE("loot table mode says what each move did: reinforcements, captures, the end", "[loot][table]") {
  Table table(table_setup(kNames));
  table.play(parse_action("float Ann m5", kNames));
  CHECK_FALSE(table.play(parse_action("attack Bob blue3 #1", kNames)).reinforced);
  table.play(parse_action("attack Cy green4 #1", kNames));  // Cy leads: Bob takes nothing at his turn
  CHECK(table.play(parse_action("draw Ann", kNames)).captures.empty());
  const MoveOutcome again = table.play(parse_action("attack Bob blue2 #1", kNames));
  CHECK(again.reinforced);  // 5 skulls against 4
  const MoveOutcome turn = table.play(parse_action("draw Cy", kNames));
  CHECK(turn.captures.empty());
  const MoveOutcome taken = table.play(parse_action("draw Ann", kNames));  // Bob's turn starts: #1 is his
  REQUIRE(taken.captures.size() == 1);
  CHECK(taken.captures[0].seat == 1);
  CHECK(taken.captures[0].gold == 5);
  const Table before = table;
  CHECK_THROWS_WITH(table.play(Action::reveal(Card::merchant(4))), Catch::Contains("nobody sees the card drawn"));
  CHECK(table == before);

  Table two(table_setup(kTwo));
  const std::vector<MoveOutcome> outcomes = play_to_the_end(two);
  CHECK(outcomes[65].deck_emptied);  // Bob's last draw
  CHECK_FALSE(outcomes[64].deck_emptied);
  CHECK_FALSE(outcomes[outcomes.size() - 2].ended);
  const MoveOutcome& last = outcomes.back();
  CHECK(last.ended);
  CHECK(last.lost.size() == 2);  // the two merchants floated last: nobody's turn came to take them
  CHECK(two.board().is_over());
  const Table over = two;
  CHECK_THROWS_AS(two.play(parse_action("discard Bob blue1", kTwo)), qm::RuleViolation);
  CHECK_THROWS_WITH(two.check_playing(), Catch::Contains("show the merchants left in the hands"));
  CHECK(two == over);
}

TEST_CASE("loot table mode notes the hands once a tracked game is over, then gives the totals", "[loot][table]") {
  Table table(table_setup(kTwo));
  CHECK_THROWS_WITH(table.end({}), Catch::Contains("66 cards are left in the deck"));
  play_to_the_end(table);
  CHECK(table.pile_refusal(Table::Pile::hand) == std::nullopt);
  CHECK_THAT(*table.pile_refusal(Table::Pile::captured), Catch::Contains("captures of a tracked game are known"));
  CHECK_THROWS_AS(table.note(Table::Pile::captured, {"Ann", cards("m5")}), qm::RuleViolation);
  const Table before = table;
  CHECK_THROWS_WITH(table.note(Table::Pile::hand, {"Ann", cards("m2")}), Catch::Contains("Ann holds 0 cards, not 1"));
  CHECK_THROWS_WITH(table.note(Table::Pile::hand, {"Zed", {}}), Catch::Contains("unknown player 'Zed' (players: Ann, Bob)"));
  CHECK(table == before);
  table.note(Table::Pile::hand, {"bob", cards("m2")});
  table.note(Table::Pile::hand, {"BOB", {}});  // noting again replaces
  REQUIRE(table.noted(Table::Pile::hand).size() == 1);
  CHECK(table.noted(Table::Pile::hand)[0].name == "Bob");  // as the table spells it
  CHECK(table.noted(Table::Pile::hand)[0].cards.empty());
  const FinalTotals& totals = table.end({});
  CHECK(totals.players.size() == 2);
  CHECK(table.result().has_value());
  CHECK_FALSE(table.typed_final());
  CHECK_THAT(*table.pile_refusal(Table::Pile::hand), Catch::Contains("already given"));
  CHECK_THROWS_WITH(table.end({}), Catch::Contains("already given"));
  CHECK_THROWS_WITH(table.check_playing(), Catch::Contains("this game of Loot is over"));
}

TEST_CASE("loot table mode without tracking notes the captures and settles from what is typed", "[loot][table]") {
  Table table(table_setup(kNames));
  CHECK(table.seat_of("bOB") == 1);
  CHECK(table.pile_refusal(Table::Pile::hand) == std::nullopt);
  CHECK(table.pile_refusal(Table::Pile::captured) == std::nullopt);
  table.note(Table::Pile::captured, {"Ann", cards("m5")});
  table.note(Table::Pile::captured, {"ann", cards("m5 m3")});
  table.note(Table::Pile::captured, {"Bob", cards("m8")});
  CHECK_THROWS_AS(table.note(Table::Pile::captured, {"Cy", cards("blue3")}), qm::InputError);  // not a merchant
  CHECK(table.noted(Table::Pile::captured).size() == 2);
  const FinalTotals& totals = table.settle({}, {{"Ann", cards("m2")}});
  CHECK(totals.players[0].total == 6);
  CHECK(totals.players[1].total == 8);
  CHECK(totals.winners == std::vector<std::string>{"Bob"});
  CHECK(table.typed_final());
  CHECK_THROWS_AS(table.settle({}, {}), qm::RuleViolation);

  Table tracked(table_setup(kNames));
  tracked.play(parse_action("float Ann m5", kNames));
  CHECK_THAT(*tracked.pile_refusal(Table::Pile::hand), Catch::Contains("the game is not over"));
  CHECK_THAT(*tracked.pile_refusal(Table::Pile::captured), Catch::Contains("captures of a tracked game are known"));
}
