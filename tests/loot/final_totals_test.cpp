// Final totals (RULINGS.md, Loot: End and Teams; CLI.md, score loot).
#include <catch2/catch.hpp>

#include "scoring/input_error.hpp"
#include "scoring/loot/deck.hpp"
#include "scoring/loot/final_totals.hpp"
#include "scoring/notation.hpp"

using qm::loot::final_totals;
using qm::loot::PlayerHaul;
using qm::notation::parse_loot_cards;

namespace {
PlayerHaul haul(const std::string& name, const std::string& captured, const std::string& hand) {
  return {name, parse_loot_cards({captured}), parse_loot_cards({hand})};
}
}  // namespace

TEST_CASE("loot deck holds 78 cards worth 100 gold", "[loot][scoring]") {
  int cards = 0;
  int gold = 0;
  for (int type = 0; type < qm::loot::kCardTypes; ++type) {
    cards += qm::loot::copies_of_type(type);
    gold += qm::loot::copies_of_type(type) * qm::loot::gold_of_type(type);
  }
  CHECK(cards == 78);
  CHECK(gold == 100);
  CHECK(qm::loot::copies_of_type(qm::loot::type_of(qm::loot::Card::merchant(3))) == 6);
  CHECK(qm::loot::copies_of_type(qm::loot::type_of(qm::loot::Card::pirate(qm::loot::Colour::gold, 2))) == 4);
}

TEST_CASE("loot CLI example: captured minus merchants in hand", "[loot][scoring]") {
  const auto totals = final_totals({haul("Ann", "m5,m3", "m2"), haul("Bob", "m8", "")});
  REQUIRE(totals.players.size() == 2);
  CHECK(totals.players[0].name == "Ann");
  CHECK(totals.players[0].captured == 8);
  CHECK(totals.players[0].in_hand == 2);
  CHECK(totals.players[0].total == 6);
  CHECK(totals.players[1].total == 8);
  CHECK(totals.teams.empty());
  CHECK(totals.winners == std::vector<std::string>{"Bob"});
}

TEST_CASE("loot pirates left in hand cost nothing and scores may be negative", "[loot][scoring]") {
  const auto totals = final_totals({haul("Ann", "", "m4 blue3 admiral"), haul("Bob", "m2", "captain-gold")});
  CHECK(totals.players[0].total == -4);
  CHECK(totals.players[1].in_hand == 0);
  CHECK(totals.players[1].total == 2);
  CHECK(totals.winners == std::vector<std::string>{"Bob"});
}

TEST_CASE("loot equal highest share the win", "[loot][scoring]") {
  const auto totals = final_totals({haul("Ann", "m5", ""), haul("Bob", "m7", "m2"), haul("Cy", "m3", "")});
  CHECK(totals.winners == std::vector<std::string>{"Ann", "Bob"});
}

TEST_CASE("loot team totals are the partners' sum and the whole team wins", "[loot][scoring]") {
  const auto totals = final_totals({haul("Ann", "m8", ""), haul("Bob", "m6 m5", "m2"), haul("Cy", "", "m3"),
                                    haul("Dee", "m4", "")},
                                   {{"Ann", "cy"}, {"Bob", "Dee"}});
  REQUIRE(totals.teams.size() == 2);
  CHECK(totals.teams[0].names == std::vector<std::string>{"Ann", "Cy"});
  CHECK(totals.teams[0].total == 5);
  CHECK(totals.teams[1].total == 13);
  CHECK(totals.winners == std::vector<std::string>{"Bob", "Dee"});
}

TEST_CASE("loot tied teams both win", "[loot][scoring]") {
  const auto totals = final_totals({haul("Ann", "m8", ""), haul("Bob", "m4", ""), haul("Cy", "", ""),
                                    haul("Dee", "m4", "")},
                                   {{"Ann", "Cy"}, {"Bob", "Dee"}});
  CHECK(totals.winners == std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"});
}

TEST_CASE("loot final totals refuse impossible input", "[loot][scoring]") {
  CHECK_THROWS_AS(final_totals({}), qm::InputError);
  CHECK_THROWS_WITH(final_totals({haul("Ann", "blue3", "")}), Catch::Contains("only merchant ships are captured"));
  CHECK_THROWS_WITH(final_totals({haul("Ann", "m8", ""), haul("Bob", "", "m8")}), Catch::Contains("holds only 1"));
  CHECK_THROWS_WITH(final_totals({haul("Ann", "", ""), haul("ann", "", "")}), Catch::Contains("named twice"));
  const std::vector<PlayerHaul> four = {haul("Ann", "", ""), haul("Bob", "", ""), haul("Cy", "", ""), haul("Dee", "", "")};
  CHECK_THROWS_WITH(final_totals(four, {{"Ann", "Zed"}, {"Bob", "Dee"}}), Catch::Contains("Zed"));
  CHECK_THROWS_WITH(final_totals(four, {{"Ann", "Bob"}, {"Bob", "Dee"}}), Catch::Contains("two teams"));
  CHECK_THROWS_WITH(final_totals(four, {{"Ann", "Bob"}}), Catch::Contains("no team"));
  CHECK_THROWS_WITH(final_totals(four, {{"Ann", "Bob", "Cy"}, {"Dee"}}), Catch::Contains("teams are of two"));
}

TEST_CASE("loot winning seats by share", "[loot][scoring]") {
  const std::vector<int> totals = {5, 9, 4, 1};
  CHECK(qm::loot::winning_seats(totals) == std::vector<int>{1});
  const std::vector<int> teams = {0, 1, 0, 1};
  CHECK(qm::loot::winning_seats(totals, teams) == std::vector<int>{1, 3});
}
