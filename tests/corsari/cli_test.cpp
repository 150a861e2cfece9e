// Corsari's table flow through the real command tree (`new corsari`, sail, hand, add, confirm,
// void, cancel, show, deals) in a journaled session: settlements, stated additions, sweeps,
// eliminations, the match winner, failed commands leaving no trace, undo, and reopening.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/corsari/table.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "tests/common/temp_home.hpp"
#include "tests/corsari/hands.hpp"

using namespace qm::cli;

namespace {

void runner(const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); }

std::unique_ptr<Session> open(const std::string& name) { return Session::open_named(name, runner); }

std::string run(Session& session, const std::string& line) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  session.run(split_words(line), ctx);
  return out.str();
}

nlohmann::json run_json(Session& session, const std::string& line) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  session.run(split_words(line + " --json"), ctx);
  return nlohmann::json::parse(out.str());  // exactly one document, or this throws
}

// A words command takes --json before its words.
nlohmann::json run_words_json(Session& session, const std::string& command, const std::string& rest) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  session.run(split_words(command + " --json " + rest), ctx);
  return nlohmann::json::parse(out.str());
}

std::vector<double> penalties(const Session& session) {
  std::vector<double> out;
  for (const Standing& s : session.current_game()->standings()) out.push_back(s.total);
  return out;
}

const corsari_cli::CorsariTable& table_of(const Session& session) {
  return dynamic_cast<const corsari_cli::CorsariTable&>(*session.current_game());
}

// The rule text's example deal (hands.hpp): Ann 5 stowaway points, Bob 42 (33 after adding
// orange9 to Ann's crew), Cy 3 (hands them over).
const std::string& kAnn = qm::corsari::testing::kExampleAnn;
const std::string& kBob = qm::corsari::testing::kExampleBob;
const std::string& kCy = qm::corsari::testing::kExampleCy;

void enter_example_deal(Session& session) {
  run(session, "sail ann --tavern lightblue");
  run(session, "hand Ann " + kAnn);
  run(session, "hand BOB " + kBob);
  run(session, "hand cy " + kCy);
}

}  // namespace

TEST_CASE("a deal is entered step by step and settled with the proposed additions", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("deal");
  run(*session, "new corsari Ann Bob Cy");
  CHECK(table_of(*session).options() == nlohmann::json({{"limit", 101}, {"dealer", "Ann"}}));
  run(*session, "sail Ann --tavern lightblue");
  CHECK(session->current_game()->whose_turn() == "Ann");
  run(*session, "hand Bob " + kBob);
  const auto shown = run_words_json(*session, "hand", "Ann " + kAnn);
  CHECK(shown["sailor"] == "Ann");
  CHECK(shown["players"][0]["stowaway_total"] == 5);
  CHECK(shown["players"][1]["additions"] == nlohmann::json({"orange9"}));
  CHECK(shown["players"][1]["additions_proposed"] == true);
  CHECK(shown["waiting_for"] == nlohmann::json({"Cy"}));
  CHECK(shown["ready"] == false);
  CHECK(session->current_game()->whose_turn() == "Cy");

  const std::string text = run(*session, "hand Cy " + kCy);
  CHECK_THAT(text, Catch::Contains("Proposed settlement"));
  CHECK_THAT(text, Catch::Contains("orange9 (best)"));
  CHECK(penalties(*session) == std::vector<double>{0, 0, 0});  // nothing recorded before confirm

  const auto settled = run_json(*session, "confirm");
  CHECK(settled["deal"] == 1);
  CHECK(settled["sailor_total"] == 5);
  CHECK(settled["players"][0]["delta"] == 18);  // 10 + 5 + 3 received from Cy
  CHECK(settled["players"][0]["case"] == "sailor_pays");
  CHECK(settled["players"][1]["delta"] == 33);
  CHECK(settled["players"][1]["case"] == "opponent_pays");
  CHECK(settled["players"][2]["delta"] == -10);
  CHECK(settled["players"][2]["case"] == "opponent_hands_over");
  CHECK(settled["next"]["dealer"] == "Bob");
  CHECK(penalties(*session) == std::vector<double>{18, 33, -10});
  CHECK(session->current_game()->completed_turns() == 1);
  CHECK(session->current_game()->whose_turn().empty());
}

