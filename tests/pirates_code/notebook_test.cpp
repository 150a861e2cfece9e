// The deduction notebook on built situations (issue 7, item 2), seen from Ann's seat (0) unless
// said otherwise. Seats: Ann 0, Bob 1, Cy 2, Dan 3.
#include <vector>

#include <catch2/catch.hpp>

#include "scoring/input_error.hpp"
#include "scoring/pirates_code/notebook.hpp"
#include "tests/pirates_code/players.hpp"

namespace pc = qm::pirates_code;
using pc::Clue;
using pc::Holding;
using pc::NumberSet;

using namespace qm::pirates_code::testing;

TEST_CASE("A fresh notebook knows only its own hand", "[pirates_code][notebook]") {
  SECTION("three players: ten unseen numbers shared four, four and two") {
    const pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
    CHECK(notebook.worlds().size() == 3150);  // 10! / (4! 4! 2!)
    CHECK(notebook.code_pair_count() == 45);  // any two of the ten
    CHECK(notebook.holding(kAnn, 7) == Holding::must);
    CHECK(notebook.holding(kBob, 7) == Holding::cannot);
    CHECK(notebook.holding(kBob, 8) == Holding::may);
    CHECK(notebook.code_holding(12) == Holding::cannot);
    CHECK(notebook.max_skeletons(kBob) == 0);
    CHECK_FALSE(notebook.certain_code());
  }
  SECTION("four players: eleven unseen numbers shared three, three, three and two") {
    const pc::Notebook notebook(4, kBob, NumberSet::of({1, 8, 14}));
    CHECK(notebook.worlds().size() == 92400);  // 11! / (3! 3! 3! 2!)
    CHECK(notebook.code_pair_count() == 55);
    CHECK(notebook.min_skeletons(kDan) == 1);
    CHECK(notebook.max_skeletons(kDan) == 1);
  }
  SECTION("a hand of the wrong size is refused") {
    CHECK_THROWS_AS(pc::Notebook(3, kAnn, NumberSet::of({1, 2, 3})), qm::InputError);
    CHECK_THROWS_AS(pc::Notebook(4, kAnn, NumberSet::of({1, 2, 3, 4})), qm::InputError);
    CHECK_THROWS_AS(pc::Notebook(5, kAnn, NumberSet::of({1, 2, 3})), qm::InputError);
  }
}

TEST_CASE("A guess everybody denies is the code", "[pirates_code][notebook]") {
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  notebook.record(pc::guess_clues(3, kBob, 5, 11, -1));
  REQUIRE(notebook.certain_code());
  CHECK(*notebook.certain_code() == pc::CodePair{5, 11});
  CHECK(notebook.code_holding(5) == Holding::must);
  CHECK(notebook.holding(kCy, 11) == Holding::cannot);
}

TEST_CASE("Two clues combine into what neither says alone", "[pirates_code][notebook]") {
  // Bob has 5 or 6 (he said "have" to a guess of 5 and 6), and Bob has no 5 (inquiry answer):
  // so Bob holds 6, and 6 is not in the code.
  pc::Notebook notebook(3, kAnn, NumberSet::of({1, 2, 3, 4}));
  notebook.record(pc::guess_clues(3, kAnn, 5, 6, kBob));  // Ann: no, Bob: have
  CHECK(notebook.holding(kBob, 6) == Holding::may);
  notebook.record(Clue::answer(kBob, NumberSet::of({5}), false));
  CHECK(notebook.holding(kBob, 6) == Holding::must);
  CHECK(notebook.holding(kCy, 6) == Holding::cannot);
  CHECK(notebook.code_holding(6) == Holding::cannot);
  CHECK(notebook.code_holding(5) == Holding::may);
}

