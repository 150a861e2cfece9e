#pragma once
// Piraten Kapern at the real table (issue 3, item 4). The table owns the engine's State
// (state.hpp) and feeds it what happens at the table, in either of two ways, freely mixed from
// turn to turn:
//   tally     the whole turn at once: the card and the eight final dice (as `score piraten`);
//   referee   step by step: the card drawn, each roll as it falls, the rerolls, chest moves and
//             the stop; the engine checks every step and ends the turn on death, at the end of
//             the Island of Skulls and after the storm's second roll.
// The table needs no serialisation of its own: the same steps always rebuild the same table.
//
//   Table table({"Ann", "Bob"}, options);
//   table.draw(FortuneCard::captain, "card captain");
//   table.roll(parse_dice_counts({"2coin", "skull", "2sabre", "2parrot", "monkey"}), "roll ...");
//   table.stop("stop");                // table.turn_log().back() holds the turn and its points
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/piraten/state.hpp"

namespace qm::piraten {

// What one step did, for whoever announces it.
struct StepReport {
  int seat = 0;                      // who played the step
  bool turn_over = false;            // the step ended the turn: turn_log().back() holds it
  bool island_reached = false;       // the first roll sent the player to the Island of Skulls
  bool last_round_started = false;   // the turn reached the target: every other player has one more turn
  bool last_round_cancelled = false; // an Island deduction dropped the first player below the target
  bool game_over = false;
};

// One finished turn, for the score sheet.
struct TurnLogEntry {
  int number = 0;  // 1-based
  int seat = 0;
  bool tallied = false;      // typed at once rather than refereed step by step
  Turn turn;                 // as it ended: card, dice, chest, Island
  TurnPoints points;         // score for the seat, deduction for every other seat
  std::vector<int> totals;   // every seat's total after the turn
};

// The throw a photo of the dice would enter now.
struct AwaitedThrow {
  int dice = 0;      // how many dice the throw takes
  std::string what;  // for people: "Ann's first roll"
};

class Table {
 public:
  // Throws InputError for a bad player count.
  Table(std::vector<std::string> players, const Options& options);

  // ---- The steps. `typed` is the step as the players typed it, for the refusal's message. Each
  // checks everything before it changes anything and throws RuleViolation (or InputError) naming
  // the step and the player; the table is then unchanged.
  StepReport draw(FortuneCard card, const std::string& typed);
  // The dice that came up: the first eight, or the ones picked up by a reroll. On the Island of
  // Skulls, while the player chooses, it rerolls every die that is not a skull.
  StepReport roll(const FaceCounts& faces, const std::string& typed);
  // Picks up dice to throw again; with came_up, also how they fell (both steps or neither).
  StepReport reroll(const FaceCounts& picked_up, const std::optional<FaceCounts>& came_up, const std::string& typed);
  // The sorceress's reroll: one skull with `others`. Refused when the turn's card is another one
  // (check_sorceress alone says so before the dice are even read).
  StepReport sorceress(const FaceCounts& others, const std::optional<FaceCounts>& came_up, const std::string& typed);
  void check_sorceress(const std::string& typed) const;
  StepReport chest_put(const FaceCounts& dice, const std::string& typed);
  StepReport chest_take(const FaceCounts& dice, const std::string& typed);
  StepReport stop(const std::string& typed);
  // A whole turn at once. With a card drawn and no dice rolled yet, the card may be left out
  // (or must be the one drawn): the tally replaces the draw.
  StepReport tally(std::optional<FortuneCard> card, const FaceCounts& dice, const FaceCounts& chest, bool skull_island,
                   const std::string& typed);

  // The throw of dice the table waits for; `player`, when named, must be the one to throw.
  // Throws RuleViolation when no throw is awaited (no card drawn, a reroll not yet named, the end).
  AwaitedThrow awaited_throw(const std::string& player) const;

  // ---- Views
  const State& state() const { return state_; }
  // The turn being played, or null between turns (and once the game is over).
  const Turn* current_turn() const { return state_.turn_in_progress() ? &state_.turn() : nullptr; }
  const std::vector<std::string>& players() const { return players_; }
  const std::string& name(int seat) const { return players_.at(static_cast<std::size_t>(seat)); }
  int opponents() const { return state_.players() - 1; }
  // The player to play, "" once the game is over.
  std::string whose_turn() const { return state_.is_terminal() ? "" : name(state_.seat()); }
  std::vector<std::string> winners() const;
  const std::vector<TurnLogEntry>& turn_log() const { return log_; }
  // What stopping now would give the player (meaningful while the player chooses).
  TurnPoints stop_value() const;

 private:
  StepReport play(const State& from, const std::string& typed, bool tallied, const std::function<void(State&)>& step);
  // A step of a turn (roll, reroll, chest, stop) between turns: refused, naming whose turn ended,
  // how, and who is to draw a card. Nothing while a turn is played or once the game is over.
  void need_turn(const std::string& typed) const;

  std::vector<std::string> players_;
  State state_;
  std::optional<State> before_draw_;  // the state before the current turn's card was drawn
  std::vector<TurnLogEntry> log_;
};

}  // namespace qm::piraten
