#include <catch2/catch.hpp>

#include <fstream>

#include "rules/meuterer/round_json.hpp"
#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"
#include "test_support.hpp"

using namespace qm::meuterer;
using namespace qm::meuterer::test;

namespace {

SeatAtTable seat(const std::string& name, Role role, const std::string& displayed = "", std::vector<Sale> sales = {}) {
  SeatAtTable at;
  at.name = name;
  at.role = role;
  if (!displayed.empty()) at.displayed = count_goods(qm::notation::parse_goods({displayed}));
  at.sales = std::move(sales);
  return at;
}

// Ann captains from Hochland (the only active island) towards Grünland (dest VP 4), offering 2.
RoundTable quiet_round() {
  RoundTable table;
  table.islands = default_components()->islands;
  table.ship = island("Hochland");
  table.active = {table.ship};
  table.offer = 2;
  table.captain_destination = island("Grünland");
  table.seats = {seat("Ann", Role::captain), seat("Bob", Role::mate), seat("Cy", Role::merchant),
                 seat("Dee", Role::loader)};
  return table;
}

int total(const RoundScore& score, int seat) { return score.seats[static_cast<std::size_t>(seat)].total; }

}  // namespace

TEST_CASE("Without a mutiny the captain gets the destination less the offer and the mate 1 plus the offer", "[meuterer][score]") {
  const RoundScore score = score_round(quiet_round());
  CHECK_FALSE(score.mutiny.happened);
  CHECK(total(score, 0) == 4 - 2);
  CHECK(total(score, 1) == 1 + 2);
  CHECK(total(score, 2) == 0);
  CHECK(score.ship_destination == island("Grünland"));
  CHECK(score.next_captain == 0);
  REQUIRE(score.seats[0].items.size() == 2);
  CHECK(score.seats[0].items[0].reason == "destination Grünland");
}

TEST_CASE("Without a mate the captain pays nothing", "[meuterer][score]") {
  RoundTable table = quiet_round();
  table.seats[1].role = Role::ships_boy;
  const RoundScore score = score_round(table);
  CHECK(total(score, 0) == 4);
  CHECK(total(score, 1) == 0);  // the ship's boy scores only in a successful mutiny
}

TEST_CASE("The captain may end a round with negative VP", "[meuterer][score]") {
  RoundTable table = quiet_round();
  table.offer = 3;
  table.captain_destination = island("Frosthöhle");  // dest 3, one island clockwise
  table.ship = island("Hochland");
  table.captain_destination = island("Affeninsel");  // dest 2, five islands clockwise
  CHECK(total(score_round(table), 0) == 2 - 3);
}

TEST_CASE("A tie in the mutiny goes to the mutineer", "[meuterer][score][mutiny]") {
  RoundTable table = quiet_round();
  table.seats = {seat("Ann", Role::captain, "combat"), seat("Bob", Role::mate), seat("Cy", Role::mutineer, "combat"),
                 seat("Dee", Role::ships_boy)};
  table.seats[2].combat_added = 1;
  table.mutineer_destination = island("Sandkap");  // one island counterclockwise, dest 3
  const RoundScore score = score_round(table);
  CHECK(score.mutiny.captain_strength == 2);  // 1 combat + the mate's 1
  CHECK(score.mutiny.mutineer_strength == 2);
  CHECK(score.mutiny.succeeded);
  CHECK(total(score, 0) == 0);
  CHECK(total(score, 1) == 0);
  CHECK(total(score, 2) == 3);
  CHECK(total(score, 3) == 2);
  CHECK(score.ship_destination == island("Sandkap"));
  CHECK(score.next_captain == 2);
}

TEST_CASE("The mate's strength can defeat a mutiny", "[meuterer][score][mutiny]") {
  RoundTable table = quiet_round();
  table.seats = {seat("Ann", Role::captain, "combat"), seat("Bob", Role::mate), seat("Cy", Role::mutineer, "combat"),
                 seat("Dee", Role::merchant, "3combat")};
  table.mutineer_destination = island("Sandkap");
  const RoundScore score = score_round(table);
  CHECK(score.mutiny.happened);
  CHECK_FALSE(score.mutiny.succeeded);  // 2 against 1: the merchant's combat cards do not count
  CHECK(total(score, 0) == 4 - 2);
  CHECK(total(score, 1) == 3);
  CHECK(total(score, 2) == 0);
  CHECK(score.ship_destination == island("Grünland"));
}

