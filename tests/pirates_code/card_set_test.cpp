// Card sets as data (issue 7, item 1): the base set file and the loader's checks.
#include <catch2/catch.hpp>

#include <fstream>

#include "rules/pirates_code/card_set_file.hpp"
#include "scoring/input_error.hpp"
#include "scoring/pirates_code/card_set.hpp"
#include "scoring/pirates_code/judgement.hpp"
#include "tests/common/temp_home.hpp"

namespace pc = qm::pirates_code;
using pc::NumberSet;
using pc::Role;

namespace {

nlohmann::json base_document() {
  std::ifstream in(std::string(QM_DATA_DIR) + "/pirates_code/base.json");
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("The base set file gives the summary's effects", "[pirates_code][card_set]") {
  const pc::CardSet set = pc::card_set_from_json(base_document());
  CHECK(set.name() == "base");
  CHECK(set.numbers_with(Role::inquiry) == NumberSet::of({1, 2, 3, 4}));
  CHECK(set.numbers_with(Role::clairvoyance) == NumberSet::of({5, 6}));
  CHECK(set.numbers_with(Role::rapid_fire) == NumberSet::of({7, 8}));
  CHECK(set.numbers_with(Role::plunder) == NumberSet::of({9, 10}));
  CHECK(set.numbers_with(Role::scouting) == NumberSet::of({11, 12, 13, 14}));
  CHECK(set.role(12) == Role::scouting);
  CHECK(pc::reusable(Role::inquiry));
  CHECK(pc::reusable(Role::scouting));
  CHECK_FALSE(pc::reusable(Role::plunder));
}

TEST_CASE("A card set names every number once with a known effect", "[pirates_code][card_set]") {
  nlohmann::json document = base_document();
  SECTION("a repeated number") {
    document["cards"][1]["number"] = 1;
    CHECK_THROWS_AS(pc::card_set_from_json(document), qm::InputError);
  }
  SECTION("a missing number") {
    document["cards"].erase(document["cards"].begin() + 13);
    CHECK_THROWS_WITH(pc::card_set_from_json(document), Catch::Contains("14"));
  }
  SECTION("an effect the engine does not know") {
    document["cards"][0]["role"] = "swordsman";
    CHECK_THROWS_WITH(pc::card_set_from_json(document), Catch::Contains("swordsman"));
  }
  SECTION("a number outside 1-14") {
    document["cards"][0]["number"] = 15;
    CHECK_THROWS_AS(pc::card_set_from_json(document), qm::InputError);
  }
  SECTION("a reshuffled set is another set") {
    document["cards"][0]["role"] = "scouting";
    const pc::CardSet set = pc::card_set_from_json(document);
    CHECK(set.numbers_with(Role::scouting) == NumberSet::of({1, 11, 12, 13, 14}));
    CHECK_FALSE(set == pc::card_set_from_json(base_document()));
  }
}

TEST_CASE("Judgement runs clockwise from the guesser and stops at the first have", "[pirates_code][judgement]") {
  // Four players; the guesser is seat 2 and asks about 5 and 11.
  const std::array<NumberSet, 4> hands = {NumberSet::of({1, 2, 11}), NumberSet::of({3, 4, 6}),
                                           NumberSet::of({7, 8, 9}), NumberSet::of({5, 10, 12})};
  const NumberSet declared = NumberSet::of({5, 11});
  const pc::Answers first = pc::judge(hands, 2, declared, 0);
  REQUIRE(first.count == 2);
  CHECK(first.seat[0] == 2);
  CHECK_FALSE(first.has[0]);
  CHECK(first.seat[1] == 3);
  CHECK(first.has[1]);
  CHECK(first.holder == 3);
  const pc::Answers continued = pc::judge(hands, 2, declared, first.next_position);
  REQUIRE(continued.count == 1);
  CHECK(continued.seat[0] == 0);
  CHECK(continued.holder == 0);
  CHECK(continued.next_position == 3);
  const pc::Answers code = pc::judge(hands, 2, NumberSet::of({13, 14}), 0);
  CHECK(code.count == 4);
  CHECK(code.holder == -1);
}

TEST_CASE("A card set file with a number too large for a double is refused as bad JSON", "[pirates_code][card_set]") {
  // Found by tests/fuzz (card_set, after meuterer_state): nlohmann reports 9e999999 as
  // out_of_range, not as a parse_error, and it escaped as an internal error.
  const qm::tests::TempHome home("card-set-huge-number");
  std::ofstream(home.dir / "huge.json") << R"({"name": "huge", "cards": [{"number": 9e999999, "role": "inquiry"}]})";
  CHECK_THROWS_WITH(pc::load_card_set((home.dir / "huge.json").string()),
                    (home.dir / "huge.json").string() + ": not valid JSON: line 1, column 39: the number 9e999999 is too large");
}

TEST_CASE("A card set's name is a string", "[pirates_code][card_set]") {
  // Found by tests/fuzz (card_set): a number for a name escaped as an internal error.
  nlohmann::json document = base_document();
  document["name"] = 5;
  CHECK_THROWS_WITH(pc::card_set_from_json(document), "card set: \"name\" must be a string");
}
