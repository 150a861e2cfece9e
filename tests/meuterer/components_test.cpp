#include <catch2/catch.hpp>

#include <fstream>

#include "scoring/input_error.hpp"
#include "test_support.hpp"

using namespace qm::meuterer;
using namespace qm::meuterer::test;

namespace {

nlohmann::json default_document() {
  std::ifstream stream(std::string(QM_DATA_DIR) + "/meuterer/components.json");
  return nlohmann::json::parse(stream);
}

}  // namespace

TEST_CASE("The data file holds the islands of RULINGS.md in clockwise order", "[meuterer][components]") {
  const Components& c = *default_components();
  struct Expected {
    const char* name;
    std::optional<Good> good;
    std::array<int, 3> sale;
    int destination;
  };
  // Copied from RULINGS.md, Meuterer: components.
  const std::vector<Expected> expected = {
      {"Hochland", std::nullopt, {4, 3, 2}, 5}, {"Frosthöhle", Good::cloth, {3, 2, 1}, 3},
      {"Grünland", Good::salt, {5, 3, 2}, 4},   {"Karge Zunge", Good::grain, {6, 3, 2}, 4},
      {"Eisfelsen", Good::ruby, {6, 4, 3}, 5},  {"Affeninsel", Good::grain, {2, 1, 1}, 2},
      {"Kalte Klippe", Good::cloth, {5, 2, 2}, 4}, {"Sommerland", Good::salt, {3, 1, 1}, 2},
      {"Rotes Riff", Good::wine, {4, 2, 2}, 3},  {"Piratennest", std::nullopt, {4, 3, 2}, 5},
      {"Fingerhut", Good::ruby, {2, 1, 0}, 2},   {"Sandkap", Good::wine, {4, 2, 1}, 3}};
  REQUIRE(c.islands.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(expected[i].name);
    CHECK(c.islands[i].name == expected[i].name);
    CHECK(c.islands[i].good == expected[i].good);
    CHECK(c.islands[i].sale_vp == expected[i].sale);
    CHECK(c.islands[i].destination_vp == expected[i].destination);
  }
  CHECK(c.islands[static_cast<std::size_t>(c.start_island)].name == "Hochland");
  CHECK(c.islands[static_cast<std::size_t>(c.pirate_start_island)].name == "Piratennest");
}

TEST_CASE("The data file holds the goods deck captain cards and action cards", "[meuterer][components]") {
  const Components& c = *default_components();
  CHECK(c.goods_deck[Good::ruby] == 4);
  CHECK(c.goods_deck[Good::salt] == 5);
  CHECK(c.goods_deck[Good::wine] == 6);
  CHECK(c.goods_deck[Good::cloth] == 7);
  CHECK(c.goods_deck[Good::grain] == 8);
  CHECK(c.goods_deck[Good::combat] == 6);
  CHECK(c.goods_deck[Good::pirate] == 0);
  CHECK(c.pirate_variant_goods.total() == 1);
  CHECK(c.pirate_variant_goods[Good::pirate] == 1);
  CHECK(c.captain_cards == std::vector<std::array<int, 2>>{{0, 1}, {2, 3}});
  CHECK(c.action_cards == std::vector<Role>{Role::mate, Role::mutineer, Role::ships_boy, Role::merchant, Role::loader});
}

TEST_CASE("Islands are found by forgiving names", "[meuterer][components]") {
  const Components& c = *default_components();
  CHECK(c.find_island("Grünland") == 2);
  CHECK(c.find_island("grunland") == 2);
  CHECK(c.find_island("KARGE-ZUNGE") == 3);
  CHECK(c.find_island("kargezunge") == 3);
  CHECK(c.find_island("eis") == 4);
  CHECK(c.find_island("k") == -1);  // Karge Zunge or Kalte Klippe
  CHECK(c.find_island("Atlantis") == -1);
}

TEST_CASE("Bad component data is reported with the file and the field", "[meuterer][components]") {
  nlohmann::json document = default_document();
  document["islands"][3]["sale_vp"] = {6, 3};
  CHECK_THROWS_WITH(parse_components(document, "components.json"),
                    "components.json: islands[3].sale_vp: expected three whole numbers [sole, two tied, three tied]");
  document = default_document();
  document["islands"][1]["good"] = "silver";
  CHECK_THROWS_WITH(parse_components(document, "components.json"), Catch::StartsWith("components.json: islands[1].good: "));
  document = default_document();
  document["islands"][5].erase("destination_vp");
  CHECK_THROWS_WITH(parse_components(document, "components.json"), "components.json: islands[5].destination_vp: missing");
  document = default_document();
  document["islands"][2]["name"] = "Hochland";
  CHECK_THROWS_WITH(parse_components(document, "components.json"),
                    "components.json: islands[2].name: 'Hochland' appears twice");
  document = default_document();
  document["start_island"] = "Atlantis";
  CHECK_THROWS_WITH(parse_components(document, "components.json"),
                    "components.json: start_island: no island is named 'Atlantis'");
  document = default_document();
  document["goods_deck"]["wine"] = -1;
  CHECK_THROWS_WITH(parse_components(document, "components.json"), Catch::StartsWith("components.json: goods_deck.wine: "));
  document = default_document();
  document["action_cards"][1] = "admiral";
  CHECK_THROWS_WITH(parse_components(document, "components.json"), Catch::StartsWith("components.json: action_cards[1]: "));
  document = default_document();
  document["captain_cards"][0] = {0};
  CHECK_THROWS_WITH(parse_components(document, "components.json"), Catch::StartsWith("components.json: captain_cards[0]: "));
}

TEST_CASE("A missing or broken data file names the file", "[meuterer][components]") {
  CHECK_THROWS_WITH(load_components("/nonexistent/meuterer"), "/nonexistent/meuterer/components.json: cannot read the file");
  const std::string dir = std::string(QM_DATA_DIR) + "/meuterer/examples";  // has no components.json
  CHECK_THROWS_AS(load_components(dir), qm::InputError);
}

TEST_CASE("A corrected copy of the data changes the game", "[meuterer][components]") {
  nlohmann::json document = default_document();
  document["islands"][2]["destination_vp"] = 9;
  const Components corrected = parse_components(document, "components.json");
  CHECK(corrected.islands[2].destination_vp == 9);
  CHECK_FALSE(corrected == *default_components());
}

TEST_CASE("Components too small for the game are refused", "[meuterer][components]") {
  nlohmann::json document = default_document();
  document["goods_deck"] = {{"wine", 10}};
  auto small = std::make_shared<const Components>(parse_components(document, "components.json"));
  CHECK_THROWS_WITH(State(small, 4), Catch::Contains("players need at least 23"));
  document = default_document();
  document["action_cards"] = {"mate", "mutineer"};
  auto few = std::make_shared<const Components>(parse_components(document, "components.json"));
  CHECK_THROWS_WITH(State(few, 4), Catch::Contains("too few"));
  CHECK_NOTHROW(State(few, 3));
}
