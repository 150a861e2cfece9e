// Meuterer at the table (rules/meuterer/table.hpp): the moves as called, two scripted rounds with
// a mutiny, the sales helper and the loader, refused moves leaving the table unchanged, a whole
// random game called word by word, and the views of where the round stands.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <sstream>
#include <stdexcept>

#include "rules/meuterer/table.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/meuterer/test_support.hpp"

namespace game = qm::meuterer;
using game::MoveOutcome;
using game::Phase;
using game::Table;
using game::test::island;
using game::test::kRoundOne;
using game::test::kRoundOneFaceDown;

namespace {

Table new_table(std::vector<std::string> players = {"Ann", "Bob", "Cy", "Dee"}, game::Options options = {}) {
  return Table(std::move(players), game::test::default_components(), options);
}

// A move as the players call it, "display Ann wine": the verb, then its words.
MoveOutcome play(Table& table, const std::string& line) {
  std::istringstream words_in(line);
  std::string verb;
  words_in >> verb;
  std::vector<std::string> words;
  for (std::string word; words_in >> word;) words.push_back(word);
  return table.play(verb, words);
}

void refuse(Table& table, const std::string& line, const std::string& message) {
  const game::State before = table.state();
  CHECK_THROWS_WITH(play(table, line), Catch::Contains(message));
  CHECK(table.state() == before);
}

// The words a player would type for an action of the engine.
std::string words_for(const game::State& state, const game::Action& action) {
  using game::ActionKind;
  switch (action.kind) {
    case ActionKind::draw: return "draw " + qm::notation::to_string(action.good());
    case ActionKind::captain_card: {
      const auto& card = state.components().captain_cards.at(static_cast<std::size_t>(action.captain_card_index()));
      return "card " + std::to_string(card.at(static_cast<std::size_t>(action.captain_card_side())));
    }
    case ActionKind::display: return "display " + qm::notation::to_string(action.good());
    case ActionKind::pass:
      return action.card() == game::Role::none ? "pass" : "pass " + std::string(game::role_name(action.card()));
    case ActionKind::add_combat: return "combat " + std::to_string(action.count());
    case ActionKind::allocate: {
      std::string line = "sell";
      const game::Allocation allocation = action.allocation();
      const std::vector<int> active = state.active_islands();
      for (std::size_t slot = 0; slot < active.size(); ++slot)
        if (allocation.count[slot] > 0)
          line += " " + std::to_string(allocation.count[slot]) + qm::notation::to_string(allocation.good[slot]) + "@" +
                  game::island_key(state.components().islands[static_cast<std::size_t>(active[slot])].name);
      return line == "sell" ? "sell nothing" : line;
    }
    case ActionKind::return_good: return "return " + qm::notation::to_string(action.good());
    case ActionKind::reveal: return "reveal " + std::string(game::role_name(action.card()));
  }
  return "";
}

// The one option selling everything on `name`.
const game::SaleOption& option_on(const std::vector<game::SaleOption>& options, const std::string& name) {
  for (const game::SaleOption& option : options)
    if (option.sales.size() == 1 && option.sales[0].island == island(name)) return option;
  throw std::logic_error("test: no option selling on " + name);
}

}  // namespace

TEST_CASE("Meuterer table: the deal names who draws and how many", "[meuterer][table]") {
  Table table = new_table();
  CHECK(table.whose_turn() == "Ann");
  CHECK(table.draw_need().cards == 5);
  CHECK_THAT(table.next_step(), Catch::Contains("Ann draws 5 cards"));
  play(table, "draw ann 2salt");
  CHECK(table.draw_need().seat == 0);
  CHECK(table.draw_need().cards == 3);
  refuse(table, "draw Ann ruby ruby ruby ruby", "Ann draws 3 cards here, not 4");
  refuse(table, "draw Bob ruby", "not Bob's turn");
  refuse(table, "card 2", "not now: Ann draws 3 cards");
  refuse(table, "draw Ann 3pirate", "no pirate is left to draw");
  refuse(table, "draw Ann gold", "gold");
  play(table, "draw ruby wine grain");
  CHECK(table.whose_turn() == "Bob");
  CHECK(table.state().hand(0).total() == 5);
}

