// Each rule of RULINGS.md (Loot) on a built position: colour rule, captains, admiral, last
// hero wins, ties, capture timing, the empty deck, the end, and team play.
#include <catch2/catch.hpp>

#include "loot_test_support.hpp"
#include "rules/loot/battle_view.hpp"
#include "scoring/rule_violation.hpp"

using namespace qm::loot;
using qm::loot::testing::dealt;
using qm::loot::testing::draw;
using qm::loot::testing::drain_deck;
using qm::loot::testing::hand_count;
using qm::loot::testing::play;

namespace {

// Ann (seat 0) plays first, then Bob, then Cy.
State three_player_game() {
  return dealt(table_setup({"Ann", "Bob", "Cy"}), {"m5 m3 admiral blue1 green2 m2", "blue3 blue4 captain-blue green1 m4 purple2",
                                                   "blue2 green3 green4 captain-green purple1 m6"});
}

// Ann and Bob against Cy and Dee; captures at Ann's and at Cy's turns.
State team_game() {
  return dealt(table_setup({"Ann", "Bob", "Cy", "Dee"}, {{"Ann", "Bob"}, {"Cy", "Dee"}}),
               {"blue2 m2 m3 m3 green2 purple3", "m4 blue3 green1 captain-blue gold1 m2", "m6 purple2 green4 gold2 m5 blue1",
                "admiral gold3 gold4 purple4 m7 green3"});
}

// An illegal move throws a RuleViolation with the reason and leaves the state as it was.
void refused(State& state, const std::string& move, const std::string& reason) {
  const State before = state;
  CHECK_THROWS_AS(play(state, move), qm::RuleViolation);
  CHECK_THROWS_WITH(play(state, move), Catch::Contains(reason));
  CHECK(state == before);
}

Lead lead_on(const State& state, int number) { return state.board().lead(*state.board().at_sea(number)); }

int discarded(const State& state, const std::string& card) {
  return state.board().discards()[static_cast<std::size_t>(type_of(qm::notation::parse_loot_card(card)))];
}

}  // namespace

TEST_CASE("loot deal gives six cards each and the player left of the dealer starts", "[loot][rules]") {
  const State state = three_player_game();
  CHECK(state.current_player() == 0);
  CHECK(state.board().deck_size() == 78 - 18);
  for (int seat = 0; seat < 3; ++seat) CHECK(state.board().hand_size(seat) == 6);
  CHECK(hand_count(state, 1, "captain-blue") == 1);
  CHECK(state.check_invariants() == "");
}

TEST_CASE("loot moves out of turn or without the card are refused", "[loot][rules]") {
  State state = three_player_game();
  refused(state, "float Bob m4", "it is Ann's turn, not Bob's");
  refused(state, "float Ann m8", "Ann holds no m8");
  refused(state, "discard Ann blue1", "only once the deck is empty");
  refused(state, "attack Ann blue1 #1", "no merchant #1 at sea");
  CHECK_THROWS_WITH(state.apply_action(Action::reveal(Card::merchant(5))), Catch::Contains("not a player's move"));
}

TEST_CASE("loot colour rule: later attackers take a new colour and keep their own", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");         // merchant #1
  play(state, "attack Bob blue3 #1");  // the first attacker chooses any colour
  refused(state, "attack Cy blue2 #1", "blue is already attacking #1");
  play(state, "attack Cy green3 #1");
  refused(state, "attack Ann green2 #1", "green is already attacking #1");
  refused(state, "attack Ann blue1 #1", "blue is already attacking #1");
  draw(state, "m2");
  refused(state, "attack Bob green1 #1", "Bob's fleet on #1 is blue: further ships there must be blue");
  play(state, "reinforce Bob blue4 #1");
  const BattleView view = battle_view(state.board(), *state.board().at_sea(1));
  REQUIRE(view.fleets.size() == 2);
  CHECK(view.fleets[0].seats == std::vector<int>{1});
  CHECK(view.fleets[0].colour == Colour::blue);
  CHECK(view.fleets[0].skulls == 7);
  CHECK(view.fleets[1].colour == Colour::green);
  CHECK(view.fleets[1].skulls == 3);
  CHECK(view.lead == Lead{LeadReason::strength, 1, 1, 7});
  CHECK(view.taken_at_turn_of == 1);
  CHECK(explain(state.board(), view) == "#1 m5 (Ann): Bob wins with 7 skulls against 3; Bob takes it at the start of Bob's turn");
}

