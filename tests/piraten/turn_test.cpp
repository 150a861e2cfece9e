// The turn state machine: every roll checked against the rule text and RULINGS.md.
#include <catch2/catch.hpp>

#include "rules/piraten/turn.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/piraten/dice.hpp"

using namespace qm::piraten;

namespace {

using qm::piraten::testing::dice;

Turn rolled(FortuneCard card, const std::string& first_roll) {
  Turn turn = Turn::start(card);
  turn.apply(Action::roll(dice(first_roll)));
  return turn;
}

void reroll(Turn& turn, const std::string& picked_up, const std::string& came_up) {
  turn.apply(Action::reroll(dice(picked_up)));
  turn.apply(Action::roll(dice(came_up)));
}

// The move is refused with this reason and the turn is left as it was.
void refused(const Turn& turn, const Action& action, const std::string& reason) {
  Turn copy = turn;
  CHECK(copy.refusal(action) == reason);
  CHECK_THROWS_WITH(copy.apply(action), reason);
  CHECK(copy == turn);
}

}  // namespace

TEST_CASE("a turn throws eight dice first", "[piraten][turn]") {
  Turn turn = Turn::start(FortuneCard::captain);
  CHECK(turn.awaits_roll());
  refused(turn, Action::stop(), "throw the eight dice first");
  refused(turn, Action::roll(dice("7coin")), "8 dice were thrown, so name 8 faces, not 7");
  turn.apply(Action::roll(dice("2coin 2sabre 2monkey skull parrot")));
  CHECK(turn.phase == TurnPhase::choosing);
  CHECK(turn.rolls == 1);
}

TEST_CASE("a reroll needs at least two dice", "[piraten][turn]") {
  const Turn turn = rolled(FortuneCard::captain, "2coin 2sabre 2monkey skull parrot");
  refused(turn, Action::reroll(dice("parrot")), "a reroll needs at least two dice");
}

TEST_CASE("skulls cannot be rerolled", "[piraten][turn]") {
  const Turn turn = rolled(FortuneCard::captain, "2coin 2sabre 2monkey skull parrot");
  refused(turn, Action::reroll(dice("skull parrot")), "skulls cannot be rerolled");
  refused(turn, Action::reroll(dice("3coin")), "there are only 2 coins to reroll");
  refused(turn, Action::reroll(dice("2parrot")), "there is only 1 parrot to reroll");
  refused(turn, Action::reroll(dice("2diamond")), "there is no diamond to reroll");
}

TEST_CASE("a reroll of a sabre and a parrot then stop scores the final table", "[piraten][turn]") {
  Turn turn = rolled(FortuneCard::coin, "2coin diamond sabre 3monkey parrot");
  reroll(turn, "sabre parrot", "coin parrot");
  CHECK(turn.phase == TurnPhase::choosing);
  CHECK(turn.rolls == 2);
  turn.apply(Action::stop());
  CHECK(turn.is_over());
  CHECK_FALSE(turn.died());
  // coins 3 + card = 4 (400 + 200), diamond 100, three monkeys 100.
  CHECK(turn.result().score == 400 + 200 + 100 + 100);
}

TEST_CASE("the third skull ends the turn", "[piraten][turn][death]") {
  Turn turn = rolled(FortuneCard::captain, "2skull 2coin 2sabre 2monkey");
  reroll(turn, "2sabre", "skull coin");
  CHECK(turn.is_over());
  CHECK(turn.died());
  CHECK(turn.result().score == 0);
  refused(turn, Action::stop(), "the turn is over: 3 skulls");
}

TEST_CASE("three skulls on the first roll end the turn at once", "[piraten][turn][death]") {
  CHECK(rolled(FortuneCard::captain, "3skull 5coin").died());
  CHECK(rolled(FortuneCard::skull_1, "2skull 6coin").died());
  CHECK(rolled(FortuneCard::skull_2, "skull 7coin").died());
}

TEST_CASE("four skulls on the first roll lead to the Island of Skulls", "[piraten][turn][island]") {
  Turn turn = rolled(FortuneCard::captain, "4skull 2coin 2sabre");
  CHECK(turn.skull_island);
  CHECK(turn.phase == TurnPhase::choosing);
  refused(turn, Action::reroll(dice("2coin")), "on the Island of Skulls every die that is not a skull is rerolled: 2coin 2sabre");
  refused(turn, Action::reroll(dice("skull 2coin 2sabre")), "skulls cannot be rerolled");
  reroll(turn, "2coin 2sabre", "skull 2coin sabre");
  CHECK(turn.phase == TurnPhase::choosing);  // a new skull: the player may go on
  reroll(turn, "2coin sabre", "2coin sabre");
  CHECK(turn.is_over());  // no new skull ends the Island
  CHECK_FALSE(turn.died());
  const TurnResult result = turn.result();
  CHECK(result.skull_island);
  CHECK(result.deduction == 5 * 100 * 2);  // captain doubles
}

