#include <catch2/catch.hpp>

#include <fstream>
#include <tuple>

#include "rules/meuterer/policies.hpp"
#include "scoring/rule_violation.hpp"
#include "test_support.hpp"
#include "tests/common/random_simulation.hpp"

using namespace qm::meuterer;
using namespace qm::meuterer::test;

namespace {

// Every action read back from its notation, the words typed at the table.
const qm::testing::SimulationChecks<State> kChecks{
    .text = {[](const State& state, const Action& action) { return notation(state, action); },
             [](const State& state, const std::string& text) { return parse_action(state, text); }}};

}  // namespace

TEST_CASE("Meuterer passes the shared random-simulation test with four players", "[meuterer][engine]") {
  qm::testing::random_simulation<State>([] { return State(default_components(), 4); }, 300, 11, kChecks);
}

TEST_CASE("Meuterer passes the shared random-simulation test with three players", "[meuterer][engine]") {
  qm::testing::random_simulation<State>([] { return State(default_components(), 3); }, 300, 12, kChecks);
}

TEST_CASE("Meuterer passes the shared random-simulation test in the pirate variant", "[meuterer][engine][pirate]") {
  Options options;
  options.pirate = true;
  qm::testing::random_simulation<State>([&] { return State(default_components(), 4, options); }, 300, 13, kChecks);
}

namespace {

void refuse(State& state, const std::string& text, const std::string& reason) {
  const State before = state;
  CHECK_THROWS_WITH(act(state, text), reason);
  CHECK(state == before);
}

const std::vector<std::string> kQuietHands = {"3wine 2combat", "2salt 2grain combat", "5cloth", "ruby salt wine cloth grain"};

}  // namespace

TEST_CASE("The first seat is captain and lays a captain card side as its offer", "[meuterer][engine][phases]") {
  State state = dealt(kQuietHands);
  CHECK(state.phase() == Phase::captain_card);
  CHECK(state.current_player() == 0);
  CHECK(state.legal_actions().size() == 4);
  act(state, "card 2");
  CHECK(state.offer() == 2);
  CHECK(state.phase() == Phase::offers);
  CHECK(state.current_player() == 0);
}

TEST_CASE("Offers go clockwise skipping those who passed and set the captain's destination", "[meuterer][engine][phases]") {
  State state = dealt(kQuietHands);
  act(state, "card 2");
  refuse(state, "display salt", "seat 1 has no salt in hand");
  refuse(state, "pass mate", "the captain takes no action card when passing");
  act(state, "display wine");
  act(state, "pass mate");
  refuse(state, "pass mate", "the mate has already been taken");
  act(state, "display cloth");
  act(state, "pass merchant");
  act(state, "pass");  // the captain lays 4 cards face down: Eisfelsen, four islands clockwise
  CHECK(state.captain_destination() == island("Eisfelsen"));
  CHECK(state.current_player() == 2);  // seat 2 passed already
  act(state, "display cloth");
  CHECK(state.current_player() == 2);  // everybody else has passed
  act(state, "pass loader");

  // No mutineer: captain 5 - 2, mate 1 + 2; the 2 cloth beat the 1 wine on Hochland (sole 4).
  CHECK(state.rounds_played().size() == 1);
  CHECK(state.rounds_played()[0].vp == std::array<int, 4>{3, 3, 4, 0});
  CHECK(state.vp(2) == 4);
  // Phase 6: the ship sails; the island it left and its new island are active.
  CHECK(state.ship() == island("Eisfelsen"));
  CHECK(state.active_islands() == std::vector<int>{island("Hochland"), island("Eisfelsen")});
  // Phase 7: displayed goods discarded, face-down cards back in hand.
  CHECK(state.discards() == count_goods(qm::notation::parse_goods({"wine 2cloth"})));
  CHECK(state.hand(0).total() == 4);
  CHECK(state.hand(2).total() == 3);
  // Phase 8: refill clockwise from the captain; the loader draws three more and puts three back.
  CHECK(state.phase() == Phase::refill);
  CHECK(state.current_player() == qm::rules::kChancePlayer);
  draw(state, "grain");
  CHECK(state.hand(0).total() == 5);
  draw(state, "ruby ruby salt salt wine");
  CHECK(state.phase() == Phase::loader_return);
  CHECK(state.current_player() == 2);
  CHECK(state.hand(2).total() == 8);
  refuse(state, "return grain", "the loader has no grain in hand");
  act(state, "return cloth");
  act(state, "return ruby");
  act(state, "return salt");
  CHECK(state.deck_bottom() == std::vector<Good>{Good::cloth, Good::ruby, Good::salt});
  // Phase 9 and the next round.
  CHECK(state.round() == 2);
  CHECK(state.phase() == Phase::captain_card);
  CHECK(state.role(1) == Role::none);
  CHECK(state.check_invariants() == "");
}