TEST_CASE("Meuterer table: a draw of more of a good than is left says how many are left", "[meuterer][table]") {
  Table table = new_table();
  play(table, "draw Ann 3ruby 2wine");  // one ruby of four left
  refuse(table, "draw Bob 2ruby 3salt", "only 1 ruby is left to draw, not 2");
  refuse(table, "draw Bob ruby salt ruby 2salt", "only 1 ruby is left to draw, not 2");
  play(table, "draw Bob ruby 4salt");
  refuse(table, "draw Cy ruby 4wine", "no ruby is left to draw");
}

TEST_CASE("Meuterer table: a round with a failed mutiny, scored, the ship moved", "[meuterer][table]") {
  Table table = new_table();
  for (std::size_t i = 0; i < 4; ++i) play(table, kRoundOne[i]);
  CHECK(table.state().phase() == Phase::captain_card);
  refuse(table, "card 7", "no captain card shows 7");
  refuse(table, "display wine", "not now: Ann, the captain, lays a captain card");
  play(table, "card 2");
  refuse(table, "display Ann salt", "Ann has no salt in hand");
  refuse(table, "pass Ann mate", "the captain takes no action card");
  refuse(table, "display Ann wine salt", "one too many");
  for (std::size_t i = 5; i < 9; ++i) play(table, kRoundOne[i]);
  CHECK_THAT(table.next_step(), Catch::Contains("'pass' (destination Eisfelsen)"));
  play(table, "pass");
  CHECK(table.state().captain_destination() == island("Eisfelsen"));
  refuse(table, "pass Bob merchant", "the merchant has already been taken");
  play(table, "pass Bob mutineer");
  play(table, "display cloth");
  const MoveOutcome reveal = play(table, "pass mate");
  CHECK(reveal.revealed);
  CHECK(reveal.mutiny_started);
  CHECK(table.state().mutineer_destination() == island("Rotes Riff"));
  CHECK(table.whose_turn() == "Ann");  // Bob and Cy have no face-down combat card
  refuse(table, "combat 3", "Ann has only 2 combat cards face down");
  refuse(table, "sell nothing", "not now");

  const MoveOutcome end = play(table, "combat 1");
  REQUIRE(end.rounds_ended == 1);
  // Captain's side 1 + mate 1 beats Bob's displayed combat card: Ann 5 - 2, Cy 1 + 2 and the
  // 2 cloth alone on Hochland (4).
  const game::RoundTable round = table.round_table(0);
  const game::RoundScore score = game::score_round(round);
  CHECK(score.mutiny.happened);
  CHECK_FALSE(score.mutiny.succeeded);
  CHECK(round.seats[2].name == "Cy");
  CHECK(table.state().vp(0) == 3);
  CHECK(table.state().vp(1) == 0);
  CHECK(table.state().vp(2) == 7);
  CHECK(table.state().vp(3) == 0);
  CHECK(table.state().rounds_played().size() == 1);
  CHECK(table.state().ship() == island("Eisfelsen"));
  CHECK(table.state().active_islands() == std::vector<int>{island("Hochland"), island("Eisfelsen")});
  // Refill clockwise from the captain: Ann 2, Bob 1, Cy 2; Dee kept her five.
  CHECK(table.whose_turn() == "Ann");
  CHECK(table.draw_need().cards == 2);
}

