// Scoring of one turn: the worked examples of the rule text and CLI.md, one test per card effect
// and per Full Chest condition of RULINGS.md, and the fast path against the itemised one.
#include <catch2/catch.hpp>

#include <functional>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/piraten/turn_score.hpp"
#include "tests/piraten/dice.hpp"

using namespace qm::piraten;

namespace {

using qm::piraten::testing::dice;
FortuneCard card(const std::string& text) { return qm::notation::parse_fortune_card(text); }

TurnResult score(const std::string& card_text, const std::string& dice_text, const std::string& chest_text = "",
                 bool island = false) {
  return score_turn({card(card_text), dice(dice_text), dice(chest_text), island});
}

int breakdown_sum(const TurnResult& result) {
  int sum = 0;
  for (const auto& item : result.breakdown) sum += item.points;
  return sum;
}

// Every multiset of `size` dice over the six faces (C(size+5, 5) of them).
void for_each_multiset(int size, const std::function<void(const FaceCounts&)>& visit) {
  FaceCounts counts{};
  std::function<void(int, int)> fill = [&](int face, int left) {
    if (face == kFaceCount - 1) {
      counts[face] = left;
      visit(counts);
      return;
    }
    for (int n = 0; n <= left; ++n) {
      counts[face] = n;
      fill(face + 1, left - n);
    }
  };
  fill(0, size);
}

}  // namespace

TEST_CASE("rule text example: diamond card with three coins and five monkeys scores 1500", "[piraten][score]") {
  const TurnResult result = score("diamond", "3coin 5monkey");
  CHECK(result.score == 1500);
  CHECK_FALSE(result.died);
  CHECK(result.deduction == 0);
  CHECK(breakdown_sum(result) == 1500);
}

TEST_CASE("rule text example: storm with two coins two diamonds four parrots scores 800", "[piraten][score]") {
  CHECK(score("storm", "2coin 2diamond 4parrot").score == 800);
}

TEST_CASE("rule text example: truce with six monkeys and two parrots scores 2000", "[piraten][score]") {
  CHECK(score("truce", "6monkey 2parrot").score == 2000);
}

TEST_CASE("set values follow the scoring card", "[piraten][score]") {
  CHECK(set_points(2) == 0);
  CHECK(set_points(3) == 100);
  CHECK(set_points(4) == 200);
  CHECK(set_points(5) == 500);
  CHECK(set_points(6) == 1000);
  CHECK(set_points(7) == 2000);
  CHECK(set_points(8) == 4000);
  CHECK(set_points(9) == 4000);
  // Only the largest set of a kind counts: four parrots are 200, not 100 + 200.
  CHECK(score("sorceress", "4parrot 2sabre 2monkey").score == 200);
  CHECK(score("sorceress", "8sabre").score == 4000 + 500);
}

TEST_CASE("coins and diamonds are worth 100 each besides their sets", "[piraten][score]") {
  CHECK(score("sorceress", "coin diamond 2skull 2sabre monkey parrot").score == 200);
  CHECK(score("sorceress", "3coin 2skull sabre monkey parrot").score == 300 + 100);
}

TEST_CASE("three skulls end the turn with nothing", "[piraten][score][death]") {
  const TurnResult result = score("captain", "3skull 5coin");
  CHECK(result.died);
  CHECK(result.score == 0);
  CHECK(breakdown_sum(result) == 0);
  CHECK(score("sorceress", "5skull 3coin").died);
}

TEST_CASE("skull cards add their skulls", "[piraten][score][card]") {
  CHECK(score("skull-1", "2skull 6coin").died);
  CHECK(score("skull-2", "skull 7coin").died);
  CHECK_FALSE(score("skull-1", "skull 7coin").died);
  CHECK(score("skull-1", "skull 7coin").score == 700 + 2000);
}

TEST_CASE("Full Chest needs no skull die", "[piraten][score][full-chest]") {
  CHECK(score("sorceress", "4coin 4diamond").score == 800 + 200 + 200 + 500);
  CHECK(score("sorceress", "4coin 3diamond skull").score == 700 + 200 + 100);
}

TEST_CASE("Full Chest needs every monkey parrot and sabre in a set", "[piraten][score][full-chest]") {
  CHECK(score("sorceress", "3monkey 3parrot 2coin").score == 100 + 100 + 200 + 500);
  CHECK(score("sorceress", "3monkey 2parrot 3coin").score == 100 + 100 + 300);
  CHECK(score("sorceress", "3sabre 5diamond").score == 100 + 500 + 500 + 500);
  CHECK(score("sorceress", "2sabre 6diamond").score == 600 + 1000);
}

TEST_CASE("Full Chest under monkey business counts monkeys and parrots together", "[piraten][score][full-chest]") {
  CHECK(score("monkey-business", "2monkey 3parrot 3coin").score == 500 + 300 + 100 + 500);
  CHECK(score("monkey-business", "monkey parrot 3coin 3diamond").score == 600 + 100 + 100);
  CHECK(score("sorceress", "2monkey 3parrot 3coin").score == 100 + 300 + 100);
}

