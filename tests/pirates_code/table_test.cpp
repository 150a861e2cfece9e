// Table mode (rules/pirates_code/table.hpp): the rules a table can see, through structured
// events. The events become the right clues, a refused event changes nothing, contradictions are
// flagged (not refused), and the table completes what the event left out. The words players
// type are tested through the REPL in cli_test.cpp. Seats: Ann 0, Bob 1, Cy 2, Dee 3.
#include <catch2/catch.hpp>

#include "rules/pirates_code/card_set_file.hpp"
#include "rules/pirates_code/table.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/pirates_code/players.hpp"

namespace pc = qm::pirates_code;
using pc::Clue;
using pc::Holding;
using pc::NumberSet;

using namespace qm::pirates_code::testing;

namespace {

constexpr int kDee = 3;  // the fourth seat, as the table names her

// Ann keeps the notebook, holding 3,7,9,12; Bob and Cy hold the rest but two.
pc::Table three_players() {
  return pc::Table({{"Ann", "Bob", "Cy"}, kAnn, NumberSet::of({3, 7, 9, 12}), base_game(3)});
}

// Applying `event` must fail with a reason mentioning `reason`, and change nothing.
template <class Error = qm::InputError>
void require_refused(pc::Table& table, const pc::Event& event, const std::string& reason) {
  const pc::Table before = table;
  CHECK_THROWS_AS(table.check(event), Error);
  CHECK_THROWS_WITH(table.apply(event), Catch::Contains(reason));
  CHECK(table == before);
}

}  // namespace

TEST_CASE("table mode: the setup and what a fresh table knows", "[pirates_code][table_rules]") {
  const pc::Table table = three_players();
  CHECK(table.turn() == 1);
  CHECK(table.turn_player() == kAnn);
  CHECK(table.actions_left() == 1);
  CHECK(table.hand_size(kBob) == 4);
  CHECK(table.has_token(kCy));
  CHECK(table.my_skeletons() == 0);
  CHECK(table.notebook().code_pair_count() == 45);
  CHECK_FALSE(table.is_over());

  const pc::Table four({{"Ann", "Bob", "Cy", "Dee"}, kAnn, NumberSet::of({1, 8, 14}), base_game(4)});
  CHECK(four.my_skeletons() == 1);
  CHECK(four.notebook().code_pair_count() == 55);

  CHECK_THROWS_AS(pc::Table({{"Ann", "Bob", "Cy"}, kAnn, NumberSet::of({1, 2, 3}), base_game(3)}), qm::InputError);
  CHECK_THROWS_AS(pc::Table({{"Ann", "Bob", "Cy"}, 3, NumberSet::of({1, 2, 3, 4}), base_game(3)}), qm::InputError);
  CHECK_THROWS_AS(pc::Table({{"Ann", "Bob", "Cy"}, kAnn, NumberSet::of({1, 2, 3}), base_game(4)}), qm::InputError);
}

TEST_CASE("table mode: plunder victims have the most cards but the plunderer", "[pirates_code][table_rules]") {
  CHECK(pc::plunder_victims(std::vector<int>{4, 4, 3}, kCy) == std::vector<int>{kAnn, kBob});
  CHECK(pc::plunder_victims(std::vector<int>{5, 3, 4}, kAnn) == std::vector<int>{kCy});
  CHECK(pc::plunder_victims(std::vector<int>{3, 3, 3, 2}, kBob) == std::vector<int>{kAnn, kCy});
}

TEST_CASE("table mode: a guess everybody denies ends the game", "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  table.apply(pc::Scout{.target = kBob, .seen = 4});
  const pc::RecordedEvent won = table.apply(pc::Guess{.actor = kBob, .first = 11, .second = 5, .holder = -1});
  CHECK(won.wins);
  CHECK(won.actor == kBob);
  CHECK(table.is_over());
  CHECK(table.winner() == kBob);
  CHECK(table.winning_guess() == NumberSet::of({5, 11}));
  REQUIRE(table.notebook().certain_code());
  CHECK(*table.notebook().certain_code() == pc::CodePair{5, 11});
  require_refused<qm::RuleViolation>(table, pc::Guess{.first = 1, .second = 2, .holder = -1}, "the game is over");
  require_refused<qm::RuleViolation>(table, pc::SetTurn{.player = kCy}, "Bob found the code");
}