TEST_CASE("Meuterer table: no action card shows before phase 3", "[meuterer][table][reveal]") {
  const std::vector<std::string> roles = {"mate", "mutineer", "ships-boy", "merchant", "loader"};
  // Nothing the table says during the offers names an action card: not the moves, not the next step.
  auto names_no_card = [&](const std::string& text) {
    INFO(text);
    for (const std::string& role : roles)
      if (role != "mate") CHECK(text.find(role) == std::string::npos);
    CHECK(text.find(" left)") == std::string::npos);  // no list of the cards still on the table
  };
  Table table = new_table();
  for (std::size_t i = 0; i < 8; ++i) play(table, kRoundOneFaceDown[i]);
  names_no_card(table.next_step());
  const MoveOutcome dee = play(table, "pass Dee");
  REQUIRE(dee.moves.size() == 1);
  CHECK(dee.moves[0] == "pass with 5 cards and take an action card");
  CHECK(table.action_card_face_down(3));
  CHECK_FALSE(table.action_card_face_down(0));  // the captain
  play(table, "pass");
  names_no_card(table.next_step());
  // A card named as it is taken (older sessions, scripts) is kept as quiet.
  const MoveOutcome bob = play(table, "pass Bob mutineer");
  names_no_card(bob.moves.at(0));
  CHECK(table.action_card_face_down(1));
  names_no_card(table.next_step());
  play(table, "display cloth");
  const MoveOutcome last = play(table, "pass");
  CHECK_FALSE(last.revealed);
  CHECK(last.reveal_started);

  // Phase 3: Cy and Dee name theirs, clockwise from the captain; Bob's is shown already.
  REQUIRE(table.state().phase() == Phase::reveal);
  CHECK_FALSE(table.action_card_face_down(1));
  CHECK(table.whose_turn() == "Cy");
  CHECK_THAT(table.next_step(), Catch::StartsWith("Cy shows the action card taken: 'reveal ROLE'"));
  refuse(table, "reveal Dee merchant", "not Dee's turn");
  refuse(table, "reveal mutineer", "Bob holds the mutineer already");
  refuse(table, "reveal", "reveal needs the action card, e.g. 'reveal mutineer'");
  CHECK(play(table, "reveal Cy mate").moves.at(0) == "show the mate");
  const MoveOutcome shown = play(table, "reveal merchant");
  CHECK(shown.revealed);
  CHECK(shown.mutiny_started);
  CHECK(table.state().mutineer_destination() == island("Rotes Riff"));
  CHECK_FALSE(table.action_card_face_down(3));
  play(table, "combat 1");
  CHECK(table.state().vp(2) == 7);  // as in the round with every card named at once
}

TEST_CASE("Meuterer table: the round played face down ends as the round played with every card named", "[meuterer][table][reveal]") {
  Table face_down = new_table();
  for (const std::string& line : kRoundOneFaceDown) play(face_down, line);
  Table named = new_table();
  for (const std::string& line : kRoundOne) play(named, line);
  REQUIRE(face_down.state().phase() == Phase::mutiny);
  play(face_down, "combat 1");
  play(named, "combat 1");
  CHECK(face_down.state().rounds_played() == named.state().rounds_played());
}

