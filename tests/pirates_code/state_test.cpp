// The rule engine (issue 7, items 1 and 5): the deals, every card effect and its play
// condition, the guess judgement with and without the continue token, and the shared
// random-simulation invariant test. Seats: Ann 0, Bob 1, Cy 2, Dan 3.
#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/pirates_code/card_set_file.hpp"
#include "rules/pirates_code/state.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/common/random_simulation.hpp"
#include "tests/pirates_code/players.hpp"

namespace pc = qm::pirates_code;
using pc::Action;
using pc::Clue;
using pc::NumberSet;
using pc::Phase;
using pc::State;

using namespace qm::pirates_code::testing;

namespace {

// A game dealt as given: hands per seat, then the code cards in slots 0 and 1.
State dealt(std::vector<NumberSet> hands, int code0, int code1, pc::Game game = base_game(3)) {
  game.players = static_cast<int>(hands.size());
  State state(game);
  state.apply_action(Action::deal_of(hands, code0, code1));
  return state;
}

// Three players: Ann 1 5 7 11, Bob 2 6 9 12, Cy 3 8 10 13; code 4 and 14.
State three_player_table() {
  return dealt({NumberSet::of({1, 5, 7, 11}), NumberSet::of({2, 6, 9, 12}), NumberSet::of({3, 8, 10, 13})}, 4, 14);
}

// Applying `action` must fail with a reason mentioning `reason`, and change nothing.
void require_refused(State& state, const Action& action, const std::string& reason) {
  const State before = state;
  CHECK_THROWS_WITH(state.apply_action(action), Catch::Contains(reason));
  CHECK(state == before);
}

bool listed(const State& state, const Action& action) {
  const auto legal = state.legal_actions();
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

}  // namespace

TEST_CASE("Three players are dealt four numbers each and two code cards", "[pirates_code][deal]") {
  const State state = three_player_table();
  CHECK(state.phase() == Phase::play);
  CHECK(state.current_player() == kAnn);
  CHECK(state.hand(kBob) == NumberSet::of({2, 6, 9, 12}));
  CHECK(state.skeletons(kBob) == 0);
  CHECK(state.code() == std::array<int, 2>{4, 14});
  CHECK(state.has_continue_token(kCy));
  CHECK(state.check_invariants() == "");
  CHECK(state.game().total_cards() == 14);
}

TEST_CASE("Four players are dealt three numbers and a skeleton each", "[pirates_code][deal]") {
  State state(base_game(4));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  qm::rules::Rng rng(7);
  state.apply_action(state.sample_chance(rng));
  int numbers = 0;
  for (int seat = 0; seat < 4; ++seat) {
    CHECK(state.hand(seat).size() == 3);
    CHECK(state.skeletons(seat) == 1);
    CHECK(state.hand_size(seat) == 4);
    numbers += state.hand(seat).size();
  }
  CHECK(numbers == 12);
  CHECK(state.game().total_cards() == 18);
  CHECK(state.check_invariants() == "");
  require_refused(state, Action::guess(1, 1), "two different numbers");
}

TEST_CASE("A deal must order the fourteen numbers", "[pirates_code][deal]") {
  State state(base_game(3));
  std::array<std::int8_t, 14> deck{};
  deck.fill(1);
  require_refused(state, Action::deal(deck), "each once");
  require_refused(state, Action::guess(1, 2), "dealt first");
}

TEST_CASE("Inquiry: show the card to one player and ask one derived number", "[pirates_code][inquiry]") {
  State state = three_player_table();
  state.apply_action(Action::inquiry(1, kBob, 6));  // "this + 5?": Bob holds 6
  CHECK(state.hand(kAnn).contains(1));               // the card goes back to the hand
  CHECK(state.clues(kAnn).back() == Clue::answer(kBob, NumberSet::of({6}), true));
  CHECK(state.clues(kBob).back() == Clue::holds(kAnn, 1));
  CHECK(state.clues(kCy).back() == Clue::offset_answer(kAnn, kBob, NumberSet::of({1, 2, 3, 4}), 5, true));
  CHECK(state.current_player() == kBob);
  // Bob asks Cy about a number no card carries: allowed, and always "no".
  state.apply_action(Action::inquiry(2, kCy, 0));
  CHECK(state.clues(kBob).back() == Clue::answer(kCy, NumberSet(), false));

  State cy = three_player_table();
  cy.apply_action(Action::guess(2, 3));  // Ann fails (Bob has 2); Ann keeps her token
  cy.apply_action(Action::stop_judgement());
  cy.apply_action(Action::guess(1, 3));
  cy.apply_action(Action::stop_judgement());
  REQUIRE(cy.current_player() == kCy);
  require_refused(cy, Action::inquiry(3, kCy, 4), "another player");
  require_refused(cy, Action::inquiry(3, kAnn, 3), "not the card itself");
  require_refused(cy, Action::inquiry(1, kAnn, 5), "you do not hold 1");
  require_refused(cy, Action::inquiry(13, kAnn, 5), "13 is a scouting card, not an inquiry card");
  require_refused(cy, Action::inquiry(3, 5, 5), "no player 6");
}

TEST_CASE("Scouting: look at a random card of the player shown, then give it back", "[pirates_code][scouting]") {
  State state = three_player_table();
  state.apply_action(Action::scouting(11, kCy));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  const auto outcomes = state.chance_outcomes();
  REQUIRE(outcomes.size() == 4);
  for (const auto& [draw, probability] : outcomes) CHECK(probability == Approx(0.25));
  require_refused(state, Action::draw(2), "does not hold 2");
  require_refused(state, Action::guess(4, 14), "must be entered first");
  state.apply_action(Action::draw(8));
  CHECK(state.hand(kCy) == NumberSet::of({3, 8, 10, 13}));  // given back
  CHECK(state.clues(kAnn).back() == Clue::holds(kCy, 8));
  CHECK(state.clues(kCy).back() == Clue::holds(kAnn, 11));
  CHECK(state.clues(kBob).back() == Clue::holds_one_of(kAnn, NumberSet::of({11, 12, 13, 14})));
  CHECK(state.current_player() == kBob);
}

TEST_CASE("Scouting may find a skeleton with four players", "[pirates_code][scouting]") {
  State state = dealt({NumberSet::of({1, 2, 11}), NumberSet::of({3, 4, 5}), NumberSet::of({6, 7, 8}),
                       NumberSet::of({9, 10, 12})},
                      13, 14, base_game(4));
  state.apply_action(Action::scouting(11, kDan));
  const auto outcomes = state.chance_outcomes();
  REQUIRE(outcomes.size() == 4);
  CHECK(outcomes.back().first == Action::draw(pc::kSkeleton));
  state.apply_action(Action::draw(pc::kSkeleton));
  CHECK(state.clues(kAnn).back() == Clue::holds_skeleton(kDan));
}

TEST_CASE("Clairvoyance: two cards face up and a look at one code card", "[pirates_code][clairvoyance]") {
  State state = three_player_table();
  require_refused(state, Action::clairvoyance(5, 5, 0), "second card");
  require_refused(state, Action::clairvoyance(5, 2, 0), "second card");
  require_refused(state, Action::clairvoyance(5, 7, 2), "code card 1 or 2");
  require_refused(state, Action::clairvoyance(7, 5, 0), "7 is a rapid fire card");
  state.apply_action(Action::clairvoyance(5, 11, 1));
  CHECK(state.face_up(kAnn) == NumberSet::of({5, 11}));
  CHECK(state.hand(kAnn) == NumberSet::of({1, 7}));
  CHECK(state.clues(kAnn).back() == Clue::code_seen(14));
  CHECK(state.clues(kBob).back() == Clue::face_up(kAnn, 11));
  CHECK(state.seen_code_slots(kAnn) == 2);
  CHECK(state.current_player() == kBob);
  // Face-up numbers can no longer be guessed.
  require_refused(state, Action::guess(5, 4), "face up");
  CHECK_FALSE(listed(state, Action::guess(4, 5)));
  CHECK(listed(state, Action::guess(4, 14)));
}

TEST_CASE("Clairvoyance cannot use a skeleton", "[pirates_code][clairvoyance]") {
  State state = dealt({NumberSet::of({5, 2, 11}), NumberSet::of({3, 4, 1}), NumberSet::of({6, 7, 8}),
                       NumberSet::of({9, 10, 12})},
                      13, 14, base_game(4));
  require_refused(state, Action::clairvoyance(5, pc::kSkeleton, 0), "skeleton");
  CHECK(listed(state, Action::clairvoyance(5, 2, 0)));
}

TEST_CASE("Rapid fire: two more actions and never the last card", "[pirates_code][rapid_fire]") {
  // The rule text's example: two clairvoyance cards as the last two would empty the hand.
  State state = dealt({NumberSet::of({5, 6, 7, 8}), NumberSet::of({1, 2, 9, 12}), NumberSet::of({3, 10, 11, 13})}, 4, 14);
  state.apply_action(Action::rapid_fire(7));
  CHECK(state.current_player() == kAnn);
  CHECK(state.actions_left() == 2);
  state.apply_action(Action::rapid_fire(8));  // one action spent, two gained
  CHECK(state.actions_left() == 3);
  CHECK(state.hand(kAnn) == NumberSet::of({5, 6}));
  require_refused(state, Action::clairvoyance(5, 6, 0), "no cards");
  CHECK_FALSE(listed(state, Action::clairvoyance(5, 6, 0)));
  state.apply_action(Action::guess(4, 13));  // Cy, the last to answer, has 13: the turn ends
  CHECK(state.current_player() == kBob);
  CHECK(state.turns() == 2);
}

TEST_CASE("Rapid fire as the last card is refused", "[pirates_code][rapid_fire]") {
  State state = dealt({NumberSet::of({5, 6, 7, 8}), NumberSet::of({1, 2, 9, 12}), NumberSet::of({3, 10, 11, 13})}, 4, 14);
  state.apply_action(Action::rapid_fire(7));
  state.apply_action(Action::clairvoyance(5, 6, 0));
  REQUIRE(state.hand(kAnn) == NumberSet::of({8}));
  REQUIRE(state.actions_left() == 1);
  require_refused(state, Action::rapid_fire(8), "no cards");
  CHECK_FALSE(listed(state, Action::rapid_fire(8)));
  CHECK(listed(state, Action::guess(4, 14)));  // a guess is always possible: no dead end
}

TEST_CASE("A failed guess during rapid fire ends the turn unless the option says otherwise", "[pirates_code][rapid_fire]") {
  pc::Game game = base_game(3);
  game.failed_guess_ends_turn = false;
  State state = dealt({NumberSet::of({5, 6, 7, 8}), NumberSet::of({1, 2, 9, 12}), NumberSet::of({3, 10, 11, 13})}, 4, 14,
                      game);
  state.apply_action(Action::rapid_fire(7));
  state.apply_action(Action::guess(4, 13));  // fails on Cy's 13
  CHECK(state.current_player() == kAnn);
  CHECK(state.actions_left() == 1);
}

TEST_CASE("Plunder: from the player with the most cards, never its last card", "[pirates_code][plunder]") {
  State state = dealt({NumberSet::of({9, 10, 1, 2}), NumberSet::of({3, 4, 5, 6}), NumberSet::of({7, 8, 11, 12})}, 13, 14);
  state.apply_action(Action::plunder(9, kBob));  // Bob and Cy tie on four: Ann chooses Bob
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  state.apply_action(Action::draw(5));
  CHECK(state.hand(kAnn) == NumberSet::of({1, 2, 5, 10}));
  CHECK(state.hand(kBob) == NumberSet::of({3, 4, 6}));
  CHECK(state.clues(kAnn).back() == Clue::moved(kBob, kAnn, 5));
  CHECK(state.clues(kBob).back() == Clue::moved(kBob, kAnn, 5));
  CHECK(state.clues(kCy).back() == Clue::moved_unseen(kBob, kAnn));
  CHECK(state.check_invariants() == "");
  // Bob's turn: Ann and Cy both hold four.
  state.apply_action(Action::guess(13, 14));  // the code: Bob wins
  CHECK(state.is_terminal());
  CHECK(state.winner() == kBob);
  CHECK(state.returns() == std::vector<double>{0, 1, 0});
  require_refused(state, Action::guess(13, 14), "over");
}

TEST_CASE("Plunder must pick the largest hand", "[pirates_code][plunder]") {
  State state = dealt({NumberSet::of({9, 10, 1, 2}), NumberSet::of({3, 4, 5, 6}), NumberSet::of({7, 8, 11, 12})}, 13, 14);
  state.apply_action(Action::plunder(9, kCy));
  state.apply_action(Action::draw(7));
  state.apply_action(Action::guess(1, 2));  // Bob's guess fails on Ann, the last to answer
  // Cy (3 cards: 8 11 12) scouts; then Ann (4 cards) may plunder only Bob (4), not Cy (3).
  state.apply_action(Action::scouting(11, kAnn));
  state.apply_action(Action::draw(7));
  require_refused(state, Action::plunder(10, kCy), "most cards");
  CHECK(listed(state, Action::plunder(10, kBob)));
}

TEST_CASE("Plunder never takes a last card", "[pirates_code][plunder]") {
  State state = dealt({NumberSet::of({9, 10, 1, 2}), NumberSet::of({5, 7, 3, 4}), NumberSet::of({6, 8, 11, 12})}, 13, 14);
  state.apply_action(Action::inquiry(1, kBob, 3));
  state.apply_action(Action::rapid_fire(7));           // Bob: two more actions
  state.apply_action(Action::clairvoyance(5, 3, 0));   // Bob keeps only 4
  state.apply_action(Action::inquiry(4, kCy, 6));
  state.apply_action(Action::rapid_fire(8));           // Cy: two more actions
  state.apply_action(Action::clairvoyance(6, 11, 1));  // Cy keeps only 12
  state.apply_action(Action::scouting(12, kAnn));
  state.apply_action(Action::draw(1));
  REQUIRE(state.current_player() == kAnn);
  REQUIRE(state.hand_size(kBob) == 1);
  REQUIRE(state.hand_size(kCy) == 1);
  require_refused(state, Action::plunder(9, kBob), "last card");
  require_refused(state, Action::plunder(10, kCy), "last card");
  const auto legal = state.legal_actions();
  CHECK(std::none_of(legal.begin(), legal.end(), [](const Action& a) { return a.move == pc::Move::plunder; }));
}

TEST_CASE("Plunder as the last card follows the option", "[pirates_code][plunder]") {
  // Ann: 7 8 9 and 5 6 via clairvoyance... build: Ann 5 6 7 9. Rapid fire 7 (5 6 9), clairvoyance
  // 5+6 (9 left), then plunder 9 as her last card.
  const auto table = [](bool allowed) {
    pc::Game game = base_game(3);
    game.plunder_with_last_card = allowed;
    return dealt({NumberSet::of({5, 6, 7, 9}), NumberSet::of({1, 2, 3, 4}), NumberSet::of({8, 10, 11, 12})}, 13, 14, game);
  };
  State state = table(true);
  state.apply_action(Action::rapid_fire(7));
  state.apply_action(Action::clairvoyance(5, 6, 0));
  state.apply_action(Action::plunder(9, kBob));
  CHECK(state.check_invariants() == "");
  state.apply_action(Action::draw(2));
  CHECK(state.hand(kAnn) == NumberSet::of({2}));
  State strict = table(false);
  strict.apply_action(Action::rapid_fire(7));
  strict.apply_action(Action::clairvoyance(5, 6, 0));
  require_refused(strict, Action::plunder(9, kBob), "no cards");
}

TEST_CASE("Guess judgement runs clockwise from the guesser", "[pirates_code][guess]") {
  SECTION("everybody says don't have: the guesser wins") {
    State state = three_player_table();
    state.apply_action(Action::guess(14, 4));
    CHECK(state.winner() == kAnn);
    CHECK(state.check_invariants() == "");
    for (int seat = 0; seat < 3; ++seat) CHECK(state.clues(seat).size() == 3);
  }
  SECTION("the first have fails it and is heard by all") {
    State state = three_player_table();
    state.apply_action(Action::guess(4, 10));  // Ann no, Bob no, Cy has
    CHECK(state.winner() == -1);
    CHECK(state.clues(kBob).back() == Clue::answer(kCy, NumberSet::of({4, 10}), true));
    // Cy was the last to answer: nobody is left, so no continue is offered.
    CHECK(state.current_player() == kBob);
    CHECK(state.has_continue_token(kAnn));
  }
  SECTION("a bluff on one's own number, then the continue token") {
    State state = three_player_table();
    state.apply_action(Action::guess(1, 6));  // Ann herself has 1
    REQUIRE(state.phase() == Phase::judgement);
    CHECK(state.legal_actions() == std::vector<Action>{Action::continue_judgement(), Action::stop_judgement()});
    require_refused(state, Action::guess(4, 14), "continues the judgement");
    state.apply_action(Action::continue_judgement());  // Bob has 6: stops there
    CHECK_FALSE(state.has_continue_token(kAnn));
    const auto& heard = state.clues(kCy);
    REQUIRE(heard.size() == 2);
    CHECK(heard[0] == Clue::answer(kAnn, NumberSet::of({1, 6}), true));
    CHECK(heard[1] == Clue::answer(kBob, NumberSet::of({1, 6}), true));
    CHECK(state.current_player() == kBob);
    CHECK(state.winner() == -1);
  }
  SECTION("a continued judgement cannot win") {
    State state = three_player_table();
    state.apply_action(Action::guess(1, 14));  // Ann has 1; Bob and Cy do not have 1 or 14
    state.apply_action(Action::continue_judgement());
    CHECK(state.clues(kAnn).size() == 3);
    CHECK(state.winner() == -1);
    CHECK(state.current_player() == kBob);
    // With the token spent Ann may no longer declare her own numbers.
    state.apply_action(Action::guess(2, 3));
    state.apply_action(Action::stop_judgement());
    state.apply_action(Action::guess(2, 3));
    state.apply_action(Action::stop_judgement());
    REQUIRE(state.current_player() == kAnn);
    require_refused(state, Action::guess(1, 4), "your own numbers");
    CHECK_FALSE(listed(state, Action::guess(1, 4)));
    CHECK(listed(state, Action::guess(4, 14)));
  }
}

TEST_CASE("Every seat's notebook holds the truth through random games", "[pirates_code][notebook][random]") {
  for (int players : {3, 4}) {
    for (int game = 0; game < 25; ++game) {
      qm::rules::Rng rng(1000 + static_cast<std::uint64_t>(game));
      State state(base_game(players));
      while (!state.is_terminal()) {
        if (state.current_player() == qm::rules::kChancePlayer) {
          state.apply_action(state.sample_chance(rng));
        } else {
          const auto legal = state.legal_actions();
          state.apply_action(legal[rng() % legal.size()]);
        }
      }
      std::vector<NumberSet> hands;
      for (int seat = 0; seat < players; ++seat) hands.push_back(state.hand(seat));
      for (int seat = 0; seat < players; ++seat) {
        INFO("players " << players << " game " << game << " seat " << seat);
        const pc::Notebook notebook = state.notebook_of(seat);
        CHECK_FALSE(notebook.contradicted());
        CHECK(notebook.allows(hands));
        CHECK(notebook.code_holding(state.code()[0]) != pc::Holding::cannot);
        if (seat == state.winner()) CHECK(notebook.certain_code());
      }
    }
  }
}

// No text round trip: Pirate's Code's actions are written for people (describe) but nothing reads
// them back; the table (cli/pirates_code) keeps its own notebook, not this engine's history.
TEST_CASE("Random simulation keeps the rules' invariants with three players", "[pirates_code][random]") {
  const pc::Game game = base_game(3);
  qm::testing::random_simulation<State>([&] { return State(game); }, 300, 42);
}

TEST_CASE("Random simulation keeps the rules' invariants with four players", "[pirates_code][random]") {
  const pc::Game game = base_game(4);
  qm::testing::random_simulation<State>([&] { return State(game); }, 300, 4242);
}