namespace {

// Seat 0 captains with 1 combat displayed; seat 1 the mutineer (2 combat face down), seat 2 the
// mate (1 combat face down), seat 3 the ship's boy.
State mutiny_position() {
  State state = dealt({"ruby salt wine cloth combat", "2combat 3grain", "combat 4salt", "5cloth"});
  act(state, "card 0");
  act(state, "display combat");
  act(state, "pass mutineer");
  act(state, "pass mate");
  act(state, "pass ships-boy");
  act(state, "pass");
  return state;
}

}  // namespace

TEST_CASE("The mutineer's destination lies counterclockwise and members add combat captain first", "[meuterer][engine][mutiny]") {
  State state = mutiny_position();
  CHECK(state.phase() == Phase::mutiny);
  CHECK(state.mutineer_destination() == island("Sommerland"));  // 5 cards: five islands counterclockwise
  CHECK(state.captain_destination() == island("Eisfelsen"));
  CHECK(state.current_player() == 1);  // the captain has no combat face down: the mutineer is first
  refuse(state, "combat 3", "seat 2 has only 2 combat cards face down");
  act(state, "combat 2");
  CHECK(state.current_player() == 2);
  refuse(state, "combat 2", "seat 3 has only 1 combat card face down");
  act(state, "combat 1");
  // 1 displayed + 1 added + the mate's 1 = 3 beat 2.
  const RoundRecord& record = state.rounds_played().at(0);
  CHECK(record.mutiny.captain_strength == 3);
  CHECK(record.mutiny.mutineer_strength == 2);
  CHECK_FALSE(record.mutiny.succeeded);
  CHECK(record.vp == std::array<int, 4>{5, 0, 1, 0});  // the mate (seat 2) gets 1 + offer 0
  CHECK(state.captain() == 0);
  CHECK(state.ship() == island("Eisfelsen"));
  CHECK(state.discards()[Good::combat] == 4);  // displayed and added combat cards are discarded
}

TEST_CASE("A tie in the mutiny hands the ship and the captain cards to the mutineer", "[meuterer][engine][mutiny]") {
  State state = mutiny_position();
  act(state, "combat 2");
  act(state, "combat 0");
  const RoundRecord& record = state.rounds_played().at(0);
  CHECK(record.mutiny.succeeded);
  CHECK(record.vp == std::array<int, 4>{0, 2, 0, 2});  // Sommerland 2 for the mutineer, 2 for the boy
  CHECK(state.captain() == 1);
  CHECK(state.ship() == island("Sommerland"));
  // Refill starts with the new captain.
  draw(state, "wine");
  CHECK(state.hand(1).total() == 4);
  CHECK(state.hand(0).total() == 4);
  draw(state, "wine ruby");
  CHECK(state.phase() == Phase::captain_card);
  CHECK(state.current_player() == 1);
}