TEST_CASE("stated additions replace the proposal and bad ones are refused", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("additions");
  run(*session, "new corsari Ann Bob Cy");
  run(*session, "sail Ann --tavern lightblue");
  run(*session, "hand Bob " + kBob);
  CHECK_THROWS_WITH(run(*session, "add Bob orange9"), Catch::Contains("Ann's hand first"));
  run(*session, "hand Ann " + kAnn);
  CHECK_THROWS_WITH(run(*session, "add Ann purple4"), Catch::Contains("sailor"));
  CHECK_THROWS_WITH(run(*session, "add Bob purple7"), Catch::Contains("purple7"));
  CHECK_THROWS_WITH(run(*session, "add Bob orange9 purple9"), Catch::Contains("purple9"));
  CHECK_THROWS_WITH(run(*session, "add Cy none"), Catch::Contains("Cy's hand first"));
  CHECK_THROWS_WITH(run(*session, "add Bob"), Catch::Contains("none"));
  const std::size_t events = session->events().size();
  run(*session, "add Bob none");
  run(*session, "hand Cy " + kCy);
  auto shown = run_json(*session, "show");
  CHECK(shown["ready"] == true);
  CHECK(shown["proposed_settlement"]["players"][1]["stowaway_total"] == 42);
  CHECK(shown["proposed_settlement"]["players"][1]["additions_proposed"] == false);
  run(*session, "add bob best");
  shown = run_json(*session, "show");
  CHECK(shown["proposed_settlement"]["players"][1]["stowaway_total"] == 33);
  CHECK(session->events().size() == events + 3);
  // Typing the sailor's hand again drops stated additions: they were checked against its crew.
  run(*session, "add Bob none");
  run(*session, "hand Ann " + kAnn);
  CHECK(run_json(*session, "show")["players"][1]["additions_proposed"] == true);
  run(*session, "add Bob none");
  CHECK(run_json(*session, "confirm")["players"][1]["delta"] == 42);
}

TEST_CASE("a failed table command leaves no trace", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("failures");
  CHECK_THROWS_AS(run(*session, "new corsari Ann"), qm::InputError);
  CHECK_THROWS_AS(run(*session, "new corsari Ann Bob Cy Dan Eve"), qm::InputError);
  CHECK_THROWS_WITH(run(*session, "new corsari Ann Bob --dealer Zed"), Catch::Contains("Zed"));
  run(*session, "new corsari Ann Bob Cy --dealer cy --limit 60");
  CHECK(table_of(*session).tracked().match().dealer() == 2);
  const std::size_t events = session->events().size();
  CHECK_THROWS_WITH(run(*session, "hand Ann " + kAnn), Catch::Contains("nobody is sailing"));
  CHECK_THROWS_WITH(run(*session, "confirm"), Catch::Contains("nobody is sailing"));
  CHECK_THROWS_WITH(run(*session, "cancel"), Catch::Contains("nobody is sailing"));
  CHECK_THROWS_WITH(run(*session, "sail Zed --tavern red"), Catch::Contains("Zed"));
  CHECK_THROWS_WITH(run(*session, "sail Ann --tavern mauve"), Catch::Contains("mauve"));
  CHECK_THROWS_AS(run(*session, "sail Ann"), CLI::ParseError);
  run(*session, "sail Ann --tavern lightblue");
  CHECK_THROWS_WITH(run(*session, "sail Bob --tavern red"), Catch::Contains("still open"));
  CHECK_THROWS_WITH(run(*session, "void"), Catch::Contains("cancel"));
  CHECK_THROWS_WITH(run(*session, "hand Ann red1 red2"), Catch::Contains("2 cards, not 12"));
  CHECK_THROWS_WITH(run(*session, "hand Ann red1 red1"), Catch::Contains("red1"));
  CHECK_THROWS_WITH(run(*session, "hand Ann red1 redd2"), Catch::Contains("redd2"));
  run(*session, "hand Ann " + kAnn);
  CHECK_THROWS_WITH(run(*session, "hand Bob lightblue11 purple7 red1 red2 red3 blue4 blue5 yellow6 yellow8 pink9 pink10 brown11"),
                    Catch::Contains("lightblue11 is already in Ann's hand"));
  CHECK_THROWS_WITH(run(*session, "confirm"), Catch::Contains("Bob, Cy"));
  CHECK(session->events().size() == events + 2);
  CHECK(table_of(*session).tracked().waiting_for() == std::vector<int>{1, 2});
  run(*session, "cancel");
  CHECK_FALSE(table_of(*session).tracked().open_sailing().has_value());
}

