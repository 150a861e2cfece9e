// The whole game: deck, seats, totals, the last round and its cancellation, pirate magic, options.
#include <catch2/catch.hpp>

#include "rules/piraten/state.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/piraten/dice.hpp"

using namespace qm::piraten;

namespace {

using qm::piraten::testing::dice;

Options table(int players, int target = 6000) {
  Options options;
  options.players = players;
  options.target = target;
  return options;
}

// A whole turn typed at once, as in the REPL's tally mode.
void tally(State& state, FortuneCard card, const std::string& final_dice, bool island = false) {
  state.apply_action(Action::tally(card, dice(final_dice), {}, island));
  REQUIRE(state.check_invariants() == "");
}




void refused(const State& state, const Action& action, const std::string& reason) {
  State copy = state;
  CHECK_THROWS_WITH(copy.apply_action(action), reason);
  CHECK(copy == state);
}

}  // namespace

TEST_CASE("the fortune deck holds 35 cards and 37 with the promo cards", "[piraten][game][deck]") {
  CHECK(card_total(fortune_deck(false)) == 35);
  CHECK(card_total(fortune_deck(true)) == 37);
  State state(table(2));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  double total = 0;
  for (const auto& [action, probability] : state.chance_outcomes()) total += probability;
  CHECK(total == Approx(1.0));
  CHECK(state.chance_outcomes().size() == 11);
  refused(state, Action::draw(FortuneCard::storm), "the storm card is a promo card, not in this game's deck (option promo)");
}

TEST_CASE("the deck is reshuffled when it runs out", "[piraten][game][deck]") {
  State state(table(2));
  const CardCounts full = fortune_deck(false);
  for (int kind = 0; kind < kFortuneCardKinds; ++kind)
    for (int n = 0; n < full[kind]; ++n) {
      state.apply_action(Action::tally(static_cast<FortuneCard>(kind), dice("3skull 5parrot"), {}, false));
      REQUIRE(state.check_invariants() == "");
    }
  CHECK(card_total(state.deck()) == 0);
  CHECK(card_total(state.discards()) == 35);
  state.apply_action(Action::draw(FortuneCard::chest));
  CHECK(card_total(state.deck()) == 34);
  CHECK(state.check_invariants() == "");
}

TEST_CASE("a card drawn more often than the deck holds is refused", "[piraten][game][deck]") {
  State state(table(2));
  for (int n = 0; n < 2; ++n) tally(state, FortuneCard::skull_2, "3skull 5parrot");
  refused(state, Action::draw(FortuneCard::skull_2),
          "no skull-2 card is left in the fortune deck: all 2 were drawn since the last shuffle");
  Options promo = table(2);
  promo.promo = true;
  State with_storm(promo);
  tally(with_storm, FortuneCard::storm, "2coin 2diamond 4parrot");
  refused(with_storm, Action::draw(FortuneCard::storm),
          "no storm card is left in the fortune deck: the only one was drawn since the last shuffle");
}

TEST_CASE("a turn's score goes to its player and the turn passes", "[piraten][game]") {
  State state(table(3));
  tally(state, FortuneCard::diamond, "3coin 5monkey");
  CHECK(state.total(0) == 1500);
  CHECK(state.seat() == 1);
  CHECK(state.turns_played() == 1);
  CHECK(state.last_turn().seat == 0);
  CHECK(state.last_turn().points.score == 1500);
}

TEST_CASE("scores may go below zero", "[piraten][game]") {
  State state(table(2));
  tally(state, FortuneCard::sorceress, "2coin 3skull 3parrot");  // dead: 0
  tally(state, FortuneCard::captain, "coin diamond 2skull 2sabre monkey parrot");  // 400
  tally(state, FortuneCard::sea_battle_4, "3sabre 5coin");  // -1000
  CHECK(state.total(0) == -1000);
  CHECK(state.total(1) == 400);
}

TEST_CASE("the Island of Skulls costs every opponent", "[piraten][game][island]") {
  State state(table(3));
  tally(state, FortuneCard::captain, "5skull 3coin", true);
  CHECK(state.total(0) == 0);
  CHECK(state.total(1) == -1000);
  CHECK(state.total(2) == -1000);
}

