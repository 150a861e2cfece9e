// Positions whose best move is known by hand, the table's description of a turn, and every value
// of the solver against the engine's own moves and throws (the Bellman equation).
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "advice_fixtures.hpp"
#include "scoring/rule_violation.hpp"

using namespace qm::advice;
using namespace qm::advice::testing;
using qm::piraten::Action;
using qm::piraten::ActionKind;
using qm::piraten::FaceCounts;
using qm::piraten::FortuneCard;
using qm::piraten::Turn;

namespace {


double objective_points(const Turn& over, int opponents) {
  const qm::piraten::TurnPoints points = over.points();
  return points.score + static_cast<double>(opponents) * points.deduction;
}

// The expectation of a throw, outcome by outcome through the engine, the solver valuing what follows.
double throw_expectation(const CardSolver& solver, const Turn& flying) {
  double expected = 0;
  for (const FaceCounts& faces : qm::piraten::dice_multisets(flying.in_hand)) {
    Turn after = flying;
    after.apply(Action::roll(faces));
    expected += qm::piraten::roll_probability(faces) *
                (after.is_over() ? objective_points(after, solver.objective().opponents) : solver.value(after));
  }
  return expected;
}

// max(stop, every legal reroll) computed from Turn::legal_moves alone. Under the chest card every
// kept die goes in the chest first (the most the chest can protect), so this also checks that the
// solver's smaller chest loses nothing.
double bellman(const CardSolver& solver, const Turn& turn) {
  Turn stopped = turn;
  stopped.apply(Action::stop());
  double best = objective_points(stopped, solver.objective().opponents);
  for (const Action& move : turn.legal_moves()) {
    if (move.kind != ActionKind::reroll) continue;
    Turn flying = turn;
    if (turn.card == FortuneCard::chest && !turn.skull_island) {
      FaceCounts kept{};
      for (int face = qm::piraten::kSkull + 1; face < qm::piraten::kFaceCount; ++face) kept[face] = turn.dice[face] - move.faces[face];
      if (qm::piraten::dice_total(kept) > 0) flying.apply(Action::chest_put(kept));
    }
    flying.apply(move);
    best = std::max(best, throw_expectation(solver, flying));
  }
  return best;
}

}  // namespace

TEST_CASE("seven coins and no skull: stop", "[advice]") {
  for (FortuneCard card : {FortuneCard::chest, FortuneCard::captain, FortuneCard::coin,
                           FortuneCard::diamond, FortuneCard::monkey_business, FortuneCard::storm, FortuneCard::truce}) {
    INFO(qm::notation::to_string(card));
    const Advice advice = advise(card, "7coin parrot");
    CHECK_FALSE(advice.best.reroll);
    CHECK(advice.stop_value == qm::piraten::score_points(card, dice("7coin parrot"), {}, false).score);
    CHECK(advice.best.expected == advice.stop_value);
    CHECK(advice.death_chance == 0);
    CHECK(advice.ranked.size() > 1);
    CHECK(advice.ranked[1].expected < advice.stop_value);
  }
}

TEST_CASE("seven coins under the sorceress: a reroll of a coin and the parrot is worth it", "[advice]") {
  // Two dice and no skull cannot die, and a skull that blocks the next reroll can go back with
  // the sorceress: 1/36 eight coins (5300), 2/36 a diamond (Full Chest, 3300), and the misses
  // keep trying. Without her (captain above, halved) the same reroll is worth less than stopping.
  const Turn turn = position(FortuneCard::sorceress, "7coin parrot");
  const Advice advice = own_points().advise(turn);
  REQUIRE(advice.best.reroll);
  CHECK(advice.best.dice == dice("coin parrot"));
  CHECK(advice.best.death_chance == 0);
  CHECK(advice.stop_value == 2700);
  CHECK(advice.best.expected > 2700);
  CHECK(advice.best.expected < 2750);
  CHECK(bellman(own_points().card(FortuneCard::sorceress), turn) == Approx(advice.best.expected).epsilon(1e-12));
}

TEST_CASE("a sea battle without its sabres rerolls even seven coins", "[advice]") {
  const Advice advice = advise(FortuneCard::sea_battle_2, "7coin parrot");
  CHECK(advice.stop_value == -300);
  CHECK(advice.best.reroll);
  CHECK(advice.best.expected > advice.stop_value);
}

TEST_CASE("two skulls and six coins: stop rather than risk the third skull", "[advice]") {
  const Advice advice = advise(FortuneCard::captain, "2skull 6coin");
  CHECK_FALSE(advice.best.reroll);
  CHECK(advice.stop_value == 2 * (600 + 1000));
  for (const Decision& decision : advice.ranked)
    if (decision.reroll) CHECK(decision.death_chance > 0.3);
}