TEST_CASE("A card taken face down is named in phase 3, when the action cards are shown", "[meuterer][engine][reveal]") {
  // The round of "Offers go clockwise ...", with seats 1 and 2 taking their cards face down and
  // seat 3 naming its card as it passes.
  State state = dealt(kQuietHands);
  act(state, "card 2");
  act(state, "display wine");
  act(state, "pass");
  CHECK(state.role(1) == Role::none);
  CHECK(state.card_face_down(1));
  refuse(state, "reveal mate", "not now: a player displays a good or passes");
  act(state, "display cloth");
  act(state, "pass merchant");
  CHECK_FALSE(state.card_face_down(3));
  act(state, "pass");
  CHECK_FALSE(state.card_face_down(0));  // the captain takes no card
  act(state, "display cloth");
  act(state, "pass");
  // Phase 3: clockwise from the captain, each card face down is named.
  REQUIRE(state.phase() == Phase::reveal);
  CHECK(state.current_player() == 1);
  std::vector<Action> cards = state.legal_actions();
  CHECK(cards.size() == 4);  // every card but the merchant, which seat 4 holds
  refuse(state, "reveal merchant", "seat 4 holds the merchant already");
  refuse(state, "reveal captain", "the captain is not an action card of this game");
  refuse(state, "display cloth", "not now: the players who passed show their action cards");
  act(state, "reveal mate");
  CHECK(state.role(1) == Role::mate);
  CHECK_FALSE(state.card_face_down(1));
  CHECK(state.current_player() == 2);
  refuse(state, "reveal mate", "seat 2 holds the mate already");
  CHECK(state.check_invariants() == "");
  act(state, "reveal loader");

  // The round ends as when every card was named at once.
  State named = dealt(kQuietHands);
  for (const char* line : {"card 2", "display wine", "pass mate", "display cloth", "pass merchant", "pass", "display cloth",
                           "pass loader"})
    act(named, line);
  REQUIRE(state.rounds_played().size() == 1);
  CHECK(state.rounds_played() == named.rounds_played());
  CHECK(state.phase() == named.phase());
  CHECK(state.check_invariants() == "");
}

TEST_CASE("A mutineer named in phase 3 sets its destination then, and the mutiny follows", "[meuterer][engine][reveal]") {
  State state = dealt({"ruby salt wine cloth combat", "2combat 3grain", "combat 4salt", "5cloth"});
  for (const char* line : {"card 0", "display combat", "pass", "pass", "pass", "pass"}) act(state, line);
  REQUIRE(state.phase() == Phase::reveal);
  CHECK(state.mutineer_destination() == -1);
  for (const char* line : {"reveal mutineer", "reveal mate", "reveal ships-boy"}) act(state, line);
  CHECK(state.phase() == Phase::mutiny);
  CHECK(state.mutineer_destination() == island("Sommerland"));
  CHECK(state.current_player() == 1);
}

TEST_CASE("Sales with a choice wait for the player and follow its allocation", "[meuterer][engine][sales]") {
  State state = dealt(kQuietHands);
  act(state, "card 0");
  act(state, "pass");  // 5 cards: five islands clockwise
  CHECK(state.captain_destination() == island("Affeninsel"));
  act(state, "pass mate");
  act(state, "pass merchant");
  act(state, "pass loader");
  CHECK(state.ship() == island("Affeninsel"));
  CHECK(state.active_islands() == std::vector<int>{island("Hochland"), island("Affeninsel")});
  draw(state, "ruby salt wine");  // only the loader draws: three extra cards
  act(state, "return ruby");
  act(state, "return salt");
  act(state, "return wine");

  act(state, "card 0");
  act(state, "pass");
  act(state, "display grain");
  act(state, "pass merchant");
  act(state, "pass loader");
  act(state, "display grain");
  act(state, "pass mate");
  // Two grain over wild Hochland (4) and grain island Affeninsel (2): three complete allocations.
  CHECK(state.phase() == Phase::sales);
  CHECK(state.current_player() == 1);
  CHECK(state.legal_actions().size() == 3);
  const std::vector<SaleOption> options = state.sale_options();
  REQUIRE(options.size() == 3);
  for (const SaleOption& option : options) {
    if (option.sales.size() == 2) {
      CHECK(option.best);
      CHECK(option.vp == 6);
    } else {
      CHECK_FALSE(option.best);
    }
  }
  refuse(state, "sell 1grain@hochland", "1 of 2 grain sold: every displayed grain is sold (it may be split over two islands)");
  CHECK_THROWS_AS(act(state, "sell 2grain@grunland"), qm::NotationError);
  act(state, "sell 1grain@hochland 1grain@affeninsel");
  CHECK(state.rounds_played().at(1).vp[1] == 1 + 6);
  CHECK(state.rounds_played().at(1).allocations[1].count == std::array<int, 2>{1, 1});
  const RoundScore score = score_round(state.round_table(state.rounds_played().at(1)));
  CHECK(describe_sales(score.sales[1], state.components().islands) == "1 grain on Hochland, 1 grain on Affeninsel");
}