TEST_CASE("a turn is played step by step with chance outcomes typed in", "[piraten][game][referee]") {
  State state(table(2));
  refused(state, Action::stop(), "draw a fortune card first");
  state.apply_action(parse_action("draw sea-battle-2"));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  state.apply_action(parse_action("roll 2coin skull sabre 2monkey 2parrot"));
  CHECK(state.current_player() == 0);
  refused(state, parse_action("reroll skull parrot"), "skulls cannot be rerolled");
  refused(state, parse_action("reroll parrot"), "a reroll needs at least two dice");
  State before = state;
  CHECK_THROWS_AS(apply_reroll(state, dice("2parrot"), dice("sabre")), qm::RuleViolation);
  CHECK(state == before);
  apply_reroll(state, dice("2parrot"), dice("sabre monkey"));
  state.apply_action(parse_action("stop"));
  // 2 coins, 2 sabres (won: 300), 3 monkeys, a skull.
  CHECK(state.total(0) == 200 + 100 + 300);
  CHECK(state.seat() == 1);
  refused(state, Action::stop(), "the last turn ended when the player stopped; the next player draws a fortune card first");
  CHECK(state.check_invariants() == "");
}

TEST_CASE("between turns a move of the turn is refused with how the last turn ended", "[piraten][game][referee]") {
  Options options = table(2);
  options.promo = true;
  State state(options);
  state.apply_action(parse_action("draw coin"));
  state.apply_action(parse_action("roll 3skull 5parrot"));
  CHECK(state.last_turn_end() == qm::piraten::TurnEnd::died);
  refused(state, parse_action("reroll 2parrot"), "the last turn ended with 3 skulls; the next player draws a fortune card first");
  state.apply_action(parse_action("draw captain"));
  state.apply_action(parse_action("roll 4skull 4parrot"));
  apply_reroll(state, dice("4parrot"), dice("4parrot"));
  CHECK(state.last_turn_end() == qm::piraten::TurnEnd::island_no_skull);
  refused(state, Action::stop(), "the last turn ended on the Island of Skulls, when a roll brought no new skull; "
                                 "the next player draws a fortune card first");
  state.apply_action(parse_action("draw diamond"));
  state.apply_action(parse_action("roll 8skull"));
  CHECK(state.last_turn_end() == qm::piraten::TurnEnd::island_all_skulls);
  state.apply_action(parse_action("draw storm"));
  state.apply_action(parse_action("roll 2skull 6parrot"));
  apply_reroll(state, dice("6parrot"), dice("6coin"));
  CHECK(state.last_turn_end() == qm::piraten::TurnEnd::storm_spent);
  refused(state, parse_action("reroll 2coin"), "the last turn ended after the storm's two rolls; the next player draws a fortune card first");
  state.apply_action(Action::tally(FortuneCard::captain, dice("8coin"), {}, false));
  CHECK(state.last_turn_end() == qm::piraten::TurnEnd::tallied);
}

TEST_CASE("actions print and parse back", "[piraten][game][notation]") {
  for (const std::string text : {"draw captain", "roll skull 2coin sabre", "reroll 2parrot", "chest put coin",
                                  "chest take 2monkey", "stop"})
    CHECK(describe(parse_action(text)) == text);
  CHECK(parse_action("Reroll Sword Gold") == Action::reroll(dice("sabre coin")));
  CHECK_THROWS_AS(parse_action("jump"), qm::InputError);
  CHECK_THROWS_AS(parse_action("reroll"), qm::InputError);
  CHECK_THROWS_AS(parse_action("chest open coin"), qm::InputError);
}

TEST_CASE("the first to reach the target wins when nobody passes it in the last round", "[piraten][game][end]") {
  State state(table(3, 5000));
  tally(state, FortuneCard::skull_1, "8coin");  // 800 + 4000 + 500 = 5300: last round
  CHECK(state.last_round());
  CHECK(state.first_to_target() == 0);
  CHECK(state.last_turns_left() == 2);
  tally(state, FortuneCard::skull_1, "8coin");  // 5300: equal is not enough for a later player
  CHECK_FALSE(state.is_terminal());
  tally(state, FortuneCard::captain, "3skull 5coin");
  REQUIRE(state.is_terminal());
  CHECK(state.ending() == Ending::normal);
  CHECK(state.winners() == std::vector<int>{0});
  CHECK(state.check_invariants() == "");
  refused(state, Action::draw(FortuneCard::chest), "the game is over");
}

TEST_CASE("a later player who passes the first player wins", "[piraten][game][end]") {
  State state(table(3, 5000));
  tally(state, FortuneCard::skull_1, "8coin");        // 5300
  tally(state, FortuneCard::captain, "8coin");        // 10600
  tally(state, FortuneCard::sorceress, "3skull 5coin");
  REQUIRE(state.is_terminal());
  CHECK(state.winners() == std::vector<int>{1});
}