TEST_CASE("table mode: a failed guess with the continue token and the turn order", "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  const pc::RecordedEvent guess = table.apply(pc::Guess{.first = 5, .second = 6, .holder = kBob, .continued = kCy});
  CHECK(guess.clues == pc::guess_clues(3, kAnn, 5, 6, kBob, kCy));  // Ann no, Bob have, Cy have
  CHECK(guess.clues.size() == 3);
  CHECK(guess.actor == kAnn);
  CHECK(std::get<pc::Guess>(guess.event).actor == kAnn);  // completed
  CHECK_FALSE(table.has_token(kAnn));
  CHECK(table.turn_player() == kBob);
  CHECK(table.turn() == 2);
  CHECK(table.notebook().code_holding(5) == Holding::cannot);

  SECTION("out of turn, a face-up number, own numbers and a spent token are refused") {
    require_refused<qm::RuleViolation>(table, pc::Guess{.actor = kCy, .first = 1, .second = 2, .holder = kAnn},
                                       "it is Bob's turn, not Cy's");
    table.apply(pc::RapidFire{.actor = kBob, .card = 8});
    CHECK(table.actions_left() == 2);
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 8, .second = 1, .holder = kCy}, "face up");
    require_refused(table, pc::Guess{.first = 1, .second = 1, .holder = kCy}, "not 1 twice");
    table.apply(pc::Guess{.first = 1, .second = 2, .holder = kCy});  // a failed guess ends the turn
    CHECK(table.turn_player() == kCy);
    table.apply(pc::Guess{.first = 1, .second = 3, .holder = kAnn});
    CHECK(table.turn_player() == kAnn);
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 3, .second = 4, .holder = kBob}, "you hold 3");
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 1, .second = 2, .holder = kBob, .continued = -1},
                                       "spent");
  }
  SECTION("a continue goes on clockwise after the first \"have\"") {
    table.apply(pc::SetTurn{.player = kCy});
    CHECK(table.turn() == 3);
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 1, .second = 2, .holder = kBob, .continued = kCy},
                                       "answered last");
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 1, .second = 2, .holder = kAnn, .continued = kCy},
                                       "already answered");
    require_refused<qm::RuleViolation>(table, pc::Guess{.first = 1, .second = 2, .holder = -1, .continued = kBob},
                                       "nothing to continue");
  }
  SECTION("with failed_guess_ends_turn off a failed guess takes one action") {
    pc::Game game = base_game(3);
    game.failed_guess_ends_turn = false;
    pc::Table lenient({{"Ann", "Bob", "Cy"}, kAnn, NumberSet::of({3, 7, 9, 12}), game});
    lenient.apply(pc::RapidFire{.card = 7});
    lenient.apply(pc::Guess{.first = 1, .second = 2, .holder = kBob});
    CHECK(lenient.turn_player() == kAnn);
    CHECK(lenient.actions_left() == 1);
  }
}

TEST_CASE("table mode: inquiries give clues to the asker and the one asked and a bystander",
          "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  SECTION("Ann asks Bob") {
    require_refused<qm::RuleViolation>(table, pc::Inquiry{.target = kBob, .card = 2, .asked = 6, .answer = false},
                                       "do not hold 2");
    require_refused(table, pc::Inquiry{.target = kBob, .offset = 3, .answer = false}, "which card");
    require_refused<qm::RuleViolation>(table, pc::Inquiry{.target = kBob, .card = 3, .asked = 3, .answer = false},
                                       "not the card itself");
    require_refused<qm::RuleViolation>(table, pc::Inquiry{.target = kAnn, .asked = 6, .answer = false},
                                       "not to oneself");
    require_refused(table, pc::Inquiry{.target = kBob, .card = 3, .asked = 7, .offset = 3, .answer = true},
                    "3 +3 is 6, not 7");
    require_refused(table, pc::Inquiry{.target = kBob, .card = 3, .asked = 6}, "expects the answer");
    const pc::RecordedEvent asked = table.apply(pc::Inquiry{.target = kBob, .card = 3, .offset = 3, .answer = true});
    CHECK(asked.clues == std::vector<Clue>{Clue::answer(kBob, NumberSet::of({6}), true)});
    CHECK(std::get<pc::Inquiry>(asked.event).asked == 6);  // card + offset
    CHECK(table.notebook().holding(kBob, 6) == Holding::must);
  }
  SECTION("Bob asks Cy, then Cy asks Bob; Ann hears the questions") {
    table.apply(pc::SetTurn{.player = kBob});
    const NumberSet inquiry_cards = NumberSet::of({1, 2, 3, 4});
    const pc::RecordedEvent heard = table.apply(pc::Inquiry{.target = kCy, .offset = 1, .answer = true});
    CHECK(heard.clues == std::vector<Clue>{Clue::offset_answer(kBob, kCy, inquiry_cards, 1, true)});
    const pc::RecordedEvent told = table.apply(pc::Inquiry{.target = kBob, .asked = 6, .answer = false});
    CHECK(told.clues == std::vector<Clue>{Clue::holds_one_of(kCy, NumberSet::of({1, 2, 3, 4})),
                                          Clue::answer(kBob, NumberSet::of({6}), false)});
    CHECK(table.turn_player() == kAnn);
  }
  SECTION("Bob asks Ann: her answer comes from her hand") {
    table.apply(pc::SetTurn{.player = kBob});
    require_refused(table, pc::Inquiry{.target = kCy, .card = 3, .asked = 6, .answer = false}, "only Cy saw");
    require_refused(table, pc::Inquiry{.target = kAnn, .card = 3, .asked = 6}, "3 is in your hand");
    const pc::RecordedEvent asked = table.apply(pc::Inquiry{.target = kAnn, .card = 4, .asked = 7});
    CHECK(std::get<pc::Inquiry>(asked.event).answer == true);
    CHECK(table.notebook().holding(kBob, 4) == Holding::must);
  }
}