TEST_CASE("Sales add their VP with a reason and the merchant's privilege", "[meuterer][score][merchant]") {
  RoundTable table = quiet_round();
  table.active = {island("Hochland"), island("Grünland")};
  table.ship = island("Grünland");
  table.captain_destination = island("Karge Zunge");  // dest 4
  const int grunland = island("Grünland");
  const int hochland = island("Hochland");
  table.seats = {seat("Ann", Role::captain, "2salt", {{grunland, Good::salt, 2}}),
                 seat("Bob", Role::mate, "2salt", {{grunland, Good::salt, 2}}),
                 seat("Cy", Role::merchant, "2salt wine", {{grunland, Good::salt, 2}, {hochland, Good::wine, 1}}),
                 seat("Dee", Role::loader, "ruby combat", {{hochland, Good::ruby, 1}})};
  const RoundScore score = score_round(table);
  // Grünland: three tied with 2 salt (2 VP each), the merchant 5. Hochland: Cy and Dee tied (3 each),
  // the merchant 4.
  CHECK(total(score, 0) == 4 - 2 + 2);
  CHECK(total(score, 1) == 3 + 2);
  CHECK(total(score, 2) == 5 + 4);
  CHECK(total(score, 3) == 3);
  const auto& items = score.seats[2].items;
  REQUIRE(items.size() == 2);
  // In the order of the active islands.
  CHECK(items[0].reason == "two-way tie on Hochland (1 wine), merchant's privilege");
  CHECK(items[0].vp == 4);
  CHECK(items[1].reason == "three-way tie on Grünland (2 salt), merchant's privilege");
  CHECK(items[1].vp == 5);
}

TEST_CASE("A four-way tie on an island pays only the merchant", "[meuterer][score][merchant]") {
  RoundTable table = quiet_round();
  const int hochland = island("Hochland");
  table.seats = {seat("Ann", Role::captain, "wine", {{hochland, Good::wine, 1}}),
                 seat("Bob", Role::mate, "salt", {{hochland, Good::salt, 1}}),
                 seat("Cy", Role::merchant, "ruby", {{hochland, Good::ruby, 1}}),
                 seat("Dee", Role::loader, "grain", {{hochland, Good::grain, 1}})};
  RoundScore score = score_round(table);
  CHECK(total(score, 0) == 2);
  CHECK(total(score, 1) == 3);
  CHECK(total(score, 2) == 4);
  CHECK(total(score, 3) == 0);
  table.sale_rules.merchant_paid_in_four_way_tie = false;
  score = score_round(table);
  CHECK(total(score, 2) == 0);
}

TEST_CASE("Undeclared sales are made by the assistant only when one allocation is possible", "[meuterer][score]") {
  RoundTable table = quiet_round();
  table.active = {island("Grünland")};
  table.ship = island("Grünland");
  table.captain_destination = island("Grünland");
  table.seats[0] = seat("Ann", Role::captain, "3salt wine");
  table.seats[0].sales_declared = false;
  RoundScore score = score_round(table);
  REQUIRE(score.sales[0].size() == 1);
  CHECK(score.sales[0][0].count == 3);
  CHECK(total(score, 0) == 4 - 2 + 5);

  table.active = {island("Hochland"), island("Grünland")};
  CHECK_THROWS_WITH(score_round(table), Catch::Contains("Ann can allocate its goods in"));
}