TEST_CASE("skull cards count toward the Island", "[piraten][turn][island]") {
  CHECK(rolled(FortuneCard::skull_1, "3skull 5coin").skull_island);
  CHECK(rolled(FortuneCard::skull_2, "2skull 6coin").skull_island);
  CHECK(rolled(FortuneCard::skull_2, "2skull 6coin").result().deduction == 400);
}

TEST_CASE("the Island player may stop sooner and may reroll a single last die", "[piraten][turn][island]") {
  Turn turn = rolled(FortuneCard::sorceress, "6skull 2coin");
  reroll(turn, "2coin", "skull coin");
  CHECK(turn.phase == TurnPhase::choosing);
  turn.apply(Action::reroll(dice("coin")));
  turn.apply(Action::roll(dice("skull")));
  CHECK(turn.is_over());  // nothing left to throw
  CHECK(turn.result().deduction == 800);

  Turn stopper = rolled(FortuneCard::sorceress, "4skull 4coin");
  stopper.apply(Action::stop());
  CHECK(stopper.result().deduction == 400);
}

TEST_CASE("eight skulls on the first roll end the Island at once", "[piraten][turn][island]") {
  const Turn turn = rolled(FortuneCard::skull_2, "8skull");
  CHECK(turn.is_over());
  CHECK(turn.result().deduction == 1000);
}

TEST_CASE("a sea battle has no Island: four skulls are death", "[piraten][turn][sea-battle]") {
  const Turn turn = rolled(FortuneCard::sea_battle_3, "4skull 4sabre");
  CHECK(turn.died());
  CHECK_FALSE(turn.skull_island);
  CHECK(turn.result().score == -500);
}

TEST_CASE("the sorceress rerolls one skull once with another die", "[piraten][turn][sorceress]") {
  Turn turn = rolled(FortuneCard::sorceress, "2skull 3coin 3parrot");
  refused(turn, Action::reroll(dice("skull")), "a reroll needs at least two dice");
  refused(turn, Action::reroll(dice("2skull parrot")), "the sorceress lets only one skull be rerolled");
  reroll(turn, "skull 3parrot", "coin 2parrot monkey");
  CHECK(turn.sorceress_used);
  CHECK(turn.dice[0] == 1);
  refused(turn, Action::reroll(dice("skull monkey")), "the sorceress lets a skull be rerolled only once per turn");
  refused(rolled(FortuneCard::captain, "2skull 3coin 3parrot"), Action::reroll(dice("skull parrot")),
          "skulls cannot be rerolled");
}

TEST_CASE("the sorceress can save a player showing three skulls", "[piraten][turn][sorceress]") {
  Turn turn = rolled(FortuneCard::sorceress, "3skull 3coin 2parrot");
  CHECK(turn.phase == TurnPhase::choosing);
  CHECK(turn.must_use_sorceress());
  refused(turn, Action::reroll(dice("2parrot")), "three skulls: only a reroll of one skull with the sorceress can save the turn");
  Turn saved = turn;
  reroll(saved, "skull 2parrot", "3coin");
  CHECK(saved.phase == TurnPhase::choosing);
  CHECK_FALSE(saved.must_use_sorceress());
  saved.apply(Action::stop());
  CHECK(saved.result().score == 600 + 1000 + 0);  // six coins, two skulls: no Full Chest

  Turn unlucky = turn;
  reroll(unlucky, "skull parrot", "skull coin");
  CHECK(unlucky.died());

  Turn gives_up = turn;
  gives_up.apply(Action::stop());
  CHECK(gives_up.died());
}

TEST_CASE("the sorceress does not work on the Island", "[piraten][turn][sorceress][island]") {
  const Turn turn = rolled(FortuneCard::sorceress, "4skull 4coin");
  CHECK(turn.skull_island);
  CHECK_FALSE(turn.sorceress_available());
  refused(turn, Action::reroll(dice("skull 4coin")), "skulls cannot be rerolled");
}