TEST_CASE("table mode: scouting", "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  require_refused(table, pc::Scout{.target = kBob}, "say what you saw");
  require_refused(table, pc::Scout{.target = kBob, .seen = 3}, "3 is in your hand");
  require_refused(table, pc::Scout{.target = kBob, .seen = pc::kSkeleton}, "no skeleton cards with three players");
  require_refused<qm::RuleViolation>(table, pc::Scout{.target = kBob, .card = 7, .seen = 4}, "7 is a rapid fire card");
  require_refused<qm::RuleViolation>(table, pc::Scout{.target = kBob, .card = 11, .seen = 4}, "do not hold 11");
  const pc::RecordedEvent seen = table.apply(pc::Scout{.target = kBob, .card = 12, .seen = 4});
  CHECK(seen.clues == std::vector<Clue>{Clue::holds(kBob, 4)});
  require_refused(table, pc::Scout{.target = kCy, .seen = 4}, "only Bob saw the card");
  require_refused(table, pc::Scout{.target = kAnn, .seen = 5}, "you (Ann) do not hold 5");
  const pc::RecordedEvent shown = table.apply(pc::Scout{.target = kAnn, .card = 11, .seen = 3});
  CHECK(shown.clues == std::vector<Clue>{Clue::holds(kBob, 11)});
  const pc::RecordedEvent heard = table.apply(pc::Scout{.target = kBob});  // Cy's turn
  CHECK(heard.clues == std::vector<Clue>{Clue::holds_one_of(kCy, NumberSet::of({11, 12, 13, 14}))});
}

TEST_CASE("table mode: plunder and clairvoyance and rapid fire leave no hand empty", "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  table.apply(pc::RapidFire{.card = 7});  // Ann: three actions in all
  CHECK(table.actions_left() == 2);
  CHECK(table.hand_size(kAnn) == 3);
  require_refused(table, pc::Plunder{.card = 9, .victim = kCy}, "takes X");  // Ann took: say which
  require_refused(table, pc::Plunder{.card = 9, .taken = 4}, "Bob and Cy have the most cards");
  require_refused<qm::RuleViolation>(table, pc::Plunder{.card = 9, .victim = kAnn, .taken = 4}, "another player");
  const pc::RecordedEvent plunder = table.apply(pc::Plunder{.card = 9, .victim = kCy, .taken = 2});
  CHECK(plunder.clues == std::vector<Clue>{Clue::face_up(kAnn, 9), Clue::moved(kCy, kAnn, 2)});
  CHECK(table.hand_size(kAnn) == 3);
  CHECK(table.hand_size(kCy) == 3);
  CHECK(table.my_hand() == NumberSet::of({2, 3, 12}));
  CHECK(table.face_up(kAnn) == NumberSet::of({7, 9}));
  CHECK(table.notebook().holding(kCy, 2) == Holding::cannot);
  require_refused<qm::RuleViolation>(table, pc::Clairvoyance{.card = 5, .other = 3, .seen = 1}, "do not hold 5");
  table.apply(pc::Scout{.target = kCy, .seen = 14});
  CHECK(table.turn_player() == kBob);
  require_refused(table, pc::Plunder{.card = 10, .victim = kAnn}, "takes X");  // Ann lost it: which?
  require_refused<qm::RuleViolation>(table, pc::Clairvoyance{.card = 5, .other = pc::kSkeleton}, "skeleton");
  require_refused(table, pc::Clairvoyance{.card = 5, .other = 6, .seen = 1}, "only Bob looked");
  const pc::RecordedEvent clairvoyance = table.apply(pc::Clairvoyance{.card = 1, .other = 6});
  CHECK(std::get<pc::Clairvoyance>(clairvoyance.event).card == 6);  // the clairvoyance card first
  CHECK(table.hand_size(kBob) == 2);
  CHECK(table.face_up(kBob) == NumberSet::of({1, 6}));
  CHECK(table.turn_player() == kCy);
  // Cy: Ann has 3 cards, Bob 2: plunder must take from Ann; Ann is the only victim, so she may be left out.
  require_refused<qm::RuleViolation>(table, pc::Plunder{.card = 10, .victim = kBob}, "most cards");
  require_refused(table, pc::Plunder{.card = 10}, "takes X");
  CHECK(table.plunder_victims(kCy) == std::vector<int>{kAnn});
  table.apply(pc::Clairvoyance{.card = 5, .other = 8});  // Cy keeps one card
  CHECK(table.hand_size(kCy) == 1);
  table.apply(pc::Scout{.target = kBob, .seen = 11});
  table.apply(pc::Guess{.actor = kBob, .first = 13, .second = 14, .holder = kCy});
  CHECK(table.turn_player() == kCy);
  require_refused<qm::RuleViolation>(table, pc::FaceUp{.numbers = {11}}, "no cards");
  require_refused<qm::RuleViolation>(table, pc::RapidFire{.card = 7}, "face up");
  require_refused(table, pc::FaceUp{.numbers = {12}}, "your hand");
  require_refused(table, pc::FaceUp{.numbers = {11, 11}}, "named twice");
}