TEST_CASE("Meuterer table: the sales helper, the merchant's privilege and the loader", "[meuterer][table]") {
  Table table = new_table();
  for (const std::string& line : kRoundOne) play(table, line);
  play(table, "combat 1");
  play(table, "draw ruby grain");
  play(table, "draw salt");
  refuse(table, "draw Cy grain grain grain", "Cy draws 2 cards here, not 3");
  const MoveOutcome started = play(table, "draw grain grain");
  CHECK(started.round_started);
  CHECK(table.state().round() == 2);
  CHECK(table.whose_turn() == "Ann");

  for (const char* line : {"card 0", "display ruby", "pass loader", "display grain", "display ruby", "pass",
                           "display grain", "pass merchant"})
    play(table, line);
  play(table, "pass mate");
  // No mutineer: on to the sales. Ann's ruby sells on Hochland or Eisfelsen.
  REQUIRE(table.state().phase() == Phase::sales);
  CHECK(table.whose_turn() == "Ann");
  std::vector<game::SaleOption> options = table.sale_options();
  REQUIRE(options.size() == 2);
  CHECK(option_on(options, "Eisfelsen").best);
  CHECK(option_on(options, "Eisfelsen").vp == 6);  // alone on Eisfelsen
  CHECK(option_on(options, "Hochland").vp == 4);   // alone on Hochland (Cy has not declared yet)
  // But Cy's 2 grain can only go to Hochland, and Dee, the merchant, may tie on Eisfelsen.
  CHECK(option_on(options, "Hochland").vp_min == 0);
  CHECK(option_on(options, "Hochland").vp_max == 0);
  CHECK(option_on(options, "Eisfelsen").vp_min == 4);
  CHECK(option_on(options, "Eisfelsen").vp_max == 6);
  CHECK_FALSE(option_on(options, "Hochland").best);
  // The helper's table says who is yet to declare: Cy and Dee (Bob displayed nothing).
  CHECK(game::undeclared_sellers(table.current_round_table(), 0) == std::vector<int>{2, 3});
  refuse(table, "sell ruby@sommerland", "Sommerland is not active");
  refuse(table, "sell Ann ruby@hoch ruby@eis", "");
  play(table, "sell ruby@eis");
  // Bob displayed nothing and Cy's grain sells only on Hochland: made at once. Dee next.
  CHECK(table.whose_turn() == "Dee");
  options = table.sale_options();
  REQUIRE(options.size() == 2);
  CHECK(option_on(options, "Hochland").vp == 0);   // Cy's 2 grain hold Hochland
  CHECK(option_on(options, "Eisfelsen").vp == 6);  // tied with Ann, but the merchant scores the first column
  CHECK(option_on(options, "Eisfelsen").best);
  const MoveOutcome end = play(table, "sell Dee 1ruby@Eisfelsen");
  REQUIRE(end.rounds_ended == 1);
  CHECK(table.state().vp(0) == 3 + 7);   // Rotes Riff 3 - 0, and 4 on Eisfelsen
  CHECK(table.state().vp(2) == 7 + 5);   // mate 1, 2 grain alone on Hochland
  CHECK(table.state().vp(3) == 0 + 6);   // merchant's privilege
  CHECK(table.state().ship() == island("Rotes Riff"));

  play(table, "draw wine");
  CHECK(table.whose_turn() == "Bob");
  CHECK(table.draw_need().cards == 3);  // the loader's three extra
  play(table, "draw combat combat ruby");
  CHECK(table.state().phase() == Phase::loader_return);
  CHECK(table.whose_turn() == "Bob");
  refuse(table, "return salt grain combat wine", "the loader puts back 3 cards, not 4");
  refuse(table, "return cloth", "the loader has no cloth in hand");
  play(table, "return salt");
  play(table, "return Bob grain combat");
  CHECK(table.state().deck_bottom().size() == 3);
  CHECK(table.whose_turn() == "Cy");
  play(table, "draw cloth grain");
  play(table, "draw Dee wine");
  CHECK(table.state().round() == 3);
  CHECK(table.state().check_invariants() == "");
}

TEST_CASE("Meuterer table: a whole random game typed word by word", "[meuterer][table]") {
  for (const bool pirate : {false, true}) {
    game::Options options;
    options.pirate = pirate;
    Table table = new_table({"Ann", "Bob", "Cy"}, options);
    std::mt19937_64 rng(pirate ? 7 : 5);
    int moves = 0;
    while (!table.state().is_terminal() && moves < 5000) {
      const game::State& state = table.state();
      game::Action action;
      if (state.current_player() == qm::rules::kChancePlayer) {
        action = state.sample_chance(rng);
      } else {
        const std::vector<game::Action> legal = state.legal_actions();
        REQUIRE_FALSE(legal.empty());
        action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      }
      const std::string words = words_for(state, action);
      INFO(words);
      const std::size_t history = state.history().size();
      play(table, words);
      REQUIRE(table.state().history().size() == history + 1);
      REQUIRE(table.state().history().back() == action);
      ++moves;
    }
    CHECK(table.state().is_terminal());
    CHECK(table.state().rounds_played().size() == 9);
    CHECK_FALSE(table.winners().empty());
    CHECK(table.whose_turn().empty());
    CHECK(table.next_step().empty());
    CHECK(table.state().check_invariants() == "");
    CHECK_THROWS_WITH(play(table, "draw ruby"), Catch::Contains("the game is over"));
  }
}

