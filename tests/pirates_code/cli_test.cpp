// Pirate's Code at the table (issue 7, item 3): the REPL's table commands through the real
// command tree and a real session journal: the events become the right clues, the rules the
// table can see are enforced, contradictions are flagged (not failed), and undo and reopening
// give back exactly the same table. The rules themselves are tested through the engine's
// structured events in table_test.cpp; here they are reached through the typed words.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/pirates_code/table.hpp"
#include "cli/pirates_code/table_words.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"

namespace pc = qm::pirates_code;
using pc::Holding;
using qm::cli::Context;
using qm::cli::Session;
using qm::cli::pirates_code_cli::PiratesCodeTable;

namespace {

// Runs one line; returns what it printed.
std::string run(Session& session, const std::string& line, bool json = false) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  ctx.json = json;
  session.run(qm::cli::split_words(line), ctx);
  return out.str();
}

// The table as it is now: the same object until undo, redo or a new game replaces it (a refused
// command leaves it as it was, so a reference kept across one stays good).
const PiratesCodeTable& table_of(const Session& session) {
  const auto* table = dynamic_cast<const PiratesCodeTable*>(session.current_game());
  REQUIRE(table != nullptr);
  return *table;
}

// Ann (me) 3,7,9,12; Bob and Cy hold the rest but two.
std::unique_ptr<Session> three_players(const std::string& name) {
  auto session = Session::open_named(name, qm::cli::run_line);
  run(*session, "new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12");
  return session;
}

}  // namespace

TEST_CASE("table words: arrows, quotes, commas and 'this' are split off", "[pirates_code][table]") {
  using qm::cli::pirates_code_cli::table_tokens;
  CHECK(table_tokens({"Ann->Bob", "has 6?", "no"}) == std::vector<std::string>{"Ann", "->", "Bob", "has", "6", "no"});
  CHECK(table_tokens({"Bob", "5,11", "->", "Cy", "has,", "continue", "->nobody"}) ==
        std::vector<std::string>{"Bob", "5", "11", "->", "Cy", "has", "continue", "->", "nobody"});
  CHECK(table_tokens({"Bob->Cy", "this+3?", "yes"}) == std::vector<std::string>{"Bob", "->", "Cy", "+3", "yes"});
  CHECK(table_tokens({"Thisbe"}) == std::vector<std::string>{"Thisbe"});
  CHECK_THROWS_WITH(qm::cli::pirates_code_cli::parse_number("15"), Catch::Contains("'15'"));
  CHECK(qm::cli::pirates_code_cli::parse_card("Skeleton") == pc::kSkeleton);
}

TEST_CASE("new pirates-code checks the players, --me and the hand", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = Session::open_named("new", qm::cli::run_line);
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob --me Ann --hand 1,2,3,4"), Catch::Contains("3 to 4"));
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob Cy --me Dee --hand 1,2,3,4"), Catch::Contains("Dee"));
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob Cy --me Ann --hand 1,2,3"),
                    Catch::Contains("4 number cards"));
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,3"), Catch::Contains("'3'"));
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,x"), Catch::Contains("'x'"));
  CHECK_THROWS_WITH(run(*session, "new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4 --option nope=1"),
                    Catch::Contains("nope"));
  CHECK(session->current_game() == nullptr);
  run(*session, "new pirates-code Ann Bob Cy Dee --me ann --hand 1 8 14 skeleton");
  const PiratesCodeTable& table = table_of(*session);
  CHECK(table.me() == 0);
  CHECK(table.my_skeletons() == 1);
  CHECK(table.notebook().code_pair_count() == 55);
  CHECK(table.options()["hand"] == nlohmann::json({1, 8, 14}));
  CHECK(table.whose_turn() == "Ann");
}

TEST_CASE("a guess everybody denies ends the game and gives the code", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("won");
  run(*session, "scout Bob sees 4");  // Ann's turn: she scouts Bob with one of her 12
  const std::string out = run(*session, "guess Bob 5 11 -> nobody");
  CHECK_THAT(out, Catch::Contains("found the code"));
  const PiratesCodeTable& table = table_of(*session);
  CHECK(table.is_over());
  CHECK(table.winners() == std::vector<std::string>{"Bob"});
  REQUIRE(table.notebook().certain_code());
  CHECK(*table.notebook().certain_code() == pc::CodePair{5, 11});
  CHECK_THROWS_AS(run(*session, "guess Cy 1 2 -> nobody"), qm::InputError);
  CHECK(table.whose_turn().empty());
}