TEST_CASE("table mode: four players with skeletons and an unseen plunder", "[pirates_code][table_rules]") {
  pc::Table table({{"Ann", "Bob", "Cy", "Dee"}, kCy, NumberSet::of({2, 9, 13}), base_game(4)});
  const pc::RecordedEvent unseen = table.apply(pc::Plunder{.actor = kAnn, .card = 10, .victim = kBob});
  CHECK(unseen.clues == std::vector<Clue>{Clue::face_up(kAnn, 10), Clue::moved_unseen(kBob, kAnn)});
  CHECK(table.hand_size(kAnn) == 4);
  CHECK(table.hand_size(kBob) == 3);
  CHECK(table.notebook().max_skeletons(kAnn) == 2);
  table.apply(pc::Scout{.target = kCy, .card = 11});
  CHECK(table.notebook().holding(kBob, 11) == Holding::must);
  table.apply(pc::Plunder{.card = 9, .victim = kAnn, .taken = pc::kSkeleton});  // Ann or Dee, with 4 cards
  CHECK(table.my_skeletons() == 2);
  CHECK(table.hand_size(kCy) == 4);
  require_refused(table, pc::Scout{.target = kAnn, .seen = 4}, "only Dee saw");
  require_refused<qm::RuleViolation>(table, pc::Scout{.actor = kCy, .target = kAnn, .seen = 4}, "Dee's turn");
}

TEST_CASE("table mode: what the owner knows is false is refused", "[pirates_code][table_rules]") {
  // Issue 20, item 3: refused with the reason, nothing recorded, the turn stays.
  pc::Table table = three_players();  // Ann holds 3,7,9,12
  table.apply(pc::SetTurn{kCy});
  SECTION("an answer of the owner's own to an inquiry") {
    require_refused(table, pc::Inquiry{.target = kAnn, .card = 4, .asked = 12, .answer = false}, "you (Ann) hold 12");
    require_refused(table, pc::Inquiry{.target = kAnn, .card = 4, .offset = 8, .answer = false}, "you (Ann) hold 12");
    require_refused(table, pc::Inquiry{.target = kAnn, .card = 4, .asked = 5, .answer = true}, "you (Ann) do not hold 5");
    require_refused(table, pc::Inquiry{.target = kAnn, .offset = 8, .answer = false}, "showing C");
    CHECK_FALSE(table.apply(pc::Inquiry{.target = kAnn, .card = 4, .asked = 12, .answer = true}).contradiction);
  }
  SECTION("the owner's answers in a guess's judgement") {
    require_refused(table, pc::Guess{.first = 3, .second = 5, .holder = -1}, "3 and 5 cannot be the code");
    require_refused(table, pc::Guess{.first = 3, .second = 5, .holder = kBob}, "you (Ann) hold 3");  // Cy, Ann, Bob
    require_refused(table, pc::Guess{.first = 1, .second = 2, .holder = kAnn}, "you (Ann) hold neither 1 nor 2");
    require_refused(table, pc::Guess{.first = 1, .second = 9, .holder = kCy, .continued = -1}, "you (Ann) hold 9");
    CHECK_FALSE(table.apply(pc::Guess{.first = 3, .second = 5, .holder = kAnn}).contradiction);
  }
  SECTION("a card shown to another player, which only that player saw") {
    require_refused(table, pc::Inquiry{.target = kBob, .card = 2, .asked = 5, .answer = true}, "only Bob saw");
    require_refused(table, pc::Scout{.target = kBob, .card = 11}, "only Bob saw");
  }
  SECTION("a code card seen that the owner holds or that lies face up") {
    pc::Table seer({{"Ann", "Bob", "Cy"}, kAnn, NumberSet::of({5, 7, 9, 12}), base_game(3)});
    require_refused(seer, pc::Clairvoyance{.card = 5, .other = 9, .seen = 12}, "12 is in your hand");
    require_refused(seer, pc::Clairvoyance{.card = 5, .other = 9, .seen = 9}, "9 is face up");
    seer.apply(pc::RapidFire{.card = 7});
    require_refused(seer, pc::Clairvoyance{.card = 5, .other = 9, .seen = 7}, "7 is face up");
    CHECK_FALSE(seer.apply(pc::Clairvoyance{.card = 5, .other = 9, .seen = 1}).contradiction);
  }
}