TEST_CASE("Four players play 8 rounds and three play 9 unless the rounds option says otherwise", "[meuterer][engine]") {
  for (const auto& [players, rounds, option] : std::vector<std::tuple<int, int, int>>{{4, 8, 0}, {3, 9, 0}, {4, 2, 2}}) {
    Options options;
    options.rounds = option;
    State state(default_components(), players, options);
    qm::rules::Rng rng(7);
    ActionList scratch;
    while (!state.is_terminal())
      state.apply_action(state.current_player() == qm::rules::kChancePlayer ? state.sample_chance(rng)
                                                                            : choose_action(state, Policy::random, rng, scratch));
    CHECK(state.rounds() == rounds);
    CHECK(static_cast<int>(state.rounds_played().size()) == rounds);
    CHECK(state.check_invariants() == "");
    CHECK_THROWS_WITH(state.apply_action(Action::draw(Good::wine)), "the game is over");
  }
  qm::rules::GameOptions options({{"rounds", "5"}, {"pirate", "on"}});
  const Options read = read_options(options, 3);
  CHECK(read.rounds == 5);
  CHECK(read.pirate);
  CHECK(read.sale_rules.merchant_paid_in_four_way_tie);
}

TEST_CASE("Chance offers only the goods left in the deck with their probabilities", "[meuterer][engine]") {
  State state(default_components(), 4);
  const auto outcomes = state.chance_outcomes();
  double sum = 0;
  for (const auto& [action, probability] : outcomes) sum += probability;
  CHECK(sum == Approx(1.0));
  CHECK(outcomes.size() == 6);  // no pirate card outside the variant
  draw(state, "4ruby");
  for (const auto& [action, probability] : state.chance_outcomes()) CHECK(action.good() != Good::ruby);
  refuse(state, "draw ruby", "no ruby is left to draw");
  refuse(state, "draw pirate", "no pirate is left to draw");
}

TEST_CASE("States compare their components by value, not by where they were loaded", "[meuterer][engine]") {
  const auto again = std::make_shared<const Components>(load_components(std::string(QM_DATA_DIR) + "/meuterer"));
  REQUIRE(again != default_components());
  CHECK(State(again, 4) == State(default_components(), 4));
  Components other = *again;
  other.islands[0].destination_vp += 1;
  CHECK_FALSE(State(std::make_shared<const Components>(other), 4) == State(default_components(), 4));
}

TEST_CASE("Every legal action reads back from its notation, and describe tells what it does", "[meuterer][engine]") {
  Options pirate;
  pirate.pirate = true;
  for (const auto& [players, options] : {std::pair{4, Options{}}, std::pair{3, Options{}}, std::pair{4, pirate}}) {
    qm::rules::Rng rng(99 + static_cast<std::uint64_t>(players) + (options.pirate ? 10 : 0));
    for (int game = 0; game < 10; ++game) {
      State state(default_components(), players, options);
      ActionList scratch;
      while (!state.is_terminal()) {
        INFO(state.to_string());
        for (const Action& legal : state.legal_actions()) {
          const std::string text = notation(state, legal);
          INFO(text);
          CHECK(parse_action(state, text) == legal);
        }
        const Action action = state.current_player() == qm::rules::kChancePlayer
                                  ? state.sample_chance(rng)
                                  : choose_action(state, Policy::random, rng, scratch);
        const bool captain_passes = action.kind == ActionKind::pass && state.current_player() == state.captain();
        const std::string description = describe(state, action);
        state.apply_action(action);
        INFO(description);
        // What describe announces is what the engine then does.
        if (action.kind == ActionKind::captain_card)
          CHECK_THAT(description, Catch::Contains("showing " + std::to_string(state.offer()) + " "));
        if (captain_passes) {
          // The destination just set; a round that ended at once keeps it in its record.
          const int destination = state.phase() == Phase::captain_card ? state.rounds_played().back().captain_destination
                                                                       : state.captain_destination();
          CHECK_THAT(description,
                     Catch::EndsWith(": destination " + state.components().islands[static_cast<std::size_t>(destination)].name));
        }
      }
    }
  }
}