TEST_CASE("undo takes back one step and a reopened session is exactly as left", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  nlohmann::json before;
  {
    auto session = open("reopen");
    run(*session, "new corsari Ann Bob Cy --limit 80");
    enter_example_deal(*session);
    run(*session, "confirm");
    run(*session, "sail Bob --tavern red");
    run(*session, "hand Bob " + kAnn);  // a half-entered sailing
    before = run_json(*session, "show");
    run(*session, "undo");
    CHECK(table_of(*session).tracked().waiting_for().size() == 3);
    run(*session, "undo");
    CHECK_FALSE(table_of(*session).tracked().open_sailing().has_value());
    run(*session, "undo");  // the confirm
    CHECK(penalties(*session) == std::vector<double>{0, 0, 0});
    CHECK(table_of(*session).tracked().ready());
    run(*session, "redo");
    run(*session, "redo");
    run(*session, "redo");
    CHECK(run_json(*session, "show") == before);
  }
  auto session = open("reopen");
  CHECK(run_json(*session, "show") == before);
  CHECK(penalties(*session) == std::vector<double>{18, 33, -10});
  CHECK(table_of(*session).options()["limit"] == 80);
  CHECK(session->current_game()->whose_turn() == "Cy");
  run(*session, "hand Cy " + kCy);
  CHECK(session->current_game()->whose_turn() == "Ann");
}

TEST_CASE("undo and redo say what they took back, as typed, and where the deal stands", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("undo-context");
  run(*session, "new corsari Ann Bob Cy");
  run(*session, "sail ann --tavern lightblue");
  run(*session, "hand Ann " + kAnn);
  run(*session, "hand BOB " + kBob);
  const std::string undone = run(*session, "undo");
  CHECK_THAT(undone, Catch::StartsWith("undone: hand BOB " + kBob + "\n"));
  CHECK_THAT(undone, Catch::Contains("player  penalty"));  // the standings, as before
  CHECK_THAT(undone, Catch::Contains("Deal 1: Ann sails, tavern lightblue."));
  CHECK_THAT(undone, Catch::Contains("waiting for: Bob, Cy"));
  CHECK_THAT(undone, !Catch::Contains("to play:"));
  const std::string redone = run(*session, "redo");
  CHECK_THAT(redone, Catch::StartsWith("redone: hand BOB " + kBob + "\n"));
  CHECK_THAT(redone, Catch::Contains("waiting for: Cy"));
  run(*session, "hand Cy " + kCy);
  run(*session, "confirm");
  const std::string unconfirmed = run(*session, "undo");
  CHECK_THAT(unconfirmed, Catch::StartsWith("undone: confirm\n"));
  CHECK_THAT(unconfirmed, Catch::Contains("Proposed settlement"));
  const std::string reconfirmed = run(*session, "redo");
  CHECK_THAT(reconfirmed, Catch::Contains("Deal 2: Bob deals."));
  // The standings say the same, once.
  const std::string standings = run(*session, "standings");
  CHECK_THAT(standings, Catch::Contains("Deal 2: Bob deals."));
  CHECK(standings.find("Deal 2") == standings.rfind("Deal 2"));
}

TEST_CASE("a sweep ends the match at once, without the other hands", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("sweep");
  run(*session, "new corsari Ann Bob Cy");
  run(*session, "sail Bob --tavern red");
  const auto shown = run_words_json(*session, "hand", "Bob red1 red2 red3 red4 red5 red6 blue1 blue2 blue3 green4 green5 green6");
  CHECK(shown["sweep"] == true);
  CHECK(shown["ready"] == true);
  const auto settled = run_json(*session, "confirm");
  CHECK(settled["sweep"] == true);
  CHECK(settled["winners"] == nlohmann::json({"Bob"}));
  CHECK(session->current_game()->is_over());
  CHECK(session->current_game()->winners() == std::vector<std::string>{"Bob"});
  CHECK(penalties(*session) == std::vector<double>{0, 0, 0});
  const auto standings = session->current_game()->standings();
  CHECK(standings[0].out);
  CHECK_FALSE(standings[1].out);
  CHECK_THROWS_WITH(run(*session, "sail Ann --tavern red"), Catch::Contains("match is over"));
  CHECK_THROWS_WITH(run(*session, "void"), Catch::Contains("match is over"));
}