TEST_CASE("Meuterer table: a whole random game with every action card taken face down", "[meuterer][table][reveal]") {
  // As a shared screen plays: each card a random player picks is typed as a bare 'pass', kept
  // aside, and typed again with 'reveal' in phase 3. The engine does not know the cards taken face
  // down, so the pick leaves them out as the player who picks up the cards left would.
  for (const int players : {3, 4}) {
    Table table = new_table(players == 3 ? std::vector<std::string>{"Ann", "Bob", "Cy"}
                                         : std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"});
    std::mt19937_64 rng(static_cast<std::uint64_t>(players) * 17);
    std::array<game::Role, 4> taken{};
    int moves = 0;
    int reveals = 0;
    while (!table.state().is_terminal() && moves < 5000) {
      const game::State& state = table.state();
      const int seat = state.current_player();
      std::string words;
      if (seat == qm::rules::kChancePlayer) {
        words = words_for(state, state.sample_chance(rng));
      } else if (state.phase() == Phase::reveal) {
        REQUIRE(table.action_card_face_down(seat));
        words = "reveal " + std::string(game::role_name(taken[static_cast<std::size_t>(seat)]));
        ++reveals;
      } else {
        std::vector<game::Action> legal;
        for (const game::Action& action : state.legal_actions())
          if (action.kind != game::ActionKind::pass ||
              std::find(taken.begin(), taken.end(), action.card()) == taken.end() || action.card() == game::Role::none)
            legal.push_back(action);
        REQUIRE_FALSE(legal.empty());
        const game::Action action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        words = words_for(state, action);
        if (action.kind == game::ActionKind::pass && seat != state.captain()) {
          taken[static_cast<std::size_t>(seat)] = action.card();
          words = "pass";
        }
      }
      INFO(words);
      const MoveOutcome outcome = play(table, words);
      if (outcome.revealed) taken.fill(game::Role::none);
      REQUIRE(table.state().check_invariants() == "");
      ++moves;
    }
    CHECK(table.state().is_terminal());
    CHECK(table.state().rounds_played().size() == static_cast<std::size_t>(players == 3 ? 9 : 8));
    CHECK(reveals >= static_cast<int>(table.state().rounds_played().size()) * (players - 1));
  }
}

TEST_CASE("Meuterer table: where the round stands: the offer, the destinations, the mutiny so far", "[meuterer][table]") {
  Table table = new_table();
  for (std::size_t i = 0; i < 4; ++i) play(table, kRoundOne[i]);
  CHECK_FALSE(table.offer_laid());
  CHECK_FALSE(table.destinations_laid());
  CHECK_FALSE(table.mutiny_so_far().happened);
  play(table, "card 2");
  CHECK(table.offer_laid());
  CHECK(table.destinations_laid());
  for (std::size_t i = 5; i < kRoundOne.size(); ++i) play(table, kRoundOne[i]);
  REQUIRE(table.state().phase() == Phase::mutiny);
  // Bob's displayed combat card against the mate alone: a tie, so far the mutineer's.
  const qm::meuterer::MutinyOutcome so_far = table.mutiny_so_far();
  CHECK(so_far.happened);
  CHECK(so_far.captain_strength == 1);
  CHECK(so_far.mutineer_strength == 1);
  CHECK(so_far.succeeded);
  play(table, "combat 1");
  CHECK(table.state().phase() == Phase::refill);
  CHECK_FALSE(table.offer_laid());
  CHECK_FALSE(table.destinations_laid());
}

TEST_CASE("Meuterer table: the seller is the player selling now, checked when named", "[meuterer][table]") {
  Table table = new_table();
  CHECK_THROWS_WITH(table.seller(""), Catch::StartsWith("nobody is selling now: Ann draws 5 cards"));
  for (const std::string& line : kRoundOne) play(table, line);
  play(table, "combat 1");
  for (const char* line : {"draw ruby grain", "draw salt", "draw grain grain", "card 0", "display ruby", "pass loader",
                           "display grain", "display ruby", "pass", "display grain", "pass merchant", "pass mate"})
    play(table, line);
  REQUIRE(table.state().phase() == Phase::sales);
  CHECK(table.seller("") == 0);
  CHECK(table.seller("ANN") == 0);
  CHECK_THROWS_WITH(table.seller("Dee"), "Ann is the one selling now, not Dee");
  CHECK_THROWS_WITH(table.seller("Eve"), Catch::Contains("no player 'Eve' at this table"));
}
