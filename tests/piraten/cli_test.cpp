// Piraten Kapern at the table (issue 3, item 4): the REPL's table commands run through the real
// command tree and a real session journal. Refereed turns, refused steps, tallies, the Island of
// Skulls, the sorceress, the chest, the end of the game and the cancelled last round, undo, and
// a reopened session that is exactly as it was left.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/piraten/table.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"

using qm::cli::Context;
using qm::cli::Session;
using qm::cli::piraten_cli::PiratenTable;

namespace {

void run_line(const std::vector<std::string>& args, Context& ctx) { qm::cli::run_line(args, ctx); }

// A session in a private data folder, with the lines typed as at the REPL.
struct Table {
  qm::tests::TempHome home;
  std::string name;
  std::unique_ptr<Session> session;

  explicit Table(const std::string& session_name)
      : home("piraten-table-" + session_name), name(session_name), session(Session::open_named(name, run_line)) {}

  std::string run(const std::string& line) {
    std::ostringstream out;
    Context ctx;
    ctx.out = &out;
    session->run(qm::cli::split_words(line), ctx);
    return out.str();
  }
  PiratenTable& table() const {
    auto* table = dynamic_cast<PiratenTable*>(session->current_game());
    REQUIRE(table != nullptr);
    return *table;
  }
  const qm::piraten::Table& rules() const { return table().table(); }
  int total(int seat) const { return table().state().total(seat); }
};

}  // namespace

TEST_CASE("a refereed turn: card, first roll, reroll with its outcome, stop", "[piraten][table]") {
  Table t("referee");
  t.run("new piraten Ann Bob");
  CHECK(t.table().whose_turn() == "Ann");
  CHECK(t.table().current_turn() == nullptr);
  const std::string drawn = t.run("card captain");
  CHECK_THAT(drawn, Catch::Contains("Ann draws captain"));
  REQUIRE(t.table().current_turn() != nullptr);
  t.run("roll 2coin skull 2sabre 2parrot monkey");
  CHECK(t.rules().stop_value().score == 2 * 200);  // two coins' face value, doubled
  const std::string rerolled = t.run("reroll 2sabre 2parrot monkey -> 3coin 2diamond");
  CHECK_THAT(rerolled, Catch::Contains("stop now: +2400"));
  const std::string stopped = t.run("stop");
  CHECK_THAT(stopped, Catch::Contains("captain doubles"));
  CHECK_THAT(stopped, Catch::Contains("to play: Bob"));
  CHECK(t.total(0) == 2400);  // 5 coins + 2 diamonds = 700, set of five 500, doubled
  CHECK(t.table().whose_turn() == "Bob");
  CHECK(t.table().completed_turns() == 1);
  REQUIRE(t.rules().turn_log().size() == 1);
  CHECK_FALSE(t.rules().turn_log().front().tallied);
  // Every step is one event: new, card, roll, reroll, stop.
  CHECK(t.session->events().size() == 5);
}

TEST_CASE("a reroll typed in two steps and the draw alias", "[piraten][table]") {
  Table t("two-steps");
  t.run("new piraten Ann Bob");
  t.run("draw monkey-business");
  t.run("roll 3monkey 3parrot 2sabre");
  t.run("reroll 2sabre");
  CHECK(t.table().current_turn()->phase == qm::piraten::TurnPhase::rolling);
  t.run("roll monkey,parrot");
  t.run("stop");
  CHECK(t.total(0) == 4000 + 500);  // eight of one kind under monkey business, Full Chest
}

