#pragma once
// Meuterer at the table (issue 6, item 5). The table holds the engine's State (rules/meuterer/
// state.hpp) and drives it with what the players type. The engine follows every card, so the
// cards each player draws are typed too (each player reads its own cards); everything else is
// what happens in the open. A round:
//   draw [PLAYER] GOODS...       the cards a player draws: five each at the deal; the refill after
//                                each round (the loader three more)
//   card [PLAYER] N              the captain lays its captain card with the side showing N
//   display [PLAYER] GOOD        a player displays one good ...
//   pass [PLAYER] [ROLE]         ... or passes, taking an action card (the captain takes none)
//   combat [PLAYER] N            in a mutiny, a member turns up N face-down combat cards
//   sell [PLAYER] COUNTGOOD@ISLAND... | sell nothing  where a player sells its displayed goods
//   return [PLAYER] GOODS...     the loader puts three cards back under the deck
// PLAYER may be left out: it is the player whose turn it is; given, it is checked. The engine
// makes what is forced by itself (members with no face-down combat card, the only possible
// allocation), scores the round, moves the ship and flips the islands.
//
// The state is rebuilt by replaying the journaled lines, so it holds nothing that the same words
// would not give again.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "cli/meuterer/meuterer_cli.hpp"
#include "rules/meuterer/state.hpp"

namespace qm::cli::meuterer_cli {

// Who draws now and how many cards (at the deal and the refill).
struct DrawNeed {
  int seat = -1;  // -1: nobody is drawing
  int cards = 0;
};

// What one typed move did, for its announcement.
struct MoveOutcome {
  int seat = 0;                     // the player who moved
  std::string verb;                 // as typed: draw, card, display, pass, combat, sell, return
  std::vector<std::string> moves;   // the engine's description of each action applied
  int cards = 0;                    // draw / return: how many
  bool revealed = false;            // the offer phase ended: the action cards were shown
  bool mutiny_started = false;      // ... and a mutineer was among them
  bool pirate_moved = false;        // the pirate card was displayed
  bool pirate_raid = false;         // ... and the pirates caught the ship
  int first_new_round = -1;         // index into rounds_played() of the first round this move ended
  int rounds_ended = 0;
  bool round_started = false;       // the refill ended: a new round begins
};

class MeutererTable : public GameTable {
 public:
  // Throws InputError for a bad player count or components too small for the game.
  MeutererTable(std::vector<std::string> players, std::shared_ptr<const game::Components> components,
                game::Options options, std::string data_dir);

  // GameTable
  std::string game() const override { return "meuterer"; }
  const std::vector<std::string>& players() const override { return players_; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "VP"; }
  std::string whose_turn() const override;
  bool is_over() const override { return state_.is_terminal(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  int completed_turns() const override { return static_cast<int>(state_.rounds_played().size()); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;

  // A move as typed, without its verb: {"Bob", "wine"} or {"wine"}. Validates fully (on a copy of
  // the state) before it changes anything; throws InputError, or RuleViolation for a move the
  // rules forbid, naming the player or the token.
  MoveOutcome play(const std::string& verb, std::vector<std::string> words);

  // ---- Views
  const game::State& state() const { return state_; }
  const std::string& name(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  // The seat of a player named in any case; throws InputError naming an unknown one.
  int seat_of(const std::string& name) const;
  std::optional<int> find_seat(const std::string& name) const;
  // The player to act now (the one drawing at the deal and the refill); -1 when the game is over.
  int acting_seat() const;
  DrawNeed draw_need() const;
  // What the table waits for, as a sentence with the words to type; "" at the end.
  std::string next_step() const;
  // The round that ended as rounds_played()[index], with the players' names, and its score.
  game::RoundTable round_table(std::size_t index) const;
  // The sales helper for the player allocating now (its table, the seat and the options).
  game::RoundTable current_round_table() const;
  std::vector<game::SaleOption> sale_options() const { return state_.sale_options(); }
  const std::string& data_dir() const { return data_dir_; }

 private:
  std::string with_names(std::string message) const;

  std::vector<std::string> players_;
  std::string data_dir_;
  game::State state_;
};

}  // namespace qm::cli::meuterer_cli
