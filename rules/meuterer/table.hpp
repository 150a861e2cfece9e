#pragma once
// Meuterer at the real table (issue 6, item 5). The table holds the engine's State (state.hpp)
// and drives it with the moves the players call out. The engine follows every card, so the cards
// each player draws are called out too (each player reads its own cards); everything else is
// what happens in the open. A round:
//   draw [PLAYER] GOODS...       the cards a player draws: five each at the deal; the refill after
//                                each round (the loader three more)
//   card [PLAYER] N              the captain lays its captain card with the side showing N
//   display [PLAYER] GOOD        a player displays one good ...
//   pass [PLAYER]                ... or passes, taking an action card face down (the captain takes none)
//   reveal [PLAYER] ROLE         phase 3, once everybody has passed: each card taken face down is
//                                named, clockwise from the captain
//   combat [PLAYER] N            in a mutiny, a member turns up N face-down combat cards
//   sell [PLAYER] COUNTGOOD@ISLAND... | sell nothing  where a player sells its displayed goods
//   return [PLAYER] GOODS...     the loader puts three cards back under the deck
// PLAYER may be left out: it is the player whose turn it is; given, it is checked. The engine
// makes what is forced by itself (members with no face-down combat card, the only possible
// allocation), scores the round, moves the ship and flips the islands.
//
// The table is a shared screen: nothing it says names an action card before phase 3
// (rules: フェイズ3：アクションカード公開), so the captain, still displaying, cannot see who will
// mutiny. `pass ROLE`, which names the card as it is taken (older sessions, scripts), is still
// read, and kept as quiet.
//
//   Table table({"Ann", "Bob", "Cy", "Dee"}, std::make_shared<const Components>(load_components(dir)), {});
//   table.play("draw", {"Ann", "3wine", "2combat"});
//   table.next_step();  // "Bob draws 5 cards: 'draw GOODS' (...)"
//
// The table needs no serialisation of its own: the same moves always rebuild the same table.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/meuterer/state.hpp"

namespace qm::meuterer {

// Who draws now and how many cards (at the deal and the refill).
struct DrawNeed {
  int seat = -1;  // -1: nobody is drawing
  int cards = 0;
};

// What one move did, for its announcement.
struct MoveOutcome {
  int seat = 0;                     // the player who moved
  std::string verb;                 // as called: draw, card, display, pass, reveal, combat, sell, return
  std::vector<std::string> moves;   // the engine's description of each action applied
  int cards = 0;                    // draw / return: how many
  bool reveal_started = false;      // everybody has passed: cards taken face down are to be named
  bool revealed = false;            // phase 3 ended: every action card is shown
  bool mutiny_started = false;      // ... and a mutineer was among them
  bool pirate_moved = false;        // the pirate card was displayed
  bool pirate_raid = false;         // ... and the pirates caught the ship
  int first_new_round = -1;         // index into rounds_played() of the first round this move ended
  int rounds_ended = 0;
  bool round_started = false;       // the refill ended: a new round begins
};

class Table {
 public:
  // Throws InputError for a bad player count or components too small for the game.
  Table(std::vector<std::string> players, std::shared_ptr<const Components> components, Options options);

  // A move as called, without its verb: {"Bob", "wine"} or {"wine"}. Validates fully (on a copy of
  // the state) before it changes anything; throws InputError, or RuleViolation for a move the
  // rules forbid, naming the player or the token.
  MoveOutcome play(const std::string& verb, std::vector<std::string> words);

  // ---- Views
  const State& state() const { return state_; }
  const std::vector<std::string>& players() const { return players_; }
  const std::string& name(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  // The seat of a player named in any case; throws InputError naming an unknown one.
  int seat_of(const std::string& name) const;
  std::optional<int> find_seat(const std::string& name) const;
  // The player to act now (the one drawing at the deal and the refill); -1 when the game is over.
  int acting_seat() const;
  std::string whose_turn() const;  // the acting player's name, "" at the end
  DrawNeed draw_need() const;
  // What the table waits for, as a sentence with the words to type; "" at the end.
  std::string next_step() const;
  std::vector<std::string> winners() const;  // empty until the game is over
  // The round that ended as rounds_played()[index], with the players' names, and its score.
  RoundTable round_table(std::size_t index) const;
  // The sales helper for the player allocating now (its table, the seat and the options): the round
  // with the players' names, those yet to declare marked so. Throws RuleViolation outside the sales.
  RoundTable current_round_table() const;
  std::vector<SaleOption> sale_options() const { return state_.sale_options(); }
  // The seat selling now; `player`, when named, must be it. Throws RuleViolation when nobody sells.
  int seller(const std::string& player) const;

  // Where the round stands: the captain card lies from the offers to the end of the round; the
  // destinations lie on the table from the offers to the sales (phases 2 to 5).
  bool offer_laid() const;
  bool destinations_laid() const;
  // The seat's action card lies face down: taken in the offers and not shown yet (phase 3). Its
  // role, even if the engine knows it (`pass ROLE`), is then nobody's business.
  bool action_card_face_down(int seat) const;
  // The mutiny as it stands: both sides' strength from the cards shown so far.
  MutinyOutcome mutiny_so_far() const;

 private:
  // The engine's messages speak of "seat 2": the table names the player.
  std::string with_names(std::string message) const;

  std::vector<std::string> players_;
  State state_;
};

}  // namespace qm::meuterer