TEST_CASE("loot capture happens at the start of the winner's own turn and discards the fleets", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");
  play(state, "attack Bob blue3 #1");
  play(state, "attack Cy green3 #1");
  draw(state, "m2");
  play(state, "attack Bob blue4 #1");  // Bob leads 7 to 3
  draw(state, "m3");                   // Cy: nothing to take
  CHECK(state.board().at_sea(1) != nullptr);
  draw(state, "m4");  // Ann: nothing to take; then Bob's turn starts and Bob takes #1
  CHECK(state.current_player() == 1);
  CHECK(state.board().at_sea(1) == nullptr);
  REQUIRE(state.board().captures().size() == 1);
  CHECK(state.board().captures()[0] == Capture{1, 5, 1, 7});  // after seven turns
  CHECK(state.board().captured_gold(1) == 5);
  CHECK(discarded(state, "blue3") == 1);
  CHECK(discarded(state, "blue4") == 1);
  CHECK(discarded(state, "green3") == 1);
  refused(state, "attack Bob blue1 #1", "#1 was already captured by Bob");
  CHECK(state.check_invariants() == "");
}

TEST_CASE("loot an unattacked merchant returns to its owner a round later", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m3");
  CHECK(lead_on(state, 1) == Lead{LeadReason::unattacked, 0, 0, 0});
  draw(state, "m2");
  draw(state, "m2");
  CHECK(state.board().captured_gold(0) == 3);
  CHECK(state.board().at_sea(1) == nullptr);
}

TEST_CASE("loot a captain joins only its owner's fleet of its colour", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");
  play(state, "attack Bob blue3 #1");
  refused(state, "captain Cy green #1", "Cy has no ships on #1");
  play(state, "attack Cy green3 #1");
  draw(state, "m2");
  refused(state, "captain Bob green #1", "the green captain joins only a green fleet; Bob's fleet on #1 is blue");
  play(state, "captain Bob blue #1");
  CHECK(lead_on(state, 1) == Lead{LeadReason::last_captain, 1, 1, 0});
  play(state, "captain Cy green #1");  // the last captain played is the strongest
  CHECK(lead_on(state, 1) == Lead{LeadReason::last_captain, 2, 2, 0});
  draw(state, "m2");
  draw(state, "m2");  // Bob: nothing; Cy's turn starts and Cy takes #1
  CHECK(state.board().captured_gold(2) == 5);
  CHECK(discarded(state, "captain-blue") == 1);
}

TEST_CASE("loot the admiral defends only its owner's merchant and the last hero wins", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");  // #1
  play(state, "float Bob m4");  // #2
  play(state, "attack Cy blue2 #1");
  refused(state, "admiral Ann #2", "#2 belongs to Bob");
  play(state, "admiral Ann #1");
  CHECK(lead_on(state, 1) == Lead{LeadReason::last_admiral, 0, 0, 0});
}

TEST_CASE("loot rule text example: the admiral beats four skulls until a captain follows", "[loot][rules]") {
  SECTION("no captain: the owner takes it") {
    State state = three_player_game();
    play(state, "float Ann m5");
    play(state, "attack Bob blue4 #1");
    draw(state, "m2");
    play(state, "admiral Ann #1");
    draw(state, "m2");
    draw(state, "m2");
    CHECK(state.board().captured_gold(0) == 5);
    CHECK(state.board().captured_gold(1) == 0);
  }
  SECTION("the blue captain after the admiral: the attacker takes it") {
    State state = three_player_game();
    play(state, "float Ann m5");
    play(state, "attack Bob blue4 #1");
    draw(state, "m2");
    play(state, "admiral Ann #1");
    play(state, "captain Bob blue #1");
    draw(state, "m2");
    CHECK(state.board().at_sea(1) != nullptr);  // Ann's turn: not hers any more
    draw(state, "m2");
    CHECK(state.board().captured_gold(1) == 5);
    CHECK(discarded(state, "admiral") == 1);
  }
}