TEST_CASE("a refused step names the step and the player and changes nothing", "[piraten][table]") {
  Table t("refused");
  t.run("new piraten Ann Bob");
  t.run("card coin");
  t.run("roll 2skull 6parrot");
  const qm::piraten::State before = t.table().state();
  const auto events = t.session->events().size();
  try {
    t.run("reroll parrot -> coin");
    FAIL("a one-die reroll was accepted");
  } catch (const qm::InputError& error) {
    CHECK_THAT(error.what(), Catch::Contains("at least two dice") && Catch::Contains("Ann") &&
                                 Catch::Contains("reroll parrot -> coin"));
  }
  CHECK_THROWS_WITH(t.run("reroll skull parrot -> 2coin"), Catch::Contains("skulls cannot be rerolled"));
  CHECK_THROWS_WITH(t.run("roll 8coin"), Catch::Contains("no dice are in the air"));
  CHECK_THROWS_WITH(t.run("reroll 2parrot -> coin"), Catch::Contains("2 dice were thrown"));
  CHECK_THROWS_WITH(t.run("chest put 2parrot"), Catch::Contains("only under the chest card"));
  CHECK_THROWS_WITH(t.run("card captain"), Catch::Contains("finish the current turn first"));
  CHECK_THROWS_WITH(t.run("reroll 2parot -> 2coin"), Catch::Contains("2parot"));
  CHECK_THROWS_WITH(t.run("sorceress parrot -> 2coin"), Catch::Contains("not the sorceress"));
  CHECK(t.table().state() == before);
  CHECK(t.session->events().size() == events);
}

TEST_CASE("tally: a whole turn at once, also after the card was drawn", "[piraten][table]") {
  Table t("tally");
  t.run("new piraten Ann Bob --promo");
  const std::string out = t.run("tally diamond 3coin 5monkey");
  CHECK_THAT(out, Catch::Contains("+1500"));
  CHECK(t.total(0) == 1500);
  t.run("card storm");  // not in the deck without the promo option
  t.run("tally 2coin 2diamond 4parrot");
  CHECK(t.total(1) == 800);
  CHECK(t.rules().turn_log().back().tallied);
  CHECK(t.session->events().size() == 4);  // the draw stays in the journal; the tally replaced it
}

TEST_CASE("tally checks the card drawn, the dice and the promo cards", "[piraten][table]") {
  Table t("tally-errors");
  t.run("new piraten Ann Bob");
  CHECK_THROWS_WITH(t.run("tally storm 2coin 2diamond 4parrot"), Catch::Contains("promo"));
  CHECK_THROWS_WITH(t.run("tally captain 3coin"), Catch::Contains("tally captain 3coin"));
  CHECK_THROWS_WITH(t.run("tally captian 8coin"), Catch::Contains("captian"));
  t.run("card diamond");
  CHECK_THROWS_WITH(t.run("tally coin 3coin 5monkey"), Catch::Contains("the card drawn is diamond"));
  t.run("roll 3coin 5monkey");
  CHECK_THROWS_WITH(t.run("tally 3coin 5monkey"), Catch::Contains("under way"));
  t.run("stop");
  CHECK(t.total(0) == 1500);
  t.run("tally chest 3skull 3coin 2parrot --chest 3coin");
  CHECK(t.total(1) == 400);  // dead: the chest's three coins score alone
}

TEST_CASE("the Island of Skulls: rolls while skulls come, then the opponents pay", "[piraten][table]") {
  Table t("island");
  t.run("new piraten Ann Bob Cy");
  t.run("card captain");
  const std::string island = t.run("roll 4skull 4parrot");
  CHECK_THAT(island, Catch::Contains("Island of Skulls"));
  REQUIRE(t.table().current_turn()->skull_island);
  t.run("roll 2skull 2parrot");  // every die that is not a skull is rerolled
  CHECK_THROWS_WITH(t.run("reroll parrot -> skull"), Catch::Contains("every die that is not a skull"));
  const std::string end = t.run("reroll -> 2parrot");
  CHECK_THAT(end, Catch::Contains("End of the Island of Skulls"));
  CHECK(t.total(0) == 0);
  CHECK(t.total(1) == -1200);  // six skulls, 200 each under the captain
  CHECK(t.total(2) == -1200);
}