TEST_CASE("Impossible tables are refused naming the problem", "[meuterer][score]") {
  RoundTable table = quiet_round();
  table.seats[1].role = Role::captain;
  CHECK_THROWS_WITH(score_round(table), Catch::Contains("two players hold the captain: Ann and Bob"));
  table = quiet_round();
  table.seats[2].role = Role::mutineer;
  CHECK_THROWS_WITH(score_round(table), Catch::Contains("mutineer's destination is missing"));
  table = quiet_round();
  table.seats[2] = seat("Cy", Role::merchant, "salt", {{island("Grünland"), Good::salt, 1}});
  CHECK_THROWS_WITH(score_round(table), Catch::Contains("Cy sells on Grünland, which is not active"));
  table = quiet_round();
  table.captain_destination = island("Eisfelsen") + 2;  // 6 islands clockwise
  CHECK_THROWS_WITH(score_round(table), Catch::Contains("more than 5 islands"));
  table = quiet_round();
  table.seats.pop_back();
  table.seats.pop_back();
  CHECK_THROWS_AS(score_round(table), qm::InputError);
}

TEST_CASE("The sales helper lists every allocation with its VP and marks every best one", "[meuterer][score][helper]") {
  RoundTable table = quiet_round();
  const int hochland = island("Hochland");
  const int grunland = island("Grünland");
  table.active = {hochland, grunland};
  table.ship = grunland;
  table.captain_destination = grunland;
  // Bob has declared 3 salt on Grünland; Ann holds 2 salt and 1 wine.
  table.seats[0] = seat("Ann", Role::captain, "2salt wine");
  table.seats[1] = seat("Bob", Role::mate, "3salt", {{grunland, Good::salt, 3}});
  const std::vector<SaleOption> options = sale_options(table, 0);
  // wine@Hochland + salt@Grünland (sole on Hochland, losing Grünland), salt@Hochland, and salt
  // split 1/1 (sole on Hochland): 4 each, a tie, so every one is best.
  REQUIRE(options.size() == 3);
  for (const SaleOption& option : options) {
    CHECK(option.vp == 4);
    CHECK(option.best);
  }
}

TEST_CASE("The sales helper gives the VP range over what the players yet to declare may sell", "[meuterer][score][helper]") {
  // Ann sold her ruby on Eisfelsen; Bob's 2 grain can only go to Hochland, but he has not declared;
  // Cy, the merchant, weighs her ruby. Dee displayed nothing.
  RoundTable table = quiet_round();
  const int hochland = island("Hochland");
  const int eisfelsen = island("Eisfelsen");
  table.active = {hochland, eisfelsen};
  table.captain_destination = eisfelsen;
  table.seats = {seat("Ann", Role::captain, "ruby", {{eisfelsen, Good::ruby, 1}}), seat("Bob", Role::mate, "2grain"),
                 seat("Cy", Role::merchant, "ruby"), seat("Dee", Role::loader)};
  for (const int undeclared : {1, 2, 3}) table.seats[static_cast<std::size_t>(undeclared)].sales_declared = false;
  std::vector<SaleOption> options = sale_options(table, 2);
  REQUIRE(options.size() == 2);
  const SaleOption& on_hochland = options[0].sales[0].island == hochland ? options[0] : options[1];
  const SaleOption& on_eisfelsen = options[0].sales[0].island == hochland ? options[1] : options[0];
  // Alone on Hochland only while Bob's grain is left out: he will sell it there.
  CHECK(on_hochland.vp == 4);
  CHECK(on_hochland.vp_min == 0);
  CHECK(on_hochland.vp_max == 0);
  CHECK_FALSE(on_hochland.best);
  CHECK(on_eisfelsen.vp_min == 6);
  CHECK(on_eisfelsen.vp_max == 6);
  CHECK(on_eisfelsen.best);
  CHECK(undeclared_sellers(table, 2) == std::vector<int>{1});

  // Bob, before Cy declares: his grain alone on Hochland, or tied with Cy's ruby there.
  options = sale_options(table, 1);
  REQUIRE(options.size() == 1);
  CHECK(options[0].vp_min == 4);
  CHECK(options[0].vp_max == 4);
  table.seats[0].sales.clear();
  table.seats[0].sales_declared = false;
  options = sale_options(table, 1);
  CHECK(options[0].vp_min == 4);  // Cy's ruby on Hochland, one card against two
  CHECK(undeclared_sellers(table, 1) == std::vector<int>{0, 2});
  table.seats[2].displayed = count_goods(qm::notation::parse_goods({"2ruby"}));
  options = sale_options(table, 1);
  CHECK(options[0].vp_min == 3);  // Cy's 2 rubies tie on Hochland: the merchant's privilege leaves Bob 3
  CHECK(options[0].vp_max == 4);
}

