// The shared random-simulation invariant test, replay, and the table syntax of every move.
#include <catch2/catch.hpp>

#include "tests/common/random_simulation.hpp"
#include "loot_test_support.hpp"
#include "rules/loot/state.hpp"
#include "scoring/rule_violation.hpp"

using namespace qm::loot;

namespace {
qm::rules::GameOptions teams_option(const std::string& value) { return qm::rules::GameOptions::parse({"teams=" + value}); }

// Every action read back from its table syntax, with the seats' names.
const qm::testing::SimulationChecks<State> kChecks{
    .text = {[](const State& state, const Action& action) { return describe(action, state.setup().names); },
             [](const State& state, const std::string& text) { return parse_action(text, state.setup().names); }}};
}  // namespace

TEST_CASE("loot random simulation keeps every invariant in solo play", "[loot][engine]") {
  for (int players = kMinSoloPlayers; players <= kMaxSoloPlayers; ++players) {
    INFO(players << " players");
    qm::testing::random_simulation<State>([players] { return State(solo_setup(players)); }, 60,
                                          1000 + static_cast<std::uint64_t>(players), kChecks);
  }
}

TEST_CASE("loot random simulation keeps every invariant in team play", "[loot][engine][teams]") {
  for (const int players : kTeamPlayerCounts) {
    INFO(players << " players in teams");
    qm::testing::random_simulation<State>([players] { return State(team_setup(players)); }, 60,
                                          2000 + static_cast<std::uint64_t>(players), kChecks);
  }
  const Setup shifted = setup_from_options(4, teams_option("2+3,4+1"));
  qm::testing::random_simulation<State>([shifted] { return State(shifted); }, 40, 3000, kChecks);
}