TEST_CASE("loot a tie for the most skulls leaves the merchant contested", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");
  play(state, "attack Bob blue3 #1");
  play(state, "attack Cy green3 #1");
  CHECK(lead_on(state, 1) == Lead{LeadReason::tie, -1, -1, 3});
  for (int turn = 0; turn < 3; ++turn) draw(state, "m2");  // Ann, Bob, Cy: nobody takes it
  draw(state, "m3");
  CHECK(state.board().at_sea(1) != nullptr);
  CHECK(battle_view(state.board()).front().taken_at_turn_of == -1);
  CHECK(state.board().captures().empty());
  play(state, "attack Bob blue4 #1");  // 7 against 3 breaks the tie
  draw(state, "m3");
  draw(state, "m3");
  CHECK(state.board().captured_gold(1) == 5);
}

TEST_CASE("loot a player without cards before the deck runs out simply draws", "[loot][rules]") {
  State state = dealt(table_setup({"Ann", "Bob"}), {"m2 m2 m3 m3 m4 m4", "blue1 blue2 blue3 green1 green2 green3"});
  const std::vector<std::string> merchants = {"m2", "m2", "m3", "m3", "m4", "m4"};
  const std::vector<std::string> drawn = {"blue4", "green4", "purple4", "gold4", "purple1", "gold1"};
  for (std::size_t turn = 0; turn < merchants.size(); ++turn) {
    play(state, "float Ann " + merchants[turn]);
    draw(state, drawn[turn]);
  }
  CHECK(state.board().hand_size(0) == 0);
  CHECK_FALSE(state.is_terminal());
  CHECK(state.legal_actions() == std::vector<Action>{Action::draw(0)});
}

TEST_CASE("loot empty deck: no drawing and only non-merchants discarded", "[loot][rules]") {
  State state = three_player_game();
  drain_deck(state);
  REQUIRE(state.board().deck_size() == 0);
  REQUIRE_FALSE(state.is_terminal());
  const int seat = state.current_player();
  const std::string who = state.board().name(seat);
  const State before = state;
  CHECK_THROWS_WITH(state.apply_action(Action::draw(seat)), Catch::Contains("the deck is empty"));
  REQUIRE(hand_count(state, seat, "m2") > 0);
  CHECK_THROWS_WITH(state.apply_action(Action::discard(seat, Card::merchant(2))),
                    Catch::Contains("merchant ships are never discarded"));
  CHECK(state == before);
  for (const Action& action : state.legal_actions()) {
    CHECK(action.kind != ActionKind::draw);
    if (action.kind == ActionKind::discard) CHECK(action.card.kind != CardKind::merchant);
  }
  const std::vector<Card> hand = state.hand_cards(seat);
  const auto pirate = std::find_if(hand.begin(), hand.end(), [](const Card& c) { return c.kind == CardKind::pirate; });
  REQUIRE(pirate != hand.end());
  state.apply_action(Action::discard(seat, *pirate));
  CHECK(state.board().discards()[static_cast<std::size_t>(type_of(*pirate))] == 1);
  CHECK(state.check_invariants() == "");
}

namespace {
// With the deck empty, every player discards (or, with only merchants left, floats one) until
// the end; the last card played is a merchant that never comes home. Returns the
// gold at sea when the last move was made, merchants which can no longer come home.
int play_out(State& state, bool teams) {
  int at_sea = 0;
  while (!state.is_terminal()) {
    at_sea = state.board().gold_at_sea();
    const int seat = state.current_player();
    REQUIRE(state.board().hand_size(seat) > 0);  // a player out of cards never has a turn
    const auto legal = state.legal_actions();
    auto move = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind == ActionKind::discard; });
    if (move == legal.end())
      move = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind == ActionKind::float_merchant; });
    REQUIRE(move != legal.end());
    if (move->kind == ActionKind::float_merchant) at_sea += move->card.value;
    state.apply_action(*move);
    if (state.is_terminal() || teams) continue;
    for (int other = 0; other < state.board().players(); ++other) CHECK(state.board().hand_size(other) > 0);
  }
  return at_sea;
}
}  // namespace

TEST_CASE("loot the game ends when the deck is empty and a hand is empty and merchants at sea are lost", "[loot][rules]") {
  State state = three_player_game();
  drain_deck(state);
  const int at_sea = play_out(state, false);
  CHECK(state.current_player() == qm::rules::kTerminalPlayer);
  CHECK(state.legal_actions().empty());
  int empty_hands = 0;
  for (int seat = 0; seat < 3; ++seat) empty_hands += state.board().hand_size(seat) == 0;
  CHECK(empty_hands == 1);
  CHECK(at_sea > 0);
  CHECK(state.board().lost_gold() == at_sea);  // the last floats never came home
  CHECK(state.board().gold_at_sea() == 0);
  CHECK(state.check_invariants() == "");
  const auto returns = state.returns();
  const FinalTotals totals = state.final_totals();
  for (int seat = 0; seat < 3; ++seat) {
    CHECK(returns[static_cast<std::size_t>(seat)] == state.board().captured_gold(seat) - state.hand_gold(seat));
    CHECK(totals.players[static_cast<std::size_t>(seat)].total == returns[static_cast<std::size_t>(seat)]);
  }
  refused(state, "draw Ann", "the game is over");
}