TEST_CASE("The pirate ship that falls short of the ship leaves the displays alone", "[meuterer][engine][pirate]") {
  Options options;
  options.pirate = true;
  State state = dealt({"pirate ruby salt wine cloth", "salt wine cloth grain combat", "salt wine cloth grain combat",
                       "ruby wine cloth grain combat"},
                      options);
  CHECK(state.pirate_ship() == island("Piratennest"));  // three islands behind Hochland
  act(state, "card 0");
  act(state, "display ruby");
  act(state, "display salt");
  act(state, "display wine");
  act(state, "pass loader");
  act(state, "display salt");
  act(state, "pass mate");
  act(state, "pass merchant");
  act(state, "display pirate");  // two cards left: Sandkap, one short of Hochland
  CHECK(state.pirate_ship() == island("Sandkap"));
  CHECK(state.displayed(0).total() == 3);
  CHECK(state.discards().total() == 0);
}

TEST_CASE("The pirate ship reaching the ship discards every displayed good", "[meuterer][engine][pirate]") {
  Options options;
  options.pirate = true;
  State state = dealt({"pirate ruby salt wine cloth", "salt wine cloth grain combat", "salt wine cloth grain combat",
                       "ruby wine cloth grain combat"},
                      options);
  act(state, "card 0");
  act(state, "display ruby");
  act(state, "display salt");
  act(state, "display wine");
  act(state, "pass loader");
  act(state, "display pirate");  // three cards left: Hochland, where the ship lies
  CHECK(state.pirate_ship() == island("Hochland"));
  for (int seat = 0; seat < 4; ++seat) CHECK(state.displayed(seat).total() == 0);
  CHECK(state.discards() == count_goods(qm::notation::parse_goods({"pirate ruby salt wine"})));
  // Play goes on as usual.
  CHECK(state.current_player() == 1);
  act(state, "display cloth");
  CHECK(state.displayed(1).total() == 1);
}

TEST_CASE("The ship overtaking the pirate ship does nothing and later gaps count from the ship", "[meuterer][engine][pirate]") {
  nlohmann::json document;
  {
    std::ifstream stream(std::string(QM_DATA_DIR) + "/meuterer/components.json");
    document = nlohmann::json::parse(stream);
  }
  document["pirate_start_island"] = "Grünland";
  auto components = std::make_shared<const Components>(parse_components(document, "components.json"));
  Options options;
  options.pirate = true;
  State state(components, 4, options);
  for (const char* hand : {"ruby salt wine cloth grain", "salt wine cloth grain combat", "salt wine cloth grain combat",
                           "pirate ruby wine cloth grain"})
    draw(state, hand);
  act(state, "card 0");
  act(state, "display ruby");
  act(state, "pass mate");
  act(state, "pass merchant");
  act(state, "pass loader");  // the pirate card stays face down
  act(state, "pass");         // four cards: Eisfelsen, past the pirate ship at Grünland
  CHECK(state.ship() == island("Eisfelsen"));
  CHECK(state.pirate_ship() == island("Grünland"));
  CHECK_FALSE(state.rounds_played().at(0).pirate_raid);
  draw(state, "grain");
  draw(state, "wine cloth grain");
  act(state, "return ruby");
  act(state, "return wine");
  act(state, "return cloth");
  act(state, "card 0");
  act(state, "display salt");
  act(state, "display salt");
  act(state, "pass merchant");
  act(state, "display pirate");  // four cards left: two islands reach Eisfelsen
  CHECK(state.pirate_ship() == island("Kalte Klippe"));
  for (int seat = 0; seat < 4; ++seat) CHECK(state.displayed(seat).total() == 0);
  CHECK(state.check_invariants() == "");
}