TEST_CASE("Full Chest counts sabres of a won sea battle", "[piraten][score][full-chest][sea-battle]") {
  CHECK(score("sea-battle-2", "2sabre 3coin 3diamond").score == 600 + 100 + 100 + 500 + 300);
  CHECK(score("sea-battle-2", "2sabre 3coin 2diamond monkey").score == 500 + 100 + 300);
}

TEST_CASE("Full Chest ignores the skulls of the skull card", "[piraten][score][full-chest]") {
  CHECK(score("skull-1", "4coin 4diamond").score == 800 + 200 + 200 + 500);
  CHECK(score("skull-2", "4coin 4diamond").score == 800 + 200 + 200 + 500);
}

TEST_CASE("the card's symbol completes sets but is no die", "[piraten][score][full-chest]") {
  // Two coin dice and the card's coin make a set of three; the two coin dice score by face value.
  CHECK(score("coin", "2coin 3monkey 3parrot").score == 300 + 100 + 100 + 100 + 500);
  // The card cannot make a lone sabre score.
  CHECK(score("coin", "sabre 4monkey 3parrot").score == 100 + 200 + 100);
  CHECK(score("diamond", "3diamond 5sabre").score == 400 + 200 + 500 + 500);
}

TEST_CASE("captain doubles everything including Full Chest", "[piraten][score][card]") {
  const TurnResult result = score("captain", "4coin 4diamond");
  CHECK(result.score == 2 * (800 + 200 + 200 + 500));
  CHECK(breakdown_sum(result) == result.score);
  CHECK(score("captain", "2skull 3monkey coin sabre parrot").score == 2 * 200);
}

TEST_CASE("sorceress changes nothing in the scoring", "[piraten][score][card]") {
  CHECK(score("sorceress", "3coin 5monkey").score == 300 + 100 + 500 + 500);
}

TEST_CASE("chest dice score alone when the player dies", "[piraten][score][card][chest]") {
  const TurnResult result = score("chest", "3skull 2coin 3monkey", "2coin 3monkey");
  CHECK(result.died);
  CHECK(result.score == 200 + 100);
  CHECK(breakdown_sum(result) == result.score);
  CHECK(score("chest", "3skull 2coin 3monkey", "coin 2monkey").score == 100);
  // Alive, chest dice score with the others and Full Chest counts as usual.
  CHECK(score("chest", "4coin 4diamond", "4coin").score == 800 + 200 + 200 + 500);
  // Never a Full Chest from the chest alone, even with every non-skull die inside.
  CHECK(score("chest", "3skull 5coin", "5coin").score == 500 + 500);
}

TEST_CASE("sea battles pay their bonus when won and cost it when lost", "[piraten][score][card][sea-battle]") {
  CHECK(score("sea-battle-2", "2sabre 6parrot").score == 1000 + 500 + 300);
  CHECK(score("sea-battle-3", "3sabre 5parrot").score == 100 + 500 + 500 + 500);
  CHECK(score("sea-battle-4", "4sabre 2coin 2skull").score == 200 + 200 + 1000);
  CHECK(score("sea-battle-2", "sabre 7coin").score == -300);
  CHECK(score("sea-battle-3", "2sabre 6coin").score == -500);
  CHECK(score("sea-battle-4", "3sabre 5coin").score == -1000);
  // Dead: the bonus is lost even with enough sabres.
  const TurnResult dead = score("sea-battle-4", "4sabre 3skull coin");
  CHECK(dead.died);
  CHECK(dead.score == -1000);
  CHECK(breakdown_sum(dead) == -1000);
}

TEST_CASE("coin and diamond cards add one symbol", "[piraten][score][card]") {
  CHECK(score("coin", "2skull 2sabre monkey parrot 2diamond").score == 100 + 200);
  CHECK(score("coin", "3coin 2skull sabre monkey parrot").score == 400 + 200);
  CHECK(score("diamond", "3diamond 2skull sabre monkey parrot").score == 400 + 200);
}

TEST_CASE("monkey business makes monkeys and parrots one kind", "[piraten][score][card]") {
  CHECK(score("monkey-business", "2monkey 3parrot 2skull coin").score == 500 + 100);
  CHECK(score("monkey-business", "4monkey 4parrot").score == 4000 + 500);
}

TEST_CASE("storm scores only coins and diamonds doubled without Full Chest", "[piraten][score][card][promo]") {
  CHECK(score("storm", "4coin 4diamond").score == 2 * (800 + 200 + 200));
  CHECK(score("storm", "8parrot").score == 0);
  CHECK(score("storm", "3coin 5sabre").score == 2 * (300 + 100));
}

TEST_CASE("truce costs 1000 per sabre and doubles a turn without sabres", "[piraten][score][card][promo]") {
  CHECK(score("truce", "3sabre 5coin").score == -3000);
  CHECK(score("truce", "4coin 4diamond").score == 2 * (800 + 200 + 200 + 500));
  const TurnResult dead = score("truce", "3skull 2sabre 3coin");
  CHECK(dead.died);
  CHECK(dead.score == -2000);
}