TEST_CASE("a reroll is chosen only when it beats stopping and never into certain loss", "[advice]") {
  // Two skulls, nothing scoring: any reroll can only gain, so the solver rerolls; with six coins
  // the same skulls make it stop (above). At every decision the best is never below stopping.
  const Advice nothing = advise(FortuneCard::captain, "2skull 2sabre 2monkey 2parrot");
  CHECK(nothing.best.reroll);
  CHECK(nothing.stop_value == 0);
  CHECK(nothing.best.expected > 0);
  for (const Decision& decision : nothing.ranked) CHECK(decision.expected >= 0);
  const Advice skulls = advise(FortuneCard::skull_2, "3coin 2diamond 3parrot");  // two skulls on the card
  CHECK(skulls.best.expected >= skulls.stop_value);
}

TEST_CASE("three skulls with the sorceress unused: only her skull reroll saves the turn", "[advice]") {
  const Advice advice = advise(FortuneCard::sorceress, "3skull 3coin monkey parrot");
  CHECK(advice.stopping_dies);
  CHECK(advice.stop_value == 0);
  CHECK(advice.best.reroll);
  CHECK(advice.best.dice[qm::piraten::kSkull] == 1);
  for (const Decision& decision : advice.ranked)
    if (decision.reroll) CHECK(decision.dice[qm::piraten::kSkull] == 1);
  const Decision& stop = *std::find_if(advice.ranked.begin(), advice.ranked.end(), [](const Decision& d) { return !d.reroll; });
  CHECK(stop.death_chance == 1);
  // Once used, three skulls are death: nothing left to advise.
  CHECK_THROWS_AS(position(FortuneCard::sorceress, "3skull 3coin monkey parrot", "", true), qm::RuleViolation);
}

TEST_CASE("the chest protects points before a risky roll", "[advice]") {
  const Turn turn = position(FortuneCard::chest, "2skull 4coin 2monkey");
  const Advice advice = own_points().advise(turn);
  REQUIRE(advice.best.reroll);
  CHECK(advice.best.dice == dice("2monkey"));
  CHECK(advice.best.chest_put == dice("4coin"));
  CHECK(qm::piraten::dice_total(advice.best.chest_take) == 0);
  CHECK(advice.stop_value == 600);
  CHECK(advice.best.expected > advice.stop_value);
  // The same reroll with an empty chest: the third skull (11/36) would take the 600 points away.
  Turn bare = turn;
  bare.apply(Action::reroll(dice("2monkey")));
  const double without_chest = throw_expectation(own_points().card(FortuneCard::chest), bare);
  CHECK(advice.best.expected - without_chest == Approx(11.0 / 36 * 600).epsilon(1e-9));
  // Dice to reroll come out of the chest; coins already there stay.
  const Advice again = advise(FortuneCard::chest, "2skull 4coin 2monkey", "2coin 2monkey");
  CHECK(again.best.dice == dice("2monkey"));
  CHECK(again.best.chest_take == dice("2monkey"));
  CHECK(again.best.chest_put == dice("2coin"));
}

TEST_CASE("the optimal policy arranges the chest then rerolls", "[advice]") {
  Turn turn = position(FortuneCard::chest, "2skull 4coin 2monkey", "2coin 2monkey");
  const CardSolver& solver = own_points().card(FortuneCard::chest);
  CHECK(solver.choose(turn) == Action::chest_take(dice("2monkey")));
  turn.apply(solver.choose(turn));
  CHECK(solver.choose(turn) == Action::chest_put(dice("2coin")));
  turn.apply(solver.choose(turn));
  CHECK(turn.chest == dice("4coin"));
  CHECK(solver.choose(turn) == Action::reroll(dice("2monkey")));
}

TEST_CASE("the Island of Skulls: rerolls for the deductions only when they count", "[advice]") {
  const Advice own = advise(FortuneCard::captain, "4skull 4parrot");
  CHECK_FALSE(own.best.reroll);  // every outcome scores 0 for the player: stop
  CHECK(own.stop_value == 0);
  const Advice relative = advise(FortuneCard::captain, "4skull 4parrot", "", two_opponents());
  CHECK(relative.stop_value == 2 * 4 * 200);
  REQUIRE(relative.best.reroll);
  CHECK(relative.best.dice == dice("4parrot"));
  CHECK(relative.best.expected > relative.stop_value);
  CHECK(relative.death_chance == 0);
  // By default the advice counts the deductions on the Island, and only there (issue 20, item 4).
  CHECK(default_objective(position(FortuneCard::captain, "4skull 4parrot"), 2) == Objective{2});
  CHECK(default_objective(position(FortuneCard::captain, "2skull 6parrot"), 2) == Objective{0});
  // Truce: sabres on the Island cost the player 1000 each, so even its own points reroll them.
  const Advice truce = advise(FortuneCard::truce, "4skull sabre 3coin");
  CHECK(truce.stop_value == -1000);
  CHECK(truce.best.reroll);
}

