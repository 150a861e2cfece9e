// Meuterer's command line (cli/meuterer/): the table as the REPL holds it, through the real command
// tree and a real session journal: replay on reopening, undo and redo, and what the game tells
// the session (standings in VP, whose turn, the options it was started with).
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/meuterer/table.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/common/temp_home.hpp"
#include "tests/meuterer/test_support.hpp"

using namespace qm::cli;
using namespace qm::cli::meuterer_cli;
using qm::meuterer::Phase;
using qm::meuterer::test::kRoundOne;
using qm::meuterer::test::kRoundOneFaceDown;

namespace {

std::string run(Session& session, const std::string& line) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  ctx.session = &session;
  session.run(split_words(line), ctx);
  return out.str();
}

const MeutererTable& table_of(const Session& session) {
  const auto* table = dynamic_cast<const MeutererTable*>(session.current_game());
  REQUIRE(table != nullptr);
  return *table;
}

MeutererTable new_table() {
  return MeutererTable({"Ann", "Bob", "Cy", "Dee"}, qm::meuterer::test::default_components(), {}, "");
}

}  // namespace

TEST_CASE("Meuterer at the REPL: what the game tells the session", "[meuterer][cli]") {
  const MeutererTable table = new_table();
  CHECK(table.game() == "meuterer");
  CHECK(table.score_name() == "VP");
  CHECK(table.whose_turn() == "Ann");
  CHECK_FALSE(table.is_over());
  CHECK(table.completed_turns() == 0);
  REQUIRE(table.standings().size() == 4);
  CHECK(table.standings()[3].player == "Dee");
  CHECK(table.options()["rounds"] == 8);
  CHECK(table.options()["data"].is_null());
  CHECK(table.completions({"draw"}).front() == "Ann");
  CHECK(table.completions({"sell", "Ann"}).front() == "nothing");
}

TEST_CASE("Meuterer table: the session journal replays the table and undo takes back one move", "[meuterer][cli]") {
  const qm::tests::TempHome home("meuterer-table");
  const LineRunner runner = [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); };
  qm::meuterer::State before_reopen = new_table().state();
  {
    auto session = Session::open_named("meuterer-table", runner);
    const std::string greeting = run(*session, "new meuterer Ann Bob Cy Dee");
    CHECK_THAT(greeting, Catch::Contains("Ann draws 5 cards"));
    for (const std::string& line : kRoundOne) run(*session, line);
    CHECK_THROWS_AS(run(*session, "combat 5"), qm::RuleViolation);
    const std::string end = run(*session, "combat 1");
    CHECK_THAT(end, Catch::Contains("Round 1 of 8"));
    CHECK_THAT(end, Catch::Contains("Bob's mutiny fails (captain's side 2, mutineer's side 1)"));
    run(*session, "draw ruby grain");
    before_reopen = table_of(*session).state();
    run(*session, "undo");
    CHECK(table_of(*session).state().phase() == Phase::refill);
    CHECK(table_of(*session).table().draw_need().cards == 2);
    run(*session, "redo");
    CHECK(table_of(*session).state() == before_reopen);
  }
  auto session = Session::open_named("meuterer-table", runner);
  CHECK(table_of(*session).state() == before_reopen);
  CHECK(table_of(*session).standings()[2].total == 7);
  const std::string json = run(*session, "show --json");
  const auto doc = nlohmann::json::parse(json);
  CHECK(doc["round"] == 1);
  CHECK(doc["phase"] == "refill");
  CHECK(doc["to_play"] == "Bob");
  CHECK(doc["ship"] == "Eisfelsen");
}

TEST_CASE("Meuterer at the REPL: --json and --session may come among a move's words", "[meuterer][cli]") {
  const qm::tests::TempHome home("meuterer-json-words");
  const LineRunner runner = [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); };
  auto session = Session::open_named("meuterer-json-words", runner);
  run(*session, "new meuterer Ann Bob Cy Dee");
  const auto doc = nlohmann::json::parse(run(*session, "draw Ann 3wine --json 2combat"));
  CHECK(doc["player"] == "Ann");
  CHECK(doc["cards"] == 5);
  const std::string text = run(*session, "draw Bob 2salt 2grain combat --session elsewhere");
  CHECK_THAT(text, Catch::StartsWith("Bob draws 5 cards."));
  CHECK(table_of(*session).whose_turn() == "Cy");
  // Journaled as typed: a reopened session reads the same moves again.
  session.reset();
  session = Session::open_named("meuterer-json-words", runner);
  CHECK(table_of(*session).whose_turn() == "Cy");
}

TEST_CASE("Meuterer at the REPL: the screen shows no action card before phase 3", "[meuterer][cli][reveal]") {
  const qm::tests::TempHome home("meuterer-face-down");
  const LineRunner runner = [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); };
  auto session = Session::open_named("meuterer-face-down", runner);
  run(*session, "new meuterer Ann Bob Cy Dee");
  std::string offers;
  for (std::size_t i = 0; i < 12; ++i) offers += run(*session, kRoundOneFaceDown[i]);
  offers += run(*session, "show");
  for (const char* card : {"mutineer", "merchant", "ships-boy", "loader"}) CHECK(offers.find(card) == std::string::npos);
  const auto during = nlohmann::json::parse(run(*session, "show --json"));
  for (const auto& player : during["players"]) CHECK((player["role"] == "hidden" || player["role"] == "captain" || player["role"] == "none"));
  CHECK(during["players"][3]["role"] == "hidden");
  CHECK_THAT(offers, Catch::Contains("Dee: pass with 5 cards and take an action card"));
  // Cy's pass ends the offers: phase 3 begins, and only then are the cards named.
  CHECK_THAT(run(*session, kRoundOneFaceDown[12]), Catch::Contains("Everybody has passed"));
  const auto shown = nlohmann::json::parse(run(*session, "show --json"));
  CHECK(shown["phase"] == "reveal");
  CHECK(shown["players"][0]["role"] == "captain");
  CHECK(shown["players"][1]["role"] == "hidden");
  CHECK(shown["to_play"] == "Bob");

  run(*session, "reveal Bob mutineer");
  const auto after_bob = nlohmann::json::parse(run(*session, "show --json"));
  CHECK(after_bob["players"][1]["role"] == "mutineer");
  CHECK(after_bob["players"][2]["role"] == "hidden");
  run(*session, "undo");
  CHECK(table_of(*session).table().action_card_face_down(1));
  run(*session, "redo");
  run(*session, "reveal mate");
  const std::string reveal = run(*session, "reveal Dee merchant");
  CHECK_THAT(reveal, Catch::Contains("Action cards: Bob mutineer, Cy mate and Dee merchant."));
  CHECK_THAT(reveal, Catch::Contains("Mutiny! Bob's destination: Rotes Riff."));
  const qm::meuterer::State before = table_of(*session).state();
  session.reset();
  session = Session::open_named("meuterer-face-down", runner);
  CHECK(table_of(*session).state() == before);
  run(*session, "combat 1");
  CHECK(table_of(*session).standings()[2].total == 7);
}

TEST_CASE("Meuterer at the REPL: pass completes with the players and reveal with the action cards", "[meuterer][cli][reveal]") {
  const MeutererTable table = new_table();
  const std::vector<std::string> pass = table.completions({"pass"});
  CHECK(std::find(pass.begin(), pass.end(), "mutineer") == pass.end());
  CHECK(std::find(pass.begin(), pass.end(), "Bob") != pass.end());
  const std::vector<std::string> reveal = table.completions({"reveal", "Bob"});
  CHECK(std::find(reveal.begin(), reveal.end(), "mutineer") != reveal.end());
}