TEST_CASE("The example state file scores as documented", "[meuterer][score][json]") {
  const Components& components = *default_components();
  const RoundTable table = load_round_table(std::string(QM_DATA_DIR) + "/meuterer/examples/round.json", components);
  const RoundScore score = score_round(table);
  const nlohmann::json json = round_score_json(table, score);
  CHECK(json["mutiny"]["happened"] == true);
  CHECK(json["mutiny"]["succeeded"] == false);
  CHECK(json["ship_destination"] == "Eisfelsen");
  CHECK(json["mutiny"]["captain_strength"] == 3);
  CHECK(json["mutiny"]["mutineer_strength"] == 2);
  // Ann: Eisfelsen 5 - offer 1, grain tied with the merchant on Karge Zunge 3.
  CHECK(json["players"][0]["vp"] == 5 - 1 + 3);
  // Bob: mate 1 + offer 1, salt tied with the merchant on Grünland 3.
  CHECK(json["players"][1]["vp"] == 2 + 3);
  // Cy: the failed mutineer; its single salt (sold by the assistant) loses on Grünland.
  CHECK(json["players"][2]["vp"] == 0);
  CHECK(json["players"][2]["sales"][0]["count"] == 1);
  // Dee, the merchant: the sole prices of both ties.
  CHECK(json["players"][3]["vp"] == 6 + 5);
}

TEST_CASE("Bad state files name the field", "[meuterer][score][json]") {
  const Components& components = *default_components();
  nlohmann::json document = {{"ship", "Hochland"},
                             {"offer", 1},
                             {"captain_destination", "Atlantis"},
                             {"players", nlohmann::json::array()}};
  CHECK_THROWS_WITH(parse_round_table(document, components, "round.json"),
                    "round.json: captain_destination: no island is named 'Atlantis'");
  document["captain_destination"] = "grunland";
  document["players"] = {{{"name", "Ann"}, {"role", "admiral"}}};
  CHECK_THROWS_WITH(parse_round_table(document, components, "round.json"), Catch::Contains("players[0].role"));
  document["players"] = {{{"name", "Ann"}, {"displayed", "3gold"}}};
  CHECK_THROWS_WITH(parse_round_table(document, components, "round.json"), Catch::Contains("players[0].displayed"));
}

TEST_CASE("A number too large for a double is bad JSON, in a state file and in a components file", "[meuterer][score][json]") {
  // Found by tests/fuzz (meuterer_state): nlohmann reports 9e999999 as out_of_range, not as a
  // parse_error, and it escaped as an internal error.
  const qm::tests::TempHome home("meuterer-huge-number");
  std::ofstream(home.dir / "components.json") << R"({"offer": 9e999999})";
  CHECK_THROWS_WITH(load_round_table(home.dir / "components.json", *default_components()), Catch::Contains("not valid JSON"));
  CHECK_THROWS_WITH(load_components(home.dir), Catch::Contains("not valid JSON"));
}

TEST_CASE("A file that is not JSON is named with the line and the column, in our words", "[meuterer][score][json]") {
  // The state file and the components file say it the same way (rules/json_file.hpp), never in
  // nlohmann's words ("[json.exception.parse_error.101] ...").
  const qm::tests::TempHome home("meuterer-bad-json");
  const std::filesystem::path file = home.dir / "components.json";
  auto message = [&](const std::string& text) {
    std::ofstream(file) << text;
    std::string state = "(accepted)";
    std::string components = "(accepted)";
    try {
      load_round_table(file, *default_components());
    } catch (const qm::InputError& error) {
      state = error.what();
    }
    try {
      load_components(home.dir);
    } catch (const qm::InputError& error) {
      components = error.what();
    }
    CHECK(state == components);
    return state;
  };
  const std::string prefix = file.string() + ": not valid JSON: ";
  CHECK(message("{\n  \"ship\": \"Hochland\",\n  \"offer\": ,\n}") == prefix + "line 3, column 12: unexpected ','");
  CHECK(message("{\"ship\": \"Hochland\"") == prefix + "line 1, column 20: the document ends before it is complete");
  CHECK(message("{\"offer\": 9e999999}") == prefix + "line 1, column 11: the number 9e999999 is too large");
  CHECK(message("{\"ship\": \"Grün\nland\"}") == prefix + "line 1, column 15: a line break inside a string");
  CHECK(message(" \n") == prefix + "the file holds no JSON document");
}