TEST_CASE("a sweep's table says which hands were never entered instead of showing no stowaways", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("sweep-not-entered");
  run(*session, "new corsari Ann Bob Cy");
  run(*session, "sail Ann --tavern pink");
  run(*session, "hand Bob " + kBob);
  const std::string sweep = "pink1 pink2 pink3 pink4 pink5 pink6 green1 green2 green3 green4 green5 green6";
  const auto shown = run_words_json(*session, "hand", "Ann " + sweep);
  REQUIRE(shown["proposed_settlement"]["players"].size() == 3);
  CHECK(shown["proposed_settlement"]["players"][1]["hand_entered"] == true);
  CHECK(shown["proposed_settlement"]["players"][2]["hand_entered"] == false);
  run(*session, "undo");
  run(*session, "hand Ann " + sweep);
  const std::string settled = run(*session, "confirm");
  std::istringstream lines(settled);
  std::string line, bob, cy;
  while (std::getline(lines, line)) {  // the settlement's lines (the standings come after)
    if (line.rfind("Bob (out)", 0) == 0 && bob.empty()) bob = line;
    if (line.rfind("Cy (out)", 0) == 0 && cy.empty()) cy = line;
  }
  // Bob's hand was typed: its stowaways are real. Cy's never was: no "none", no 0 stowaway points.
  CHECK_THAT(bob, !Catch::Contains("not entered"));
  CHECK_THAT(cy, Catch::Matches("Cy \\(out\\) +not entered +not entered +0 +0"));
  CHECK_THAT(cy, !Catch::Contains("none"));
  const auto deals = run_json(*session, "deals");
  CHECK(deals["deals"][0]["settlement"]["players"][0]["hand_entered"] == true);
  CHECK(deals["deals"][0]["settlement"]["players"][2]["hand_entered"] == false);
}

TEST_CASE("players reaching the limit are out and the last one left wins", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("limit");
  run(*session, "new corsari Ann Bob Cy --limit 30");
  enter_example_deal(*session);
  const auto settled = run_json(*session, "confirm");
  CHECK(settled["players"][1]["out"] == true);  // Bob: 33 >= 30
  CHECK(settled["match_over"] == false);
  CHECK(session->current_game()->standings()[1].out);
  CHECK_THROWS_WITH(run(*session, "sail Bob --tavern red"), Catch::Contains("Bob is out"));
  CHECK(table_of(*session).tracked().match().dealer() == 2);  // Ann dealt deal 1; Bob is out, so Cy deals deal 2
  run(*session, "void");
  CHECK(table_of(*session).tracked().match().dealer() == 0);  // and Ann deal 3
  run(*session, "sail Cy --tavern lightblue");
  CHECK_THROWS_WITH(run(*session, "hand Bob " + kBob), Catch::Contains("Bob is out"));
  run(*session, "hand Cy " + kAnn);  // Cy sails with 5 stowaway points
  run(*session, "hand Ann " + kBob);  // Ann best adds orange9: 33 > 5, so 18 + 33 = 51
  CHECK(table_of(*session).tracked().ready());
  const auto last = run_json(*session, "confirm");
  CHECK(last["players"].size() == 2);
  CHECK(last["match_over"] == true);
  CHECK(last["winners"] == nlohmann::json({"Cy"}));
  CHECK(session->current_game()->winners() == std::vector<std::string>{"Cy"});
  CHECK(penalties(*session) == std::vector<double>{51, 33, -10});
  CHECK(session->current_game()->completed_turns() == 3);
  const auto sheet = run_json(*session, "deals");
  CHECK(sheet["deals"].size() == 3);
  CHECK(sheet["deals"][1]["void"] == true);
  CHECK(sheet["deals"][2]["delta"] == nlohmann::json({33, 0, 0}));
}