TEST_CASE("a failed guess, the continue token and the turn order", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("continue");
  // Ann guesses 5 and 6; Bob says "have"; she continues and Cy says "have" too.
  run(*session, "guess 5 6 -> Bob has, continue -> Cy has");
  const PiratesCodeTable& table = table_of(*session);
  CHECK_FALSE(table.has_token(0));
  CHECK(table.whose_turn() == "Bob");
  CHECK(table.notebook().code_holding(5) == Holding::cannot);
  CHECK(table.notebook().code_holding(6) == Holding::cannot);
  CHECK(table.events().back().clues.size() == 3);  // Ann no, Bob have, Cy have

  SECTION("out of turn, a spent token, a face-up number and own numbers are refused") {
    CHECK_THROWS_WITH(run(*session, "guess Cy 1 2 -> Ann has"), Catch::Contains("Bob's turn"));
    run(*session, "rapid-fire Bob 8");
    CHECK(table.actions_left() == 2);
    CHECK_THROWS_WITH(run(*session, "guess Bob 8 1 -> Cy has"), Catch::Contains("face up"));
    run(*session, "guess Bob 1 2 -> Cy has");  // a failed guess ends Bob's turn, actions left or not
    CHECK(table.whose_turn() == "Cy");
    run(*session, "guess Cy 1 3 -> Ann has");
    CHECK(table.whose_turn() == "Ann");
    CHECK_THROWS_WITH(run(*session, "guess 3 4 -> Bob has"), Catch::Contains("you hold 3"));
    CHECK_THROWS_WITH(run(*session, "guess 1 2 -> Bob has, continue -> nobody"), Catch::Contains("spent"));
  }
  SECTION("a continue goes on clockwise after the first \"have\"") {
    run(*session, "turn Cy");
    CHECK_THROWS_WITH(run(*session, "guess 1 2 -> Bob has, continue -> Cy has"), Catch::Contains("answered"));
    CHECK_THROWS_WITH(run(*session, "guess 1 2 -> Ann has, continue -> Cy has"), Catch::Contains("already answered"));
    CHECK_THROWS_WITH(run(*session, "guess 1 2 -> nobody, continue -> Bob"), Catch::Contains("nothing to continue"));
  }
}

TEST_CASE("inquiries: the asker's, the one asked and a bystander's clues", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("inquiry");
  const PiratesCodeTable& table = table_of(*session);
  SECTION("Ann asks Bob") {
    CHECK_THROWS_WITH(run(*session, "inquiry Ann->Bob showing 2 has 6 no"), Catch::Contains("do not hold 2"));
    CHECK_THROWS_WITH(run(*session, "inquiry Ann->Bob +3 no"), Catch::Contains("which card"));
    CHECK_THROWS_WITH(run(*session, "inquiry Ann->Bob showing 3 has 3 no"), Catch::Contains("not the card itself"));
    run(*session, "inquiry Ann->Bob showing 3 \"this+3?\" yes");
    CHECK(table.notebook().holding(1, 6) == Holding::must);
    CHECK(table.events().back().clues == std::vector<std::string>{"Bob has 6"});
  }
  SECTION("Bob asks Cy, then Cy asks Bob; Ann hears the questions") {
    run(*session, "turn Bob");
    run(*session, "inquiry Bob->Cy +1 yes");
    REQUIRE(table.events().back().clues.size() == 1);
    CHECK_THAT(table.events().back().clues[0], Catch::Contains("Bob showed Cy a card of 1,2,3,4"));
    run(*session, "inquiry Cy->Bob \"has 6?\" no");  // Ann does not see Cy's card
    CHECK(table.events().back().clues == std::vector<std::string>{"Cy holds one of 1,2,3,4", "Bob has none of 6"});
    CHECK(table.whose_turn() == "Ann");
  }
  SECTION("Bob asks Ann: her answer comes from her hand") {
    run(*session, "turn Bob");
    run(*session, "inquiry Bob->me showing 4 has 7");
    CHECK(table.notebook().holding(1, 4) == Holding::must);
    CHECK_THAT(table.events().back().text, Catch::Contains("yes"));
  }
}