TEST_CASE("Island of Skulls deducts 100 per skull from every opponent", "[piraten][score][island]") {
  const TurnResult result = score("sorceress", "5skull 3coin", "", true);
  CHECK(result.skull_island);
  CHECK_FALSE(result.died);
  CHECK(result.score == 0);
  CHECK(result.deduction == 500);
  CHECK(score("skull-2", "2skull 6coin", "", true).deduction == 400);
  CHECK(score("captain", "4skull 4coin", "", true).deduction == 800);
  CHECK(score("storm", "6skull 2coin", "", true).deduction == 600);
}

TEST_CASE("truce on the Island makes the player pay for sabres instead", "[piraten][score][island][promo]") {
  const TurnResult sabres = score("truce", "4skull 2sabre 2coin", "", true);
  CHECK(sabres.score == -2000);
  CHECK(sabres.deduction == 0);
  CHECK(breakdown_sum(sabres) == -2000);
  const TurnResult none = score("truce", "5skull 3coin", "", true);
  CHECK(none.score == 0);
  CHECK(none.deduction == 500);
}

TEST_CASE("nine of a kind is pirate magic and scores as eight of a kind", "[piraten][score][pirate-magic]") {
  const TurnResult result = score("diamond", "8diamond");
  CHECK(result.instant_win);
  CHECK(result.score == 900 + 4000 + 500);
  CHECK(score("coin", "8coin").instant_win);
  CHECK_FALSE(score("coin", "7coin diamond").instant_win);
  CHECK_FALSE(score("sorceress", "8coin").instant_win);
}

TEST_CASE("impossible tables are refused", "[piraten][score][input]") {
  CHECK_THROWS_AS(score("captain", "7coin"), qm::InputError);
  CHECK_THROWS_AS(score("captain", "9coin"), qm::InputError);
  CHECK_THROWS_AS(score("captain", "8coin", "coin"), qm::InputError);
  CHECK_THROWS_AS(score("chest", "8coin", "diamond"), qm::InputError);
  CHECK_THROWS_AS(score("chest", "3coin 5skull", "4coin"), qm::InputError);
  CHECK_THROWS_AS(score("chest", "3skull 5coin", "skull"), qm::InputError);
  CHECK_THROWS_AS(score("captain", "3skull 5coin", "", true), qm::InputError);
  CHECK_THROWS_AS(score("skull-1", "2skull 6coin", "", true), qm::InputError);
  CHECK_THROWS_AS(score("sea-battle-2", "5skull 3sabre", "", true), qm::InputError);
  CHECK_THROWS_AS(score("chest", "5skull 3coin", "coin", true), qm::InputError);
  CHECK_NOTHROW(score("skull-2", "2skull 6coin", "", true));
  FaceCounts negative{};
  negative[1] = 9;
  negative[2] = -1;
  CHECK_THROWS_AS(score_turn({FortuneCard::captain, negative, {}, false}), qm::InputError);
}

TEST_CASE("the fast path agrees with the itemised scorer on every table", "[piraten][score][fast-path]") {
  int tables = 0;
  int multisets = 0;
  for_each_multiset(kDiceCount, [&](const FaceCounts& eight) {
    ++multisets;
    for (int c = 0; c < kFortuneCardKinds; ++c) {
      const auto fortune = static_cast<FortuneCard>(c);
      auto compare = [&](const FaceCounts& chest, bool island) {
        const TurnResult full = score_turn({fortune, eight, chest, island});
        const TurnPoints fast = score_points(fortune, eight, chest, island);
        INFO(qm::notation::to_string(fortune) << " " << qm::notation::format_dice(eight) << " chest "
                                              << qm::notation::format_dice(chest) << " island " << island);
        REQUIRE(fast.score == full.score);
        REQUIRE(fast.deduction == full.deduction);
        REQUIRE(fast.died == full.died);
        REQUIRE(fast.instant_win == full.instant_win);
        REQUIRE(breakdown_sum(full) == full.score);
        REQUIRE(full.deduction >= 0);
        ++tables;
      };
      compare({}, false);
      if (!is_sea_battle(fortune) && skulls_showing(fortune, eight) >= kIslandSkulls) compare({}, true);
      if (fortune != FortuneCard::chest) continue;
      // Every chest that fits among the non-skull dice.
      FaceCounts chest{};
      std::function<void(int)> fill = [&](int face) {
        if (face == kFaceCount) {
          if (qm::piraten::dice_total(chest) > 0) compare(chest, false);
          return;
        }
        const int most = face == 0 ? 0 : eight[face];
        for (int n = 0; n <= most; ++n) {
          chest[face] = n;
          fill(face + 1);
        }
        chest[face] = 0;
      };
      fill(0);
    }
  });
  CHECK(multisets == 1287);
  CHECK(tables > 1287 * kFortuneCardKinds);
}
