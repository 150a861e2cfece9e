// Loot at the table through the CLI layer: the table's own operations (LootTable), and whole
// lines run through the real command tree in a journaled session (replay, undo, reopening).
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/loot/table.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/common/temp_home.hpp"

using namespace qm::cli;
using qm::cli::loot_cli::LootTable;
using qm::cli::loot_cli::parse_named_cards;

namespace {

std::vector<std::string> words(const std::string& line) { return split_words(line); }

LootTable three() { return LootTable(qm::loot::table_setup({"Ann", "Bob", "Cy"})); }

std::string run(Session& session, const std::string& line, bool json = false) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  ctx.json = json;
  session.run(split_words(line), ctx);
  return out.str();
}

std::unique_ptr<Session> open(const std::string& name) {
  return Session::open_named(name, [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); });
}

}  // namespace

TEST_CASE("loot table: moves name the player or default to the one whose turn it is", "[loot][cli]") {
  LootTable table = three();
  CHECK(table.whose_turn() == "Ann");
  table.play(words("float m5"));  // Ann's
  const auto outcome = table.play(words("attack bob blue3 #1"));
  CHECK(outcome.action.seat == 1);
  CHECK_FALSE(outcome.reinforced);
  CHECK(table.whose_turn() == "Cy");
  table.play(words("draw"));
  const auto second = table.play(words("attack Ann green4 1"));  // Ann attacks her own merchant: 4 to 3
  CHECK(second.captures.empty());                                  // so Bob takes nothing at his turn
  CHECK(table.play(words("reinforce Bob blue2 #1")).reinforced);
  const auto views = table.tracked().battles();
  REQUIRE(views.size() == 1);
  CHECK(views[0].lead.taker == 1);
  const auto after_pirate = table.completions(words("attack Bob blue2"));
  CHECK(std::find(after_pirate.begin(), after_pirate.end(), "#1") != after_pirate.end());
  const auto after_verb = table.completions(words("attack"));  // the player may come first, or the ship
  REQUIRE(after_verb.size() > 3);
  CHECK(std::vector<std::string>(after_verb.begin(), after_verb.begin() + 3) == std::vector<std::string>{"Ann", "Bob", "Cy"});
  CHECK(std::find(after_verb.begin(), after_verb.end(), "m5") == after_verb.end());  // merchants are not attackers
}

TEST_CASE("loot table: a refused move changes nothing and names the reason", "[loot][cli]") {
  LootTable table = three();
  table.play(words("float Ann m5"));
  const qm::loot::Table before = table.tracked();
  CHECK_THROWS_WITH(table.play(words("draw Cy")), Catch::Contains("Bob's turn"));
  CHECK_THROWS_AS(table.play(words("admiral Bob #1")), qm::RuleViolation);
  CHECK_THROWS_WITH(table.play(words("attack Bob m3 #1")), Catch::Contains("'m3'"));
  CHECK_THROWS_WITH(table.play(words("attack Zed blue1 #1")), Catch::Contains("'Zed'"));
  CHECK_THROWS_WITH(table.play(words("attack Bob blue1 #7")), Catch::Contains("#7"));
  CHECK(table.tracked() == before);
}

TEST_CASE("loot table: captures are reported at the start of the turn that makes them", "[loot][cli]") {
  LootTable table = three();
  table.play(words("float Ann m5"));
  table.play(words("draw Bob"));
  const auto outcome = table.play(words("draw Cy"));  // Ann's turn starts: #1 is hers
  REQUIRE(outcome.captures.size() == 1);
  CHECK(outcome.captures[0].number == 1);
  CHECK(outcome.captures[0].seat == 0);
  CHECK(table.standings()[0].total == 5);
  CHECK(table.completed_turns() == 3);
}