TEST_CASE("a contradiction is flagged, kept in the journal, and undone", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("contradiction");
  run(*session, "scout Bob sees 5");                                  // Ann saw Bob's 5
  const std::string out = run(*session, "inquiry Bob->Cy has 1 no");  // Bob's turn
  CHECK_THAT(out, !Catch::Contains("contradiction"));
  const std::string flagged = run(*session, "guess Cy 1 5 -> Cy has");  // Cy has no 1, and Bob holds 5
  CHECK_THAT(flagged, Catch::Contains("contradiction"));
  const PiratesCodeTable& table = table_of(*session);
  REQUIRE(table.contradictions().size() == 1);
  CHECK(table.contradictions()[0].event == 3);
  CHECK(table.events().size() == 3);  // the event stays, reported
  CHECK(table.whose_turn() == "Ann");
  const auto json = nlohmann::json::parse(run(*session, "notebook", true));
  CHECK(json["contradictions"].size() == 1);
  run(*session, "undo");
  CHECK(table_of(*session).contradictions().empty());
  CHECK(table_of(*session).whose_turn() == "Cy");
}

TEST_CASE("a line that cannot be true is one mistake and not several clues", "[pirates_code][table]") {
  // Issue 20, item 2, as typed at the table.
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("one-mistake");
  run(*session, "scout Ann->Bob sees 4");
  const std::string flagged = run(*session, "guess Bob 4 5 -> Cy has");  // Bob answers first and holds 4
  CHECK_THAT(flagged, Catch::Contains("contradiction (event 2)"));
  const PiratesCodeTable& table = table_of(*session);
  CHECK(table.notebook().holding(2, 5) == Holding::may);  // "Cy has 4 or 5" is left out too
  run(*session, "scout Cy->Bob");
  const std::string inquiry = run(*session, "inquiry Ann->Cy showing 3 has 5 no");
  CHECK_THAT(inquiry, !Catch::Contains("contradiction"));
  REQUIRE(table.contradictions().size() == 1);
  CHECK(table.contradictions()[0].event == 2);
  const auto json = nlohmann::json::parse(run(*session, "notebook --clues", true));
  CHECK(json["contradictions"].size() == 1);
  CHECK(json["events"][1]["contradictions"].size() == 1);
  CHECK_THAT(json["players"][2]["cannot"].get<std::vector<int>>(), Catch::VectorContains(5));
  run(*session, "undo");
  run(*session, "undo");
  run(*session, "undo");
  CHECK(table_of(*session).contradictions().empty());
}

TEST_CASE("what the owner knows is false is refused and the turn stays", "[pirates_code][table]") {
  // Issue 20, item 3, as typed at the table.
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("owner-knows");  // Ann holds 3,7,9,12
  run(*session, "turn Cy");
  const PiratesCodeTable& table = table_of(*session);
  CHECK_THROWS_WITH(run(*session, "inquiry Cy->Ann showing 4 has 12 no"), Catch::Contains("you (Ann) hold 12"));
  CHECK_THROWS_WITH(run(*session, "guess Cy 3 5 -> nobody"), Catch::Contains("3 and 5 cannot be the code"));
  CHECK_THROWS_WITH(run(*session, "inquiry Cy->Bob showing 2 has 5 yes"), Catch::Contains("only Bob saw"));
  CHECK(table.events().size() == 1);
  CHECK(table.whose_turn() == "Cy");
  CHECK(table.contradictions().empty());
}