TEST_CASE("Counting cards: a hand is full once four numbers are left for it", "[pirates_code][notebook]") {
  // Cy denies every number 5-10 in three guesses; her four numbers can only be 11-14, so Bob and
  // the code share 5-10.
  pc::Notebook notebook(3, kAnn, NumberSet::of({1, 2, 3, 4}));
  for (const auto& [a, b] : {std::pair{5, 6}, std::pair{7, 8}, std::pair{9, 10}})
    notebook.record(Clue::answer(kCy, NumberSet::of({a, b}), false));
  for (int n = 11; n <= 14; ++n) CHECK(notebook.holding(kCy, n) == Holding::must);
  for (int n = 11; n <= 14; ++n) CHECK(notebook.holding(kBob, n) == Holding::cannot);
  CHECK(notebook.code_pair_count() == 15);  // two of 5-10
  notebook.record(Clue::code_seen(8));
  CHECK(notebook.code_pair_count() == 5);
  notebook.record(Clue::holds_one_of(kBob, NumberSet::of({11, 12, 13, 14, 5})));  // Bob showed a card
  CHECK(notebook.holding(kBob, 5) == Holding::must);
  CHECK(notebook.code_pair_count() == 4);
}

TEST_CASE("An answer that cannot be true is flagged and not applied", "[pirates_code][notebook]") {
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  REQUIRE(notebook.record(Clue::holds(kBob, 6)));  // Ann scouted 6 in Bob's hand
  const auto before = notebook.worlds().size();
  CHECK_FALSE(notebook.record(Clue::answer(kBob, NumberSet::of({6}), false)));  // "has 6?" "no"
  CHECK(notebook.contradicted());
  REQUIRE(notebook.contradictions().size() == 1);
  CHECK(notebook.contradictions().front().line == 1);
  CHECK(notebook.contradictions().front().clue == 0);
  CHECK(notebook.worlds().size() == before);
  CHECK(notebook.holding(kBob, 6) == Holding::must);
  // Numbers outside the game (0, 15) are legal questions with a forced answer.
  CHECK(notebook.record(Clue::answer(kCy, NumberSet::of({15}), false)));
  CHECK_FALSE(notebook.record(Clue::answer(kCy, NumberSet::of({15}), true)));
  // A guess Ann says "don't have" to while holding one of the numbers is impossible.
  CHECK_FALSE(notebook.record(Clue::answer(kAnn, NumberSet::of({3, 4}), false)));
  CHECK(notebook.contradictions().size() == 3);
}

TEST_CASE("A line that cannot be true is left out whole and not clue by clue", "[pirates_code][notebook]") {
  // Issue 20, item 2. Ann scouted Bob's 4; then Bob guesses 4 and 5 and Cy is said to say "have".
  // Bob answers first and holds 4, so the line was mistyped somewhere: neither "Bob has none of
  // 4,5" nor "Cy has 4 or 5" may enter the deductions.
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  notebook.record(Clue::holds(kBob, 4));
  const std::vector<pc::World> before(notebook.worlds().begin(), notebook.worlds().end());
  notebook.record(pc::guess_clues(3, kBob, 4, 5, kCy));
  REQUIRE(notebook.contradictions().size() == 1);
  CHECK(notebook.contradictions().front().line == 1);
  CHECK(notebook.contradictions().front().clue == 0);  // "Bob has none of 4,5"
  CHECK_THAT(notebook.contradictions().front().reason, Catch::Contains("P2 has none of 4,5") && Catch::Contains("whole line"));
  CHECK(notebook.line(1).size() == 2);  // recorded as typed, left out
  CHECK(std::vector<pc::World>(notebook.worlds().begin(), notebook.worlds().end()) == before);
  CHECK(notebook.holding(kCy, 5) == Holding::may);
  // A true line afterwards is not flagged: Cy has no 5.
  notebook.record(Clue::answer(kCy, NumberSet::of({5}), false));
  CHECK(notebook.contradictions().size() == 1);
  CHECK(notebook.holding(kCy, 5) == Holding::cannot);
}