TEST_CASE("loot every legal move prints in the table syntax and reads back", "[loot][engine]") {
  qm::rules::Rng rng(77);
  for (int game = 0; game < 20; ++game) {
    State state(solo_setup(4));
    while (!state.is_terminal()) {
      if (state.current_player() == qm::rules::kChancePlayer) {
        const Action reveal = state.sample_chance(rng);
        CHECK(parse_action(describe(reveal, state.setup().names), state.setup().names) == reveal);
        state.apply_action(reveal);
        continue;
      }
      const auto legal = state.legal_actions();
      for (const Action& action : legal) {
        const std::string text = describe(action, state.setup().names);
        INFO(text);
        CHECK(parse_action(text, state.setup().names) == action);
      }
      state.apply_action(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
  }
}

TEST_CASE("loot legal actions are exactly the moves the engine accepts", "[loot][engine]") {
  // Every syntactically possible move of the seat to move, tried on a copy: accepted iff listed.
  qm::rules::Rng rng(5);
  for (int game = 0; game < 5; ++game) {
    State state(solo_setup(3));
    int turn = 0;
    while (!state.is_terminal()) {
      if (state.current_player() == qm::rules::kChancePlayer) {
        state.apply_action(state.sample_chance(rng));
        continue;
      }
      const auto legal = state.legal_actions();
      if (++turn % 7 == 0) {
        const int seat = state.current_player();
        std::vector<Action> candidates = {Action::draw(seat)};
        for (int type = 0; type < kCardTypes; ++type) {
          const Card card = card_of_type(type);
          candidates.push_back(Action::discard(seat, card));
          if (card.kind == CardKind::merchant) candidates.push_back(Action::float_merchant(seat, card.value));
          for (int number = 1; number <= 10; ++number) {
            if (card.kind == CardKind::pirate) candidates.push_back(Action::attack(seat, card, number));
            if (card.kind == CardKind::captain) candidates.push_back(Action::captain(seat, card.colour, number));
            if (card.kind == CardKind::admiral) candidates.push_back(Action::admiral(seat, number));
          }
        }
        for (const Action& candidate : candidates) {
          State copy = state;
          bool accepted = true;
          try {
            copy.apply_action(candidate);
          } catch (const qm::RuleViolation&) {
            accepted = false;
          }
          const bool listed = std::find(legal.begin(), legal.end(), candidate) != legal.end();
          INFO(describe(candidate, state.setup().names));
          CHECK(accepted == listed);
        }
      }
      state.apply_action(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
  }
}

TEST_CASE("loot the table syntax refuses malformed moves naming the token", "[loot][engine]") {
  const std::vector<std::string> names = {"Ann", "Bob", "Cy"};
  CHECK(parse_action("ATTACK bob Blue3 #2", names) == Action::attack(1, Card::pirate(Colour::blue, 3), 2));
  CHECK(parse_action("captain Bob captain-gold 3", names) == Action::captain(1, Colour::gold, 3));
  CHECK_THROWS_WITH(parse_action("attack Zed blue3 #2", names), Catch::Contains("unknown player 'Zed'"));
  CHECK_THROWS_WITH(parse_action("attack Bob m5 #2", names), Catch::Contains("needs a pirate ship"));
  CHECK_THROWS_WITH(parse_action("float Ann blue3", names), Catch::Contains("needs a merchant ship"));
  CHECK_THROWS_WITH(parse_action("attack Bob blue3 #26", names), Catch::Contains("'#26' is not a merchant number"));
  CHECK_THROWS_WITH(parse_action("attack Bob blue3", names), Catch::Contains("expected 'attack PLAYER PIRATE #N'"));
  CHECK_THROWS_WITH(parse_action("sail Ann", names), Catch::Contains("unknown Loot move 'sail'"));
  CHECK_THROWS_AS(parse_action("discard Ann purple9", names), qm::NotationError);
}

TEST_CASE("loot setups refuse player counts and team layouts the rules do not allow", "[loot][engine]") {
  CHECK_THROWS_WITH(solo_setup(1), Catch::Contains("2 to 5"));
  CHECK_THROWS_WITH(solo_setup(6), Catch::Contains("2 to 5"));
  CHECK_THROWS_WITH(team_setup(5), Catch::Contains("4, 6 or 8"));
  CHECK_THROWS_WITH(table_setup({"Ann", "Bob", "Cy", "Dee"}, {{"Ann", "Cy"}, {"Bob", "Dee"}}),
                    Catch::Contains("Ann and Cy must sit side by side"));
  CHECK_THROWS_WITH(table_setup({"Ann", "Bob", "Cy", "Dee"}, {{"Ann", "Bob"}}), Catch::Contains("Cy has no partner"));
  CHECK_THROWS_WITH(table_setup({"Ann", "ann"}), Catch::Contains("two players are named"));
  CHECK(table_setup({"Ann", "Bob", "Cy", "Dee"}, {{"Dee", "Ann"}, {"Bob", "Cy"}}).teams.size() == 2);
  const auto layout = [](const std::string& value) {
    return setup_from_options(4, teams_option(value));
  };
  CHECK(layout("on").teams == std::vector<std::array<int, 2>>{{0, 1}, {2, 3}});
  CHECK(layout("off").teams.empty());
  CHECK(layout("2+3,4+1").teams == std::vector<std::array<int, 2>>{{1, 2}, {3, 0}});
  CHECK_THROWS_WITH(layout("1+3,2+4"), Catch::Contains("side by side"));
  CHECK_THROWS_WITH(layout("1-2"), Catch::Contains("joined by '+'"));
  CHECK_THROWS_WITH(layout("1+9,2+3"), Catch::Contains("not a seat"));
}

TEST_CASE("loot in teams with seats 2+3 and 4+1 the first player captures for seats 4 and 1", "[loot][engine][teams]") {
  const Setup setup = setup_from_options(4, teams_option("2+3,4+1"));
  const Board board(setup);
  CHECK(board.side_of(0) == board.side_of(3));
  CHECK(board.capturing_seat(board.side_of(3)) == 0);
  CHECK(board.capturing_seat(board.side_of(2)) == 1);
}