TEST_CASE("A sale an island does not buy is refused naming the player, the island and the good", "[meuterer][score]") {
  RoundTable table = quiet_round();
  const int eisfelsen = island("Eisfelsen");
  table.ship = eisfelsen;
  table.active = {island("Hochland"), eisfelsen};
  table.captain_destination = eisfelsen;
  table.seats[0] = seat("Ann", Role::captain, "wine", {{eisfelsen, Good::wine, 1}});
  CHECK_THROWS_WITH(score_round(table), "Ann: Eisfelsen does not buy wine");
  CHECK_THROWS_WITH(sale_options(table, 1), "Ann: Eisfelsen does not buy wine");
}

TEST_CASE("A seat with more cards than a hand holds is refused", "[meuterer][score]") {
  RoundTable table = quiet_round();
  table.seats[1] = seat("Bob", Role::mate, "6grain");
  CHECK_THROWS_WITH(score_round(table), "Bob displays 6 cards, but a hand holds 5");
  CHECK_THROWS_WITH(sale_options(table, 0), "Bob displays 6 cards, but a hand holds 5");
  table = quiet_round();
  table.seats[2] = seat("Cy", Role::mutineer, "combat");
  table.seats[2].combat_added = 5;
  table.mutineer_destination = island("Sandkap");
  CHECK_THROWS_WITH(score_round(table), "Cy displays 1 card and adds 5 combat cards, but a hand holds 5");
  table.seats[2].combat_added = 4;
  CHECK_NOTHROW(score_round(table));
}

TEST_CASE("A state file with more cards than the game has, an offer no captain card shows or a name twice is refused",
          "[meuterer][score][json]") {
  const Components& components = *default_components();
  const nlohmann::json good = {{"ship", "Hochland"},
                               {"offer", 1},
                               {"captain_destination", "Hochland"},
                               {"players",
                                {{{"name", "Ann"}, {"role", "captain"}},
                                 {{"name", "Bob"}, {"role", "mate"}},
                                 {{"name", "Cy"}, {"role", "merchant"}}}}};
  auto refused = [&](const nlohmann::json& document) -> std::string {
    try {
      parse_round_table(document, components, "round.json");
    } catch (const qm::InputError& error) {
      return error.what();
    }
    return "(accepted)";
  };
  CHECK(refused(good) == "(accepted)");
  nlohmann::json document = good;
  document["offer"] = 4;  // RULINGS.md: the captain cards are 0/1 and 2/3
  CHECK(refused(document) == "round.json: offer: no captain card shows 4 (the captain cards are 0/1 and 2/3)");
  document = good;
  document["players"][0]["displayed"] = "3ruby";
  document["players"][1]["displayed"] = "2ruby";
  CHECK(refused(document) == "round.json: players: 5 ruby displayed in all, but the game has only 4");
  document = good;
  document["players"][0]["displayed"] = "4combat";
  document["players"][1]["displayed"] = "2combat";
  document["players"][1]["combat_added"] = 1;
  CHECK(refused(document) == "round.json: players: 7 combat displayed and added in all, but the game has only 6");
  document = good;
  document["players"][0]["displayed"] = "pirate";
  document["players"][2]["displayed"] = "pirate";
  CHECK(refused(document) == "round.json: players: 2 pirate displayed in all, but the game has only 1");
  document = good;
  document["players"][2]["name"] = "ANN";
  CHECK(refused(document) == "round.json: players[2].name: 'ANN' is the name of players[0] too");
}