TEST_CASE("A line is followed clue by clue with what its earlier clues changed", "[pirates_code][notebook]") {
  SECTION("a clairvoyance: the code card seen is not one just put face up") {
    pc::Notebook notebook(3, kAnn, NumberSet::of({5, 7, 9, 12}));
    const std::vector<Clue> mistyped = {Clue::face_up(kAnn, 5), Clue::face_up(kAnn, 9), Clue::code_seen(9)};
    CHECK_FALSE(notebook.record(mistyped));
    REQUIRE(notebook.contradictions().size() == 1);
    CHECK(notebook.contradictions().front().clue == 2);
    CHECK(notebook.face_up().empty());  // left out whole: nothing was put face up either
    CHECK(notebook.hand_size(kAnn) == 4);
    CHECK(notebook.record(std::vector<Clue>{Clue::face_up(kAnn, 5), Clue::face_up(kAnn, 9), Clue::code_seen(6)}));
    CHECK(notebook.code_holding(6) == Holding::must);
    CHECK(notebook.hand_size(kAnn) == 2);
  }
  SECTION("an unseen plunder: a later clue of the line picks the card that moved") {
    pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
    notebook.record(Clue::holds(kCy, 6));
    notebook.record(Clue::answer(kBob, NumberSet::of({6}), false));
    const std::vector<Clue> impossible = {Clue::moved_unseen(kCy, kBob), Clue::answer(kCy, NumberSet::of({6}), true),
                                          Clue::holds(kBob, 6)};
    CHECK_FALSE(notebook.record(impossible));
    CHECK(notebook.contradictions().front().clue == 2);
    CHECK(notebook.hand_size(kBob) == 4);
    CHECK(notebook.record(std::vector<Clue>{Clue::moved_unseen(kCy, kBob), Clue::holds(kBob, 6)}));
    CHECK(notebook.holding(kCy, 6) == Holding::cannot);
    CHECK(notebook.hand_size(kBob) == 5);
    CHECK(notebook.line_count() == 4);
  }
}

TEST_CASE("Face-up cards leave the hands and never belong to the code", "[pirates_code][notebook]") {
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  notebook.record(Clue::face_up(kBob, 5));
  notebook.record(Clue::face_up(kBob, 6));
  CHECK(notebook.hand_size(kBob) == 2);
  CHECK(notebook.face_up() == NumberSet::of({5, 6}));
  CHECK(notebook.code_holding(5) == Holding::cannot);
  CHECK(notebook.holding(kBob, 5) == Holding::cannot);
  CHECK(notebook.code_pair_count() == 28);  // two of the eight numbers still unseen
  // Ann's own card face up.
  notebook.record(Clue::face_up(kAnn, 7));
  CHECK(notebook.my_numbers() == NumberSet::of({3, 9, 12}));
  CHECK_FALSE(notebook.record(Clue::face_up(kCy, 7)));  // 7 is already on the table
}

TEST_CASE("A plunder between two others moves an unseen card", "[pirates_code][notebook]") {
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  notebook.record(Clue::holds(kCy, 6));
  notebook.record(Clue::face_up(kBob, 10));           // Bob plunders...
  notebook.record(Clue::moved_unseen(kCy, kBob));    // ...a card from Cy
  CHECK(notebook.hand_size(kBob) == 4);
  CHECK(notebook.hand_size(kCy) == 3);
  CHECK(notebook.holding(kCy, 6) == Holding::may);
  CHECK(notebook.holding(kBob, 6) == Holding::may);
  CHECK(notebook.code_holding(6) == Holding::cannot);  // it went from one hand to another
  // Bob then shows Ann 6: if Bob holds it, he took it from Cy.
  notebook.record(Clue::holds(kBob, 6));
  CHECK(notebook.holding(kCy, 6) == Holding::cannot);
}

TEST_CASE("Skeletons move too with four players", "[pirates_code][notebook]") {
  pc::Notebook notebook(4, kAnn, NumberSet::of({1, 2, 3}));
  notebook.record(Clue::face_up(kAnn, 9));        // Ann cannot hold 9: refused
  CHECK(notebook.contradicted());
  pc::Notebook dan(4, kDan, NumberSet::of({9, 4, 12}));
  dan.record(Clue::face_up(kDan, 9));
  dan.record(Clue::moved(kBob, kDan, pc::kSkeleton));  // Dan plundered Bob's skeleton
  CHECK(dan.hand_size(kDan) == 4);
  CHECK(dan.min_skeletons(kDan) == 2);
  CHECK(dan.max_skeletons(kBob) == 0);
  CHECK(dan.hand_size(kBob) == 3);
  CHECK_FALSE(dan.record(Clue::holds_skeleton(kBob)));
  // A bystander's view of the same plunder: Cy cannot tell what moved.
  pc::Notebook cy(4, kCy, NumberSet::of({5, 6, 7}));
  cy.record(Clue::face_up(kDan, 9));
  cy.record(Clue::moved_unseen(kBob, kDan));
  CHECK(cy.min_skeletons(kBob) == 0);
  CHECK(cy.max_skeletons(kBob) == 1);
  CHECK(cy.max_skeletons(kDan) == 2);
}

