// Meuterer's command line (cli/meuterer/): the table as the REPL holds it, through the real command
// tree and a real session journal: replay on reopening, undo and redo, and what the game tells
// the session (standings in VP, whose turn, the options it was started with).
#include <catch2/catch.hpp>

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