TEST_CASE("equal later players share the win", "[piraten][game][end]") {
  State state(table(3, 5000));
  tally(state, FortuneCard::skull_1, "8coin");  // 5300
  tally(state, FortuneCard::captain, "8coin");  // 10600
  tally(state, FortuneCard::captain, "8coin");  // 10600
  REQUIRE(state.is_terminal());
  CHECK(state.winners() == std::vector<int>{1, 2});
}

TEST_CASE("an Island deduction below the target cancels the last round", "[piraten][game][end][island]") {
  State state(table(3, 5000));
  tally(state, FortuneCard::skull_1, "8coin");          // A 5300: last round
  tally(state, FortuneCard::skull_2, "6skull 2coin", true);  // B: A loses 800 -> 4500
  CHECK_FALSE(state.last_round());
  CHECK(state.last_round_cancelled());
  CHECK(state.total(0) == 4500);
  tally(state, FortuneCard::sorceress, "2skull 2coin 4parrot");  // C 400: play goes on
  tally(state, FortuneCard::sorceress, "2skull 3coin 3parrot");  // A 4500 + 500 = 5000: wins at once
  REQUIRE(state.is_terminal());
  CHECK(state.ending() == Ending::reached_after_cancel);
  CHECK(state.winners() == std::vector<int>{0});
}

TEST_CASE("an Island deduction that leaves the first player at the target keeps the last round", "[piraten][game][end][island]") {
  State state(table(3, 5000));
  tally(state, FortuneCard::captain, "8coin");                // A 10600
  tally(state, FortuneCard::sorceress, "4skull 4coin", true);  // A 10200, still above
  CHECK(state.last_round());
  tally(state, FortuneCard::sorceress, "3skull 5coin");
  REQUIRE(state.is_terminal());
  CHECK(state.winners() == std::vector<int>{0});
}

TEST_CASE("pirate magic wins at once", "[piraten][game][pirate-magic]") {
  State state(table(4));
  tally(state, FortuneCard::diamond, "8diamond");
  REQUIRE(state.is_terminal());
  CHECK(state.ending() == Ending::pirate_magic);
  CHECK(state.winners() == std::vector<int>{0});
  CHECK(state.total(0) == 900 + 4000 + 500);

  Options off = table(4);
  off.pirate_magic = false;
  State plain(off);
  tally(plain, FortuneCard::diamond, "8diamond");
  CHECK_FALSE(plain.is_terminal());
  CHECK(plain.seat() == 1);
}

TEST_CASE("game options are read by their RULINGS names", "[piraten][game][options]") {
  const auto options = qm::rules::GameOptions::parse({"target=8000", "promo=on", "pirate-magic=off"});
  const Options read = Options::read(options, 4);
  options.reject_unknown("piraten");
  CHECK(read.target == 8000);
  CHECK(read.promo);
  CHECK_FALSE(read.pirate_magic);
  CHECK(State(read).chance_outcomes().size() == 13);

  const Options defaults = Options::read(qm::rules::GameOptions{}, 2);
  CHECK(defaults.target == 6000);
  CHECK_FALSE(defaults.promo);
  CHECK(defaults.pirate_magic);
  CHECK_THROWS_AS(Options::read(qm::rules::GameOptions::parse({"target=7000"}), 2), qm::InputError);
  CHECK_THROWS_AS(Options::read(qm::rules::GameOptions{}, 1), qm::InputError);
  CHECK_THROWS_AS(Options::read(qm::rules::GameOptions{}, 6), qm::InputError);
  const auto typo = qm::rules::GameOptions::parse({"promos=on"});
  Options::read(typo, 2);
  CHECK_THROWS_AS(typo.reject_unknown("piraten"), qm::InputError);
}

TEST_CASE("a tally is checked like the score command", "[piraten][game][tally]") {
  State state(table(2));
  refused(state, Action::tally(FortuneCard::captain, dice("7coin"), {}, false),
          "a turn ends with 8 dice on the table, not 7");
  refused(state, Action::tally(FortuneCard::sea_battle_2, dice("5skull 3coin"), {}, true),
          "there is no Island of Skulls under a sea battle card");
  state.apply_action(Action::draw(FortuneCard::captain));
  refused(state, Action::tally(FortuneCard::captain, dice("8coin"), {}, false), "finish the current turn first");
}

TEST_CASE("a table may start from carried-over totals", "[piraten][game]") {
  Options options = table(2, 5000);
  State state(options, {4900, 100});
  tally(state, FortuneCard::sorceress, "2skull 3coin 3parrot");  // +500
  CHECK(state.total(0) == 5400);
  CHECK(state.last_round());
  CHECK_THROWS_AS(State(options, {1, 2, 3}), qm::InputError);
}
