// `advise piraten` (CLI.md, Advice): the JSON contract and the people's sentence, through the
// command's own CLI11 setup (commands.cpp adds it to the program).
#include <sstream>

#include <catch2/catch.hpp>

#include "cli/advice/advise.hpp"
#include "scoring/input_error.hpp"

namespace {

// Runs `advise ARGS...` as the program would, and returns what it printed.
std::string run(std::vector<std::string> args, bool json) {
  qm::cli::Context ctx;
  std::ostringstream out;
  ctx.out = &out;
  ctx.json = json;
  CLI::App app;
  qm::cli::setup_advise(app, ctx);
  args.insert(args.begin(), "advise");
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  app.parse(reversed);
  return out.str();
}

void is_decision(const nlohmann::json& decision) {
  REQUIRE(decision.is_object());
  CHECK(decision.at("action").is_string());
  CHECK(decision.at("reroll").is_array());
  CHECK(decision.at("chest_put").is_array());
  CHECK(decision.at("chest_take").is_array());
  CHECK(decision.at("expected").is_number());
  CHECK(decision.at("death_chance").is_number());
}

}  // namespace

TEST_CASE("advise piraten --json follows the contract", "[advice][cli]") {
  const nlohmann::json doc =
      nlohmann::json::parse(run({"piraten", "--card", "chest", "--dice", "2skull 4coin 2monkey", "--chest", "2coin,2monkey"}, true));
  is_decision(doc.at("best"));
  CHECK(doc["best"]["action"] == "reroll");
  CHECK(doc["best"]["reroll"] == nlohmann::json({"monkey", "monkey"}));
  CHECK(doc["best"]["chest_take"] == nlohmann::json({"monkey", "monkey"}));
  CHECK(doc["best"]["chest_put"] == nlohmann::json({"coin", "coin"}));
  CHECK(doc["best"]["expected"] == 820.0);
  CHECK(doc.at("stop_value") == 600.0);
  CHECK(doc.at("death_chance").is_number());
  REQUIRE(doc.at("alternatives").is_array());
  CHECK(doc["alternatives"].size() == 5);
  double previous = doc["best"]["expected"];
  for (const nlohmann::json& alternative : doc["alternatives"]) {
    is_decision(alternative);
    CHECK(alternative["expected"].get<double>() <= previous);
    previous = alternative["expected"];
  }
}

TEST_CASE("advise piraten explains the choice in one sentence", "[advice][cli]") {
  const std::string chest = run({"piraten", "--card", "chest", "--dice", "2skull 4coin 2monkey"}, false);
  CHECK_THAT(chest, Catch::Contains("put the four coins in the chest, then reroll the two monkeys: 820 expected vs 600 if you stop; 55% chance to die"));
  const std::string stop = run({"piraten", "--card", "captain", "--dice", "2skull 6coin"}, false);
  CHECK_THAT(stop, Catch::Contains("stop: 3200 points; the best reroll (the two coins) gives only 1122 expected with a 31% chance to die"));
  const std::string sorceress = run({"piraten", "--card", "sorceress", "--dice", "3skull 3coin monkey parrot"}, false);
  CHECK_THAT(sorceress, Catch::Contains("reroll a skull (the sorceress) and the "));
  CHECK_THAT(sorceress, Catch::Contains("vs 0 if you stop (three skulls: stopping is death)"));
}

TEST_CASE("advise piraten on the Island of Skulls counts the deduction by default", "[advice][cli]") {
  // Issue 20, item 4: no own points are at stake on the Island, and every skull a roll adds takes
  // 100 more from every opponent; "stop: 0 points" spared them.
  const nlohmann::json island = nlohmann::json::parse(run({"piraten", "--card", "coin", "--dice", "4skull 2coin 2parrot"}, true));
  CHECK(island["best"]["action"] == "reroll");
  CHECK(island["best"]["reroll"] == nlohmann::json({"coin", "coin", "parrot", "parrot"}));
  CHECK(island.at("stop_value") == 400.0);  // four skulls: every opponent loses 400, counted once
  CHECK(island.at("opponents") == 1);
  CHECK(island["best"]["expected"].get<double>() > 400.0);
  const std::string text = run({"piraten", "--card", "captain", "--dice", "5skull 3coin"}, false);
  CHECK_THAT(text, Catch::Contains("reroll the three coins"));
  CHECK_THAT(text, Catch::Contains("vs 1000 if you stop"));  // 5 skulls x 100, doubled by the captain
  CHECK_THAT(text, Catch::Contains("deductions count as gains"));
  // Said otherwise: --opponents counts it that many times; 0 counts the player's own points only.
  const nlohmann::json two = nlohmann::json::parse(
      run({"piraten", "--card", "coin", "--dice", "4skull 2coin 2parrot", "--opponents", "2"}, true));
  CHECK(two.at("stop_value") == 800.0);
  const nlohmann::json own = nlohmann::json::parse(
      run({"piraten", "--card", "coin", "--dice", "4skull 2coin 2parrot", "--opponents", "0"}, true));
  CHECK(own["best"]["action"] == "stop");
  CHECK(own.at("opponents") == 0);
  // Off the Island nothing changes: own points.
  const nlohmann::json ashore = nlohmann::json::parse(run({"piraten", "--card", "chest", "--dice", "2skull 4coin 2monkey"}, true));
  CHECK(ashore.at("opponents") == 0);
  CHECK(ashore.at("stop_value") == 600.0);
}

TEST_CASE("advise piraten --table --json lists every card and the deck", "[advice][cli]") {
  const nlohmann::json doc = nlohmann::json::parse(run({"piraten", "--table"}, true));
  REQUIRE(doc.at("cards").size() == 13);
  for (const nlohmann::json& card : doc["cards"]) {
    CHECK(card.at("card").is_string());
    for (const char* field : {"expected", "death_chance", "island_chance", "full_chest_chance"}) CHECK(card.at(field).is_number());
  }
  CHECK(doc["cards"][2]["card"] == "sorceress");
  CHECK(doc.at("deck").at("expected").is_number());
}

TEST_CASE("advise piraten refuses what cannot be advised", "[advice][cli]") {
  CHECK_THROWS_AS(run({"piraten", "--card", "captain", "--dice", "3skull 5coin"}, false), qm::InputError);
  CHECK_THROWS_AS(run({"piraten", "--card", "captain"}, false), qm::InputError);
  CHECK_THROWS_AS(run({"piraten", "--table", "--card", "captain"}, false), qm::InputError);
  CHECK_THROWS_AS(run({"piraten", "--card", "captian", "--dice", "8coin"}, false), qm::InputError);
  CHECK_THROWS_AS(run({"piraten", "--card", "captain", "--dice", "8coin", "--opponents", "5"}, false), CLI::ParseError);
}