TEST_CASE("the storm allows only one reroll", "[piraten][turn][storm]") {
  Turn turn = rolled(FortuneCard::storm, "2coin 2diamond 2parrot sabre monkey");
  reroll(turn, "2parrot sabre monkey", "2parrot 2coin");
  CHECK(turn.is_over());
  CHECK(turn.result().score == 2 * (400 + 200 + 200));
  refused(turn, Action::reroll(dice("2parrot")), "the storm allows only one reroll");
}

TEST_CASE("the storm's two rolls hold on the Island too", "[piraten][turn][storm][island]") {
  Turn turn = rolled(FortuneCard::storm, "4skull 4coin");
  CHECK(turn.skull_island);
  reroll(turn, "4coin", "2skull 2coin");
  CHECK(turn.is_over());
  CHECK(turn.result().deduction == 600);
}

TEST_CASE("the chest keeps dice out of rerolls and scores them after death", "[piraten][turn][chest]") {
  Turn turn = rolled(FortuneCard::chest, "2skull 3monkey 2coin parrot");
  refused(turn, Action::chest_put(dice("skull")), "a skull cannot be put in the chest");
  refused(turn, Action::chest_put(dice("4monkey")), "only 3 monkeys lie outside the chest");
  refused(turn, Action::chest_put(dice("2parrot")), "only 1 parrot lies outside the chest");
  turn.apply(Action::chest_put(dice("3monkey 2coin")));
  refused(turn, Action::reroll(dice("monkey parrot")),
          "no monkey lies outside the chest: take dice out of the chest to reroll them");
  refused(turn, Action::chest_take(dice("parrot")), "no parrot lies in the chest");
  refused(turn, Action::chest_take(dice("3coin")), "only 2 coins lie in the chest");
  turn.apply(Action::chest_take(dice("coin")));
  reroll(turn, "coin parrot", "skull sabre");
  CHECK(turn.died());
  const TurnResult result = turn.result();
  CHECK(result.died);
  CHECK(result.score == 100 + 100);  // one coin and three monkeys in the chest
}

TEST_CASE("chest moves need the chest card", "[piraten][turn][chest]") {
  const Turn turn = rolled(FortuneCard::captain, "2skull 3monkey 2coin parrot");
  refused(turn, Action::chest_put(dice("coin")), "dice go into the chest only under the chest card");
  refused(rolled(FortuneCard::chest, "4skull 4coin"), Action::chest_put(dice("coin")),
          "on the Island of Skulls every die is rerolled, so the chest stays empty");
}

TEST_CASE("every listed move is legal and outcomes are a distribution", "[piraten][turn][moves]") {
  for (int c = 0; c < kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    for (const std::string first : {"2skull 3monkey 2coin parrot", "3skull 3coin 2parrot", "coin diamond sabre monkey parrot 3coin",
                                     "4skull 2coin 2sabre"}) {
      const Turn turn = rolled(card, first);
      INFO(qm::notation::to_string(card) << " " << first);
      for (const Action& move : turn.legal_moves()) {
        REQUIRE(turn.refusal(move) == "");
        if (move.kind == ActionKind::reroll && move.faces[0] > 0) REQUIRE((card == FortuneCard::sorceress && !turn.skull_island));
        if (move.kind != ActionKind::reroll || dice_total(move.faces) < 4) continue;
        Turn next = turn;
        next.apply(move);
        double total = 0;
        for (const Action& outcome : next.legal_moves()) total += next.outcome_probability(outcome.faces);
        REQUIRE(total == Approx(1.0));
      }
    }
  }
  CHECK(dice_multisets(8).size() == 1287);
  CHECK(dice_multisets(0).size() == 1);
  CHECK(rolled(FortuneCard::captain, "2skull 3monkey 2coin parrot").legal_moves().size() == 1 + 4 * 3 * 2 - 1 - 3);
}

TEST_CASE("sampled rolls are fair dice", "[piraten][turn][chance]") {
  qm::rules::Rng rng(2024);
  Turn turn = Turn::start(FortuneCard::captain);
  FaceCounts seen{};
  constexpr int kRolls = 30000;
  for (int i = 0; i < kRolls; ++i) {
    const Action roll = turn.sample_roll(rng);
    REQUIRE(dice_total(roll.faces) == kDiceCount);
    for (int face = 0; face < kFaceCount; ++face) seen[face] += roll.faces[face];
  }
  for (int face = 0; face < kFaceCount; ++face)
    CHECK(seen[face] == Approx(kRolls * kDiceCount / 6.0).epsilon(0.02));
}