TEST_CASE("loot table: end waits for the end of the game and final works without tracking", "[loot][cli]") {
  LootTable table = three();
  CHECK_THROWS_WITH(table.end({}), Catch::Contains("not over"));
  table.settle(parse_named_cards({"Ann=m5,m3", "Bob=m8"}, "--captured"), parse_named_cards({"ann=m2"}, "--hand"));
  CHECK(table.is_over());
  CHECK(table.winners() == std::vector<std::string>{"Bob"});
  CHECK(table.standings()[0].total == 6);
  CHECK(table.whose_turn().empty());
  CHECK_THROWS_AS(table.play(words("draw Ann")), qm::RuleViolation);
  CHECK_THROWS_AS(table.settle({}, {}), qm::RuleViolation);
}

TEST_CASE("loot table: team play scores teams and records its options", "[loot][cli]") {
  LootTable table(qm::loot::table_setup({"Ann", "Bob", "Cy", "Dee"}, {{"Ann", "Bob"}, {"Cy", "Dee"}}));
  CHECK(table.options()["teams"] == nlohmann::json::array({{"Ann", "Bob"}, {"Cy", "Dee"}}));
  table.play(words("float Ann m5"));
  table.play(words("admiral Bob #1"));  // a partner's merchant
  table.settle(parse_named_cards({"Ann=m5", "Cy=m4", "Dee=m2"}, "--captured"), {});
  CHECK(table.winners() == std::vector<std::string>{"Cy", "Dee"});
  CHECK(table.result()->teams.size() == 2);
}

TEST_CASE("loot named cards: NAME=CARDS lists, continuations and teams", "[loot][cli]") {
  const auto hauls = parse_named_cards({"Ann=m5", "m3", "Bob=", "ann=m2"}, "--captured");
  REQUIRE(hauls.size() == 2);
  CHECK(hauls[0].cards.size() == 3);
  CHECK(hauls[1].cards.empty());
  CHECK_THROWS_WITH(parse_named_cards({"m5"}, "--captured"), Catch::Contains("'m5'"));
  CHECK_THROWS_WITH(parse_named_cards({"Ann=m9"}, "--captured"), Catch::Contains("m9"));
  using qm::cli::loot_cli::parse_teams;
  CHECK(parse_teams({"Ann+Cy,Bob+Dee"}).size() == 2);
  CHECK(parse_teams({"Ann,Cy", "Bob,Dee"}).size() == 2);
  CHECK(parse_teams({"Ann", "Cy"}).size() == 1);
  CHECK_THROWS_WITH(parse_teams({"Ann"}), Catch::Contains("Ann"));
}

TEST_CASE("loot session: journaled moves replay, undo and reopen exactly", "[loot][cli][journal]") {
  const qm::tests::TempHome home("loot-cli-table");
  std::string battles;
  std::string standings;
  {
    auto session = open("loot-night");
    run(*session, "new loot Ann Bob Cy");
    run(*session, "float Ann m5");
    run(*session, "float m3");
    run(*session, "attack Cy blue3 #2");
    CHECK_THROWS_AS(run(*session, "attack Ann blue2 #2"), qm::RuleViolation);  // blue is Cy's on #2
    const std::size_t events = session->events().size();
    CHECK(events == 4);
    run(*session, "draw Ann");  // Ann took #1 at the start of her turn
    CHECK(session->current_game()->standings()[0].total == 5);
    run(*session, "undo");
    CHECK(session->current_game()->standings()[0].total == 5);  // the capture came before the draw
    CHECK(session->current_game()->whose_turn() == "Ann");
    battles = run(*session, "battles", true);
    standings = run(*session, "standings", true);
  }
  auto session = open("loot-night");
  CHECK(run(*session, "battles", true) == battles);
  CHECK(run(*session, "standings", true) == standings);
  const auto doc = nlohmann::json::parse(battles);
  REQUIRE(doc["battles"].size() == 1);
  CHECK(doc["battles"][0]["leading"] == "Cy");
  CHECK(doc["battles"][0]["taken_at_turn_of"] == "Cy");
  run(*session, "redo");
  CHECK(session->current_game()->whose_turn() == "Bob");
  const auto moved = nlohmann::json::parse(run(*session, "float Bob m2", true));
  CHECK(moved["merchant"] == 3);
  CHECK(moved["to_play"] == "Cy");
}