TEST_CASE("public rules: plunder, clairvoyance, rapid fire, no empty hand", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = three_players("rules");
  CHECK_THROWS_WITH(run(*session, "rapid-fire 3"), "'rapid-fire': 3 is an inquiry card, not a rapid fire card");
  run(*session, "rapid-fire 7");  // Ann: three actions in all
  const PiratesCodeTable& table = table_of(*session);
  CHECK(table.actions_left() == 2);
  CHECK(table.hand_size(0) == 3);
  CHECK_THROWS_WITH(run(*session, "plunder 9 from Cy"), Catch::Contains("takes X"));  // Ann took: say which
  CHECK_THROWS_WITH(run(*session, "plunder 9 takes 4"), Catch::Contains("Bob and Cy"));
  run(*session, "plunder 9 from Cy takes 2");
  CHECK(table.hand_size(0) == 3);
  CHECK(table.hand_size(2) == 3);
  CHECK(table.my_hand() == pc::NumberSet::of({2, 3, 12}));
  CHECK(table.notebook().holding(2, 2) == Holding::cannot);
  CHECK(table.notebook().holding(0, 2) == Holding::must);
  CHECK_THROWS_WITH(run(*session, "clairvoyance 5 3 sees 1"), Catch::Contains("do not hold 5"));
  run(*session, "scout Cy sees 14");
  CHECK(table.whose_turn() == "Bob");
  CHECK_THROWS_WITH(run(*session, "plunder Bob 10 from Ann"), Catch::Contains("takes X"));  // Ann lost it: which?
  run(*session, "clairvoyance Bob 1 6");  // the clairvoyance card may come second
  CHECK(table.hand_size(1) == 2);
  CHECK(table.face_up(1) == pc::NumberSet::of({1, 6}));
  CHECK(table.notebook().holding(1, 1) == Holding::cannot);
  CHECK(table.whose_turn() == "Cy");
  // Cy: Ann has 3 cards, Bob 2: plunder must take from Ann.
  CHECK_THROWS_WITH(run(*session, "plunder 10 from Bob"), Catch::Contains("most cards"));
  run(*session, "clairvoyance 5 8");  // Cy keeps one card
  CHECK(table.hand_size(2) == 1);
  run(*session, "scout Bob sees 11");
  run(*session, "guess Bob 13 14 -> Cy has");
  CHECK(table.whose_turn() == "Cy");
  CHECK_THROWS_WITH(run(*session, "faceup 11"), Catch::Contains("no cards"));
  CHECK_THROWS_WITH(run(*session, "rapid-fire 7"), Catch::Contains("face up"));
  CHECK_THROWS_WITH(run(*session, "faceup Cy 12"), Catch::Contains("your hand"));
  CHECK_THROWS_WITH(run(*session, "scout Bob sees 3"), Catch::Contains("only Cy"));
}

TEST_CASE("four players: skeletons and an unseen plunder", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  auto session = Session::open_named("four", qm::cli::run_line);
  run(*session, "new pirates-code Ann Bob Cy Dee --me Cy --hand 2,9,13");
  const PiratesCodeTable& table = table_of(*session);
  run(*session, "plunder Ann 10 from Bob");  // Cy did not see which card
  CHECK(table.hand_size(0) == 4);
  CHECK(table.hand_size(1) == 3);
  CHECK(table.notebook().max_skeletons(0) == 2);
  run(*session, "scout Bob->Cy showing 11");
  CHECK(table.notebook().holding(1, 11) == Holding::must);
  run(*session, "plunder 9 from Ann takes skeleton");  // Cy plunders Ann (4 cards) and takes a skeleton
  CHECK(table.my_skeletons() == 2);
  CHECK(table.hand_size(2) == 4);
  CHECK_THROWS_WITH(run(*session, "scout Dee->Ann sees 4"), Catch::Contains("only Dee saw"));
  CHECK_THROWS_WITH(run(*session, "scout Cy->Ann sees 4"), Catch::Contains("Dee's turn"));
}

TEST_CASE("undo and reopening give back exactly the same table", "[pirates_code][table]") {
  const qm::tests::TempHome home("pirates-code-table");
  std::string before;
  {
    auto session = three_players("reopen");
    run(*session, "scout Bob sees 4");
    run(*session, "inquiry Bob->Cy +2 no");
    run(*session, "plunder Cy 10 from Bob");
    run(*session, "guess 1 2 -> Bob has, continue -> nobody");
    run(*session, "clairvoyance Bob 5 6");
    before = run(*session, "notebook --clues", true);
    run(*session, "guess Cy 8 13 -> nobody");
    CHECK(table_of(*session).is_over());
    run(*session, "undo");
    CHECK(run(*session, "notebook --clues", true) == before);
  }
  auto session = Session::open_named("reopen", qm::cli::run_line);
  CHECK(run(*session, "notebook --clues", true) == before);
  const PiratesCodeTable& table = table_of(*session);
  CHECK_FALSE(table.is_over());
  CHECK(table.whose_turn() == "Cy");
  run(*session, "redo");
  CHECK(table_of(*session).is_over());
}