TEST_CASE("A bystander hears an inquiry as an offset from an unseen card", "[pirates_code][notebook]") {
  // Base set: inquiry cards are 1-4. Ann holds 1, 2 and 5, 6; Bob shows Cy an inquiry card
  // (3 or 4, the others are Ann's) and asks "this + 10?": yes. So Cy holds 13 or 14.
  pc::Notebook notebook(3, kAnn, NumberSet::of({1, 2, 5, 6}));
  notebook.record(Clue::offset_answer(kBob, kCy, NumberSet::of({1, 2, 3, 4}), 10, true));
  CHECK(notebook.holding(kCy, 11) == Holding::may);  // nothing rules out 11 as a fourth card
  CHECK(notebook.holding(kBob, 3) == Holding::may);
  notebook.record(Clue::answer(kCy, NumberSet::of({13, 14}), false));
  CHECK(notebook.contradicted());
  notebook.record(Clue::answer(kCy, NumberSet::of({14}), false));
  CHECK(notebook.holding(kCy, 13) == Holding::must);
  CHECK(notebook.holding(kBob, 3) == Holding::must);  // the card shown was 3
}

TEST_CASE("Malformed clues are input errors not contradictions", "[pirates_code][notebook]") {
  pc::Notebook notebook(3, kAnn, NumberSet::of({3, 7, 9, 12}));
  CHECK_THROWS_AS(notebook.record(Clue::holds(kDan, 5)), qm::InputError);
  CHECK_THROWS_AS(notebook.record(Clue::holds(kBob, 15)), qm::InputError);
  CHECK_THROWS_AS(notebook.record(Clue::moved(kBob, kBob, 5)), qm::InputError);
  CHECK_THROWS_AS(notebook.record(Clue::moved_unseen(kBob, kAnn)), qm::InputError);
  CHECK_FALSE(notebook.contradicted());
  CHECK(notebook.clues().empty());
}

TEST_CASE("Guess answers from a table report", "[pirates_code][notebook]") {
  SECTION("first have stops the judgement") {
    const auto clues = pc::guess_clues(3, kBob, 5, 11, kCy);  // guess Bob 5 11 -> Cy has
    REQUIRE(clues.size() == 2);
    CHECK(clues[0] == Clue::answer(kBob, NumberSet::of({5, 11}), false));
    CHECK(clues[1] == Clue::answer(kCy, NumberSet::of({5, 11}), true));
  }
  SECTION("a continue asks on from the next player until another have") {
    const auto clues = pc::guess_clues(4, kCy, 2, 9, kCy, kAnn);  // Cy bluffs, pays the token
    REQUIRE(clues.size() == 3);
    CHECK(clues[0] == Clue::answer(kCy, NumberSet::of({2, 9}), true));
    CHECK(clues[1] == Clue::answer(kDan, NumberSet::of({2, 9}), false));
    CHECK(clues[2] == Clue::answer(kAnn, NumberSet::of({2, 9}), true));
    const auto to_the_end = pc::guess_clues(4, kCy, 2, 9, kDan, -1);
    REQUIRE(to_the_end.size() == 4);
    CHECK_FALSE(to_the_end[3].has);
    CHECK(to_the_end[3].player == kBob);
  }
  SECTION("impossible reports are refused") {
    CHECK_THROWS_AS(pc::guess_clues(3, kBob, 5, 5, -1), qm::InputError);
    CHECK_THROWS_AS(pc::guess_clues(3, kBob, 5, 6, -1, kAnn), qm::InputError);
    CHECK_THROWS_AS(pc::guess_clues(3, kBob, 5, 6, kAnn, kAnn), qm::InputError);  // nobody after Ann
    CHECK_THROWS_AS(pc::guess_clues(4, kBob, 5, 6, kDan, kCy), qm::InputError);   // Cy answered before Dan
  }
}