TEST_CASE("truce and sea battles: what the card asks for", "[advice]") {
  const Advice truce = advise(FortuneCard::truce, "2skull sabre 5coin");
  CHECK(truce.stop_value == -1000);
  REQUIRE(truce.best.reroll);
  CHECK(truce.best.dice[static_cast<int>(qm::piraten::Face::sabre)] == 1);
  const Advice battle = advise(FortuneCard::sea_battle_4, "2skull 3sabre 3coin");
  CHECK(battle.stop_value == -1000);
  REQUIRE(battle.best.reroll);
  CHECK(battle.best.dice[static_cast<int>(qm::piraten::Face::sabre)] == 0);
  const Advice won = advise(FortuneCard::sea_battle_2, "2skull 2sabre 4coin");
  CHECK_FALSE(won.best.reroll);
  CHECK(won.stop_value == 400 + 200 + 300);
}

TEST_CASE("a position is the table as the player describes it", "[advice]") {
  using qm::InputError;
  using qm::RuleViolation;
  CHECK_THROWS_WITH(position(FortuneCard::captain, "7coin"), Catch::Contains("not 7"));
  CHECK_THROWS_AS(position(FortuneCard::captain, "7coin parrot", "coin"), InputError);
  CHECK_THROWS_AS(position(FortuneCard::chest, "7coin parrot", "3coin skull"), InputError);
  CHECK_THROWS_AS(position(FortuneCard::captain, "7coin parrot", "", true), InputError);
  CHECK_THROWS_AS(position(FortuneCard::captain, "7coin parrot", "", false, 0), InputError);
  CHECK_THROWS_WITH(position(FortuneCard::captain, "3skull 5coin"), "the turn is over: 3 skulls");
  CHECK_THROWS_WITH(position(FortuneCard::skull_2, "skull 7coin"), "the turn is over: 3 skulls");
  CHECK_THROWS_WITH(position(FortuneCard::sea_battle_2, "4skull 4coin"), "the turn is over: 4 skulls");
  CHECK_THROWS_AS(position(FortuneCard::storm, "2coin 6parrot", "", false, 2), RuleViolation);
  CHECK_THROWS_AS(position(FortuneCard::captain, "8skull"), RuleViolation);
  CHECK_THROWS_AS(position(FortuneCard::chest, "4skull 4coin", "coin"), InputError);  // no chest on the Island
  const Turn island = position(FortuneCard::skull_1, "3skull 5coin");
  CHECK(island.skull_island);
  CHECK(island.skulls() == 4);
  CHECK(position(FortuneCard::sorceress, "3skull 5coin").must_use_sorceress());
  CHECK(position(FortuneCard::storm, "2coin 6parrot").rolls == 1);
}

TEST_CASE("every value satisfies the Bellman equation of the engine's own moves and throws", "[advice]") {
  // A sample of decision states of every card (and, counting Island deductions, of three), each
  // recomputed from Turn::legal_moves and every outcome of every throw.
  const std::vector<FaceCounts> eights = qm::piraten::dice_multisets(qm::piraten::kDiceCount);
  auto check_card = [&](const Solver& solver, FortuneCard card, std::size_t stride) {
    const CardSolver& card_solver = solver.card(card);
    int checked = 0;
    for (std::size_t i = card == FortuneCard::sorceress ? 1 : 0; i < eights.size(); i += stride) {
      for (bool used : {false, true}) {
        if (used && card != FortuneCard::sorceress) continue;
        Turn turn;
        try {
          turn = decision_turn({card, eights[i], {}, used, 1});
        } catch (const qm::InputError&) {
          continue;  // over already, or the sorceress used on the Island
        }
        INFO(turn.to_string());
        const double value = card_solver.value(turn);
        CHECK(bellman(card_solver, turn) == Approx(value).margin(1e-7));
        const Advice advice = card_solver.advise(turn);
        CHECK(advice.best.expected == Approx(value).margin(1e-7));
        CHECK(advice.best.expected >= advice.stop_value);
        ++checked;
      }
    }
    CHECK(checked > 10);
  };
  for (int c = 0; c < qm::piraten::kFortuneCardKinds; ++c) check_card(own_points(), static_cast<FortuneCard>(c), 97);
  for (FortuneCard card : {FortuneCard::captain, FortuneCard::skull_2, FortuneCard::truce}) check_card(two_opponents(), card, 41);
}