TEST_CASE("table mode: a contradiction is flagged and the event kept", "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  table.apply(pc::Scout{.target = kBob, .seen = 5});                     // Ann saw Bob's 5
  CHECK_FALSE(table.apply(pc::Inquiry{.target = kCy, .asked = 1, .answer = false}).contradiction);  // Bob's turn
  const pc::RecordedEvent flagged = table.apply(pc::Guess{.first = 1, .second = 5, .holder = kCy});
  // Cy says "have" first, yet Cy has no 1 (her answer to Bob) and Bob holds 5.
  CHECK(flagged.contradiction == 0);
  CHECK(flagged.clues[0] == Clue::answer(kCy, NumberSet::of({1, 5}), true));
  CHECK(table.notebook().contradicted());
  CHECK(table.history().size() == 3);
  CHECK(table.turn_player() == kAnn);
}

TEST_CASE("table mode: an event that cannot be true is left out of the notebook whole",
          "[pirates_code][table_rules]") {
  // Issue 20, item 2: scout Ann->Bob sees 4, guess Bob 4 5 -> Cy has, ..., inquiry Ann->Cy has 5 no.
  pc::Table table = three_players();
  table.apply(pc::Scout{.target = kBob, .seen = 4});
  const pc::Notebook before = table.notebook();
  const pc::RecordedEvent flagged = table.apply(pc::Guess{.first = 4, .second = 5, .holder = kCy});
  CHECK(flagged.contradiction == 0);  // "Bob has none of 4,5": Bob answers first, and holds 4
  CHECK(std::vector<pc::World>(table.notebook().worlds().begin(), table.notebook().worlds().end()) ==
        std::vector<pc::World>(before.worlds().begin(), before.worlds().end()));
  CHECK(table.notebook().holding(kCy, 5) == Holding::may);
  CHECK(table.turn_player() == kCy);  // the event is kept: the guess failed, Cy is to play
  table.apply(pc::Scout{.target = kBob});
  const pc::RecordedEvent inquiry = table.apply(pc::Inquiry{.target = kCy, .card = 3, .asked = 5, .answer = false});
  CHECK_FALSE(inquiry.contradiction);
  CHECK(table.notebook().holding(kCy, 5) == Holding::cannot);
  CHECK(table.notebook().contradictions().size() == 1);
}

TEST_CASE("table mode: events are completed and replaying the history gives the same table",
          "[pirates_code][table_rules]") {
  pc::Table table = three_players();
  table.apply(pc::Scout{.target = kBob, .seen = 4});
  table.apply(pc::Inquiry{.target = kCy, .offset = 2, .answer = false});
  table.apply(pc::Plunder{.card = 10, .victim = kBob});  // Cy takes from Bob, unseen
  const pc::RecordedEvent plunder = table.apply(pc::Plunder{.card = 9, .taken = 5});
  CHECK(std::get<pc::Plunder>(plunder.event).victim == kCy);  // Cy alone has the most cards
  table.apply(pc::Guess{.first = 1, .second = 2, .holder = kCy, .continued = -1});
  pc::Table replayed = three_players();
  for (const pc::RecordedEvent& recorded : table.history()) replayed.apply(recorded.event);
  CHECK(replayed == table);
  CHECK(pc::event_name(table.history()[2].event) == "plunder");
  CHECK(pc::event_name(pc::RapidFire{}) == "rapid-fire");
}