TEST_CASE("hint on the Island of Skulls counts what the opponents lose", "[piraten][table]") {
  // Issue 20, item 4: with no own points at stake, stopping spared the opponents.
  Table t("island-hint");
  t.run("new piraten Ann Bob Cy");
  t.run("card coin");
  t.run("roll 4skull 2coin 2parrot");
  const std::string hint = t.run("hint");
  CHECK_THAT(hint, Catch::StartsWith("reroll the two coins and the two parrots"));
  CHECK_THAT(hint, Catch::Contains("vs 800 if you stop"));  // 400 from each of two opponents
  CHECK_THAT(hint, Catch::Contains("x 2 opponents"));
  CHECK(t.run("hint --relative") == hint);  // what --relative asked for is now the default here
  CHECK_THAT(t.run("hint --own"), Catch::StartsWith("stop: 0 points"));
  CHECK_THROWS_AS(t.run("hint --own --relative"), CLI::ParseError);
}

TEST_CASE("the sorceress saves three skulls once", "[piraten][table]") {
  Table t("sorceress");
  t.run("new piraten Ann Bob");
  t.run("card sorceress");
  const std::string three = t.run("roll 3skull 5parrot");
  CHECK_THAT(three, Catch::Contains("only the sorceress can save the turn"));
  CHECK_THROWS_WITH(t.run("reroll 2parrot -> 2coin"), Catch::Contains("sorceress"));
  t.run("sorceress parrot -> coin coin");
  CHECK(t.table().current_turn()->sorceress_used);
  t.run("stop");
  CHECK(t.total(0) == 400);  // four parrots 200, two coins 200
}

TEST_CASE("the chest keeps its dice when the turn dies", "[piraten][table]") {
  Table t("chest");
  t.run("new piraten Ann Bob");
  t.run("card chest");
  t.run("roll 3coin 2skull 3parrot");
  t.run("chest put 3coin");
  t.run("chest take coin");
  t.run("chest put coin");
  const std::string died = t.run("reroll 3parrot -> skull 2parrot");
  CHECK_THAT(died, Catch::Contains("Ann died"));
  CHECK(t.total(0) == 400);  // three coins 300 and their set 100
  CHECK(t.table().whose_turn() == "Bob");
}

TEST_CASE("the last round, and the winner announced", "[piraten][table]") {
  Table t("end");
  t.run("new piraten Ann Bob --target 5000");
  const std::string reached = t.run("tally captain 8coin");
  CHECK_THAT(reached, Catch::Contains("every other player has one last turn"));
  CHECK(t.table().state().last_round());
  CHECK_FALSE(t.table().is_over());
  const std::string over = t.run("tally coin 3coin 5monkey");
  CHECK_THAT(over, Catch::Contains("Game over: Ann won"));
  CHECK(t.table().is_over());
  CHECK(t.table().winners() == std::vector<std::string>{"Ann"});
  CHECK(t.table().whose_turn().empty());
  CHECK_THROWS_WITH(t.run("card chest"), Catch::Contains("the game is over"));
}

TEST_CASE("an Island deduction cancels the last round and the next to reach the target wins", "[piraten][table]") {
  Table t("cancelled");
  t.run("new piraten Ann Bob Cy --target 5000");
  t.run("tally captain 3coin 5monkey");           // Ann 2800
  t.run("tally monkey-business 3skull 5parrot");  // Bob dies
  t.run("tally monkey-business 3skull 5parrot");  // Cy dies
  t.run("tally captain 3coin 5monkey");           // Ann 5600: the last round
  REQUIRE(t.table().state().last_round());
  const std::string cancelled = t.run("tally captain 8skull --skull-island");  // Ann and Cy lose 1600
  CHECK_THAT(cancelled, Catch::Contains("The last round is cancelled"));
  CHECK(t.total(0) == 4000);
  CHECK(t.table().state().last_round_cancelled());
  t.run("tally monkey-business 3skull 5parrot");  // Cy dies
  const std::string won = t.run("tally captain 3coin 5monkey");
  CHECK_THAT(won, Catch::Contains("Game over: Ann won"));
  CHECK(t.total(0) == 6800);
}