TEST_CASE("the table settles exactly as score corsari-sailing", "[corsari][table]") {
  const qm::tests::TempHome home("corsari-table");
  std::mt19937_64 rng(20261121);
  auto session = open("random");
  run(*session, "new corsari Ann Bob Cy --limit 100000");
  const std::vector<std::string> names = {"Ann", "Bob", "Cy"};
  std::vector<int> penalty(3, 0);
  for (int deal = 0; deal < 25; ++deal) {
    std::vector<std::vector<qm::corsari::Card>> hands;
    std::vector<qm::corsari::Card> taken;
    for (int seat = 0; seat < 3; ++seat) {
      hands.push_back(qm::corsari::testing::random_hand(rng, 12, 3 + seat, taken));
      taken.insert(taken.end(), hands.back().begin(), hands.back().end());
    }
    const int sailor = deal % 3;
    const std::string tavern = qm::notation::to_string(qm::corsari::testing::random_colour(rng));
    std::string score_line = "score corsari-sailing --tavern " + tavern + " --sailor " + names[sailor] + " --limit 100000";
    run(*session, "sail " + names[sailor] + " --tavern " + tavern);
    for (int seat = 0; seat < 3; ++seat) {
      std::string cards;
      for (const auto card : hands[seat]) cards += (cards.empty() ? "" : ",") + qm::notation::to_string(card);
      run(*session, "hand " + names[seat] + " " + cards);
      score_line += " --hand " + names[seat] + "=" + cards + " --penalty " + names[seat] + "=" + std::to_string(penalty[seat]);
    }
    const auto scored = run_json(*session, score_line);
    if (scored["sweep"] == true) {
      run(*session, "cancel");  // a sweep would end the match; it is tested on its own
      continue;
    }
    const auto settled = run_json(*session, "confirm");
    for (int seat = 0; seat < 3; ++seat) {
      CHECK(settled["players"][seat]["delta"] == scored["players"][seat]["delta"]);
      CHECK(settled["players"][seat]["stowaways"] == scored["players"][seat]["stowaways"]);
      CHECK(settled["players"][seat]["additions"] == scored["players"][seat]["additions"]);
      penalty[seat] = scored["players"][seat]["penalty"];
    }
  }
  CHECK(penalties(*session) == std::vector<double>(penalty.begin(), penalty.end()));
}

TEST_CASE("score corsari-sailing reads names, penalties and stated additions", "[corsari][score]") {
  const qm::tests::TempHome home("corsari-table");
  auto session = open("score");
  const std::string ann = "Ann=" + kAnn;
  const auto doc = run_json(*session, "score corsari-sailing --tavern lightblue --sailor ann --hand '" + ann +
                                          "' --hand Bob=" + kBob.substr(0, kBob.find(' ')) + " " +
                                          kBob.substr(kBob.find(' ') + 1) + " --penalty Bob=95 --add bob=");
  CHECK(doc["players"][1]["name"] == "Bob");
  CHECK(doc["players"][1]["additions"].empty());
  CHECK(doc["players"][1]["stowaway_total"] == 42);
  CHECK(doc["players"][1]["penalty"] == 137);
  CHECK(doc["players"][1]["out"] == true);
  CHECK(doc["match_over"] == true);
  CHECK(doc["winners"] == nlohmann::json({"Ann"}));
  CHECK_THROWS_WITH(run(*session, "score corsari-sailing --tavern red --sailor Zed --hand '" + ann + "'"),
                    Catch::Contains("Zed"));
  CHECK_THROWS_WITH(run(*session, "score corsari-sailing --tavern red --sailor Ann --hand '" + ann + "' --penalty Ann=x"),
                    Catch::Contains("'x'"));
  CHECK_THROWS_WITH(run(*session, "score corsari-sailing --tavern lightblue --sailor Ann --hand '" + ann +
                                      "' --hand Bob=" + kBob.substr(0, kBob.find(' ')) + " --add Bob=purple7"),
                    Catch::Contains("purple7"));
  CHECK(session->events().empty());  // stateless commands are not journaled
}
