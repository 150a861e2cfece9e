#pragma once
// Piraten Kapern at the table (issue 3, item 4). The table owns the game engine's State
// (rules/piraten/state.hpp) and feeds it what happens at the real table, in either of two ways,
// freely mixed from turn to turn:
//   tally     the whole turn at once: the card and the eight final dice (as `score piraten`);
//   referee   step by step: the card drawn, each roll as it falls, the rerolls, chest moves and
//             the stop; the engine checks every step and ends the turn on death, at the end of
//             the Island of Skulls and after the storm's second roll.
// Every step is one journaled event, so `undo` takes back one step and a session reopened from
// its journal is exactly as it was left. The table needs no serialisation of its own: the same
// words always rebuild the same state.
//
// For the advisor (`advise`/`hint` during a refereed turn): state() and current_turn() give the
// engine's own view of the game and of the turn being played.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "cli/piraten/piraten_cli.hpp"
#include "rules/piraten/state.hpp"

namespace qm::cli::piraten_cli {

// What one step did, for the command that printed it.
struct StepReport {
  int seat = 0;                      // who played the step
  bool turn_over = false;            // the step ended the turn: turn_log().back() holds it
  bool island_reached = false;       // the first roll sent the player to the Island of Skulls
  bool last_round_started = false;   // the turn reached the target: every other player has one more turn
  bool last_round_cancelled = false; // an Island deduction dropped the first player below the target
  bool game_over = false;
};

// One finished turn, for the score sheet (`turns`).
struct TurnLogEntry {
  int number = 0;  // 1-based
  int seat = 0;
  bool tallied = false;          // typed at once rather than refereed step by step
  pk::Turn turn;                 // as it ended: card, dice, chest, Island
  pk::TurnPoints points;         // score for the seat, deduction for every other seat
  std::vector<int> totals;       // every seat's total after the turn
};

class PiratenTable : public GameTable {
 public:
  // Throws InputError for a bad player count.
  PiratenTable(std::vector<std::string> players, const pk::Options& options);

  // GameTable
  std::string game() const override { return "piraten"; }
  const std::vector<std::string>& players() const override { return players_; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string whose_turn() const override;
  bool is_over() const override { return state_.is_terminal(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  double target() const override { return state_.options().target; }
  int completed_turns() const override { return state_.turns_played(); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;
  ScanStep scan_step(const std::vector<std::string>& words) const override;  // the dice of the throw awaited

  // ---- The steps. `typed` is the line as the player typed it, for error messages. Each checks
  // everything before it changes anything and throws RuleViolation (or InputError) naming the
  // step and the player; the table is then unchanged.
  StepReport draw(pk::FortuneCard card, const std::string& typed);
  // The dice that came up: the first eight, or the ones picked up by a reroll. On the Island of
  // Skulls, while the player chooses, it rerolls every die that is not a skull.
  StepReport roll(const pk::FaceCounts& faces, const std::string& typed);
  // Picks up dice to throw again; with came_up, also how they fell (both steps or neither).
  StepReport reroll(const pk::FaceCounts& picked_up, const std::optional<pk::FaceCounts>& came_up,
                    const std::string& typed);
  StepReport chest_put(const pk::FaceCounts& dice, const std::string& typed);
  StepReport chest_take(const pk::FaceCounts& dice, const std::string& typed);
  StepReport stop(const std::string& typed);
  // A whole turn at once. With a card drawn and no dice rolled yet, the card may be left out
  // (or must be the one drawn): the tally replaces the draw.
  StepReport tally(std::optional<pk::FortuneCard> card, const pk::FaceCounts& dice, const pk::FaceCounts& chest,
                   bool skull_island, const std::string& typed);

  // ---- Views (also the advisor's hook)
  const pk::State& state() const { return state_; }
  // The turn being played, or null between turns (and once the game is over).
  const pk::Turn* current_turn() const { return state_.turn_in_progress() ? &state_.turn() : nullptr; }
  int opponents() const { return state_.players() - 1; }
  const std::string& name(int seat) const { return players_.at(static_cast<std::size_t>(seat)); }
  const std::vector<TurnLogEntry>& turn_log() const { return log_; }
  // What stopping now would give the player (meaningful while the player chooses).
  pk::TurnPoints stop_value() const;

 private:
  StepReport play(const pk::State& from, const std::string& typed, bool tallied,
                  const std::function<void(pk::State&)>& step);
  // A step of a turn (roll, reroll, chest, stop) between turns: refused, naming whose turn ended,
  // how, and who is to draw a card. Nothing while a turn is played or once the game is over.
  void need_turn(const std::string& typed) const;

  std::vector<std::string> players_;
  pk::State state_;
  std::optional<pk::State> before_draw_;  // the state before the current turn's card was drawn
  std::vector<TurnLogEntry> log_;
};

}  // namespace qm::cli::piraten_cli