TEST_CASE("undo takes back one step and a reopened session is exactly as it was left", "[piraten][table]") {
  Table t("reopen");
  t.run("new piraten Ann Bob Cy --promo --no-pirate-magic");
  t.run("tally diamond 3coin 5monkey");
  t.run("card chest");
  t.run("roll 3coin 2skull 3parrot");
  t.run("chest put 2coin");
  const qm::piraten::State before_reroll = t.table().state();
  t.run("reroll 3parrot -> 3monkey");
  t.run("undo");
  CHECK(t.table().state() == before_reroll);
  t.run("reroll 3parrot -> monkey 2parrot");
  const qm::piraten::State left = t.table().state();
  const auto options = t.table().options();
  CHECK(options["promo"] == true);
  CHECK(options["pirate_magic"] == false);
  CHECK(options["target"] == 6000);

  t.session.reset();  // one writer at a time: the first program leaves before the table reopens
  auto reopened = Session::open_named(t.name, run_line);
  auto* table = dynamic_cast<PiratenTable*>(reopened->current_game());
  REQUIRE(table != nullptr);
  CHECK(table->state() == left);
  CHECK(table->table().turn_log().size() == 1);
  CHECK(table->whose_turn() == "Bob");
}

TEST_CASE("new piraten checks its players and options", "[piraten][table]") {
  Table t("options");
  CHECK_THROWS_WITH(t.run("new piraten Ann"), Catch::Contains("2 to 5 players"));
  CHECK_THROWS_WITH(t.run("new piraten Ann Bob --target 7000"), Catch::Contains("7000"));
  CHECK_THROWS_WITH(t.run("new piraten Ann ann"), Catch::Contains("given twice"));
  CHECK_THROWS_WITH(t.run("new piraten Ann Bob --option colour=red"), Catch::Contains("colour"));
  t.run("new piraten Ann Bob --option target=8000");
  CHECK(t.table().target() == 8000);
}

TEST_CASE("a step of a turn typed between turns names whose turn ended, how, and who draws next", "[piraten][table]") {
  Table t("between-turns");
  t.run("new piraten Ann Bob Cy --promo");
  CHECK_THROWS_WITH(t.run("reroll 2coin"), "'reroll 2coin' refused: Ann is to draw a fortune card first ('card CARD')");
  t.run("card coin");
  t.run("roll 3skull 5coin");
  CHECK_THROWS_WITH(t.run("reroll 2coin"),
                    "'reroll 2coin' refused: Ann's turn ended with 3 skulls; Bob is to draw a fortune card first ('card CARD')");
  CHECK_THROWS_WITH(t.run("stop"), Catch::StartsWith("'stop' refused: Ann's turn ended with 3 skulls; Bob is to draw"));
  t.run("card chest");
  t.run("roll 2skull 6coin");
  t.run("stop");
  CHECK_THROWS_WITH(t.run("chest put 2coin"),
                    "'chest put 2coin' refused: Bob's turn ended when Bob stopped; Cy is to draw a fortune card first ('card CARD')");
  t.run("card captain");
  t.run("roll 4skull 4parrot");
  t.run("roll 4parrot");
  CHECK_THROWS_WITH(t.run("roll 4parrot"),
                    "'roll 4parrot' refused: Cy's turn ended on the Island of Skulls, when a roll brought no new skull; "
                    "Ann is to draw a fortune card first ('card CARD')");
  t.run("card storm");
  t.run("roll 2skull 6parrot");
  t.run("reroll 6parrot -> 6coin");
  CHECK_THROWS_WITH(t.run("reroll 2coin -> 2diamond"),
                    Catch::StartsWith("'reroll 2coin -> 2diamond' refused: Ann's turn ended after the storm's two rolls; Bob is to draw"));
  t.run("tally diamond 3coin 5monkey");
  CHECK_THROWS_WITH(t.run("stop"), Catch::StartsWith("'stop' refused: Bob's turn ended when it was tallied; Cy is to draw"));
  // Refused during a turn: still for the player whose turn it is.
  t.run("card coin");
  CHECK_THROWS_WITH(t.run("reroll 2coin"), Catch::StartsWith("'reroll 2coin' refused for Cy: throw the eight dice first"));
}