TEST_CASE("loot team play: captures at the team's first player's turn and one colour per team and the partner's admiral", "[loot][rules][teams]") {
  State state = team_game();
  draw(state, "m8");            // Ann
  play(state, "float Bob m4");  // #1
  play(state, "float Cy m6");   // #2
  CHECK(state.board().at_sea(1) != nullptr);  // Cy's turn started: Cy's team does not take Bob's merchant
  refused(state, "admiral Dee #1", "your own or your partner's merchant; #1 belongs to Bob");
  draw(state, "m5");  // Dee; then Ann's turn starts and her team takes #1, for Bob
  REQUIRE(state.board().captures().size() == 1);
  CHECK(state.board().captures()[0] == Capture{1, 4, 1, 4});
  play(state, "attack Ann blue2 #2");
  refused(state, "attack Bob green1 #2", "partners attack together only in one colour");
  play(state, "attack Bob blue3 #2");
  {
    const BattleView view = battle_view(state.board(), *state.board().at_sea(2));
    REQUIRE(view.fleets.size() == 1);
    CHECK(view.fleets[0].seats == std::vector<int>{0, 1});
    CHECK(view.fleets[0].skulls == 5);
    CHECK(view.lead == Lead{LeadReason::strength, 0, 1, 5});  // Bob put in the most skulls
    CHECK(view.taken_at_turn_of == 0);
  }
  refused(state, "attack Cy blue1 #2", "blue is already attacking #2");
  play(state, "attack Cy green4 #2");
  play(state, "admiral Dee #2");  // defends the partner's merchant
  CHECK(lead_on(state, 2) == Lead{LeadReason::last_admiral, 1, 2, 0});
  draw(state, "m6");                   // Ann: her team does not lead
  play(state, "captain Bob blue #2");  // joins the team's blue fleet
  draw(state, "m4");                   // Cy: his team does not lead
  draw(state, "m4");                   // Dee; Ann's turn: her team takes #2, for Bob who played the captain
  CHECK(state.board().captured_gold(1) == 10);
  CHECK(state.check_invariants() == "");
}

TEST_CASE("loot team play: an empty-handed partner sits out and the game ends with both hands empty", "[loot][rules][teams]") {
  State state = team_game();
  drain_deck(state);
  play_out(state, true);
  const Board& board = state.board();
  bool team_out = false;
  for (int side = 0; side < board.side_count(); ++side) {
    bool empty = true;
    for (const int seat : board.members(side)) empty = empty && board.hand_size(seat) == 0;
    team_out = team_out || empty;
  }
  CHECK(team_out);
  int empty_hands = 0;
  for (int seat = 0; seat < 4; ++seat) empty_hands += board.hand_size(seat) == 0;
  CHECK(empty_hands >= 2);
  const FinalTotals totals = state.final_totals();
  REQUIRE(totals.teams.size() == 2);
  CHECK(totals.teams[0].total == state.score(0) + state.score(1));
  CHECK(state.check_invariants() == "");
}

TEST_CASE("loot the deck turns up only cards it still holds", "[loot][rules]") {
  State state = three_player_game();
  play(state, "float Ann m5");
  state.apply_action(Action::draw(1));
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  const State before = state;
  CHECK_THROWS_WITH(state.apply_action(Action::reveal(Card::admiral())), Catch::Contains("no admiral is left in the deck"));
  CHECK_THROWS_WITH(state.apply_action(Action::draw(1)), Catch::Contains("a card must come off the deck first"));
  CHECK(state == before);
  double total = 0;
  for (const auto& [action, probability] : state.chance_outcomes()) total += probability;
  CHECK(total == Approx(1.0));
  state.apply_action(Action::reveal(Card::merchant(8)));
  CHECK(hand_count(state, 1, "m8") == 1);
  CHECK(state.current_player() == 2);
}
