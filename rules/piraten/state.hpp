#pragma once
// Piraten Kapern, the whole game (rules: ゲームの流れ, ゲーム終了, 海賊マジック; RULINGS.md, Piraten Kapern).
//
// 2-5 players take turns in seat order. Each turn draws a fortune card (chance), then plays the
// turn of turn.hpp; its result changes the player's total (scores may go below zero) and, from
// the Island of Skulls, every opponent's. When a player ends a turn at or above the target,
// every other player has one last turn; then the highest total wins (a later player must exceed
// the first; equal later players share). An Island deduction that drops the first player below
// the target cancels the last round, and the next player to reach the target wins at once.
// Nine of a kind (pirate magic) wins at once.
//
// Options (GameOptions keys, RULINGS.md):
//   name          default  meaning
//   target        6000     points that end the game: 5000, 6000 or 8000
//   promo         off      add the promo cards storm and truce to the deck (37 cards)
//   pirate_magic  on       nine of a kind (eight dice + the card's symbol) wins at once
//
// Driving a game from a real table: apply_action(Action::draw(card)), Action::roll(faces),
// Action::reroll(dice) then Action::roll(new faces) (or apply_reroll for both at once),
// Action::chest_put / chest_take, Action::stop; or Action::tally(card, dice, chest, island) for a
// turn typed at once. Each is checked; a RuleViolation leaves the state as it was.
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "rules/engine.hpp"
#include "rules/game_options.hpp"
#include "rules/piraten/action.hpp"
#include "rules/piraten/fortune_deck.hpp"
#include "rules/piraten/turn.hpp"

namespace qm::piraten {

inline constexpr int kMinPlayers = 2;  // rules tags: 2人用 ... 5人用
inline constexpr int kMaxPlayers = 5;
inline constexpr int kDefaultTarget = 6000;  // rules: 通常のゲーム(6000点)

struct Options {
  int players = 2;
  int target = kDefaultTarget;  // 5000, 6000 or 8000
  bool promo = false;
  bool pirate_magic = true;
  bool operator==(const Options&) const = default;

  // Reads target, promo and pirate_magic; throws InputError for a bad player count or value.
  // The caller then calls options.reject_unknown("piraten").
  static Options read(const rules::GameOptions& options, int players);
};

// The last finished turn, for the table's report.
struct TurnRecord {
  int seat = -1;
  Turn turn;          // the turn as it ended (card, dice, chest, Island)
  TurnPoints points;  // what it changed: score for the seat, deduction for every other seat
  bool operator==(const TurnRecord&) const = default;
};

// How a finished turn ended, for the messages that speak of it.
enum class TurnEnd : std::uint8_t {
  stopped,            // the player stopped
  died,               // three or more skulls outside the Island (or a stop showing them)
  island_no_skull,    // on the Island of Skulls, a roll brought no new skull
  island_all_skulls,  // on the Island of Skulls, all eight dice show skulls
  storm_spent,        // the storm's two rolls are thrown
  tallied,            // the whole turn was typed at once (Action::tally)
};

// How a turn ended, in words that follow "the turn ended": "with 3 skulls", "when Ann stopped"
// (`player` names who played it).
std::string turn_end_text(TurnEnd end, const Turn& turn, const std::string& player);

enum class Ending : std::uint8_t {
  none,                // playing
  normal,              // after the last round
  reached_after_cancel,  // first to reach the target after a cancelled last round
  pirate_magic,        // nine of a kind
};

class State {
 public:
  using Action = piraten::Action;

  explicit State(const Options& options);
  // A table that starts from given totals (a score sheet carried over), one per seat.
  State(const Options& options, const std::vector<int>& starting_totals);

  // rules::GameState
  int current_player() const;  // kChancePlayer for draws and throws, kTerminalPlayer at the end
  bool is_terminal() const { return ending_ != Ending::none; }
  std::vector<Action> legal_actions() const;  // the player's moves; at chance nodes every outcome
  Action sample_chance(rules::Rng& rng) const;
  void apply_action(const Action& action);  // throws RuleViolation, state unchanged
  const std::vector<Action>& history() const { return history_; }
  std::vector<double> returns() const;  // final totals
  std::string check_invariants() const;
  std::string to_string() const;
  bool operator==(const State&) const = default;

  // Chance outcomes with their probabilities (cards left in the deck; faces of the thrown dice).
  std::vector<std::pair<Action, double>> chance_outcomes() const;
  // Why the action is illegal now, or "" (what apply_action would throw).
  std::string refusal(const Action& action) const;

  const Options& options() const { return options_; }
  int players() const { return options_.players; }
  int seat() const { return seat_; }              // whose turn it is (or was, at the end)
  bool turn_in_progress() const { return in_turn_; }
  const Turn& turn() const { return turn_; }      // the current turn (meaningful while in_turn)
  int total(int seat) const { return totals_[static_cast<std::size_t>(seat)]; }
  const CardCounts& deck() const { return deck_; }        // cards left to draw
  const CardCounts& discards() const { return discards_; }  // cards drawn since the last shuffle
  int turns_played() const { return turns_played_; }
  const TurnRecord& last_turn() const { return last_turn_; }  // seat -1 before the first turn ends
  TurnEnd last_turn_end() const;  // how the last finished turn ended (once turns_played() > 0)
  bool last_round() const { return first_to_target_ >= 0; }
  int first_to_target() const { return first_to_target_; }  // -1 outside the last round
  int last_turns_left() const { return last_turns_left_; }
  bool last_round_cancelled() const { return sudden_death_; }
  Ending ending() const { return ending_; }
  const std::vector<int>& winners() const { return winners_; }  // seats, set at the end

 private:
  void finish_turn();
  void end_game(Ending ending, std::vector<int> winners);
  std::vector<int> last_round_winners() const;

  Options options_;
  CardCounts deck_{};
  CardCounts discards_{};
  std::array<int, kMaxPlayers> totals_{};
  std::array<int, kMaxPlayers> starting_{};
  std::array<int, kMaxPlayers> scored_{};    // sum of the seat's own turn scores
  std::array<int, kMaxPlayers> deducted_{};  // sum of the Island deductions it suffered
  int seat_ = 0;
  bool in_turn_ = false;
  Turn turn_;
  int turns_played_ = 0;
  int first_to_target_ = -1;
  int last_turns_left_ = 0;
  bool sudden_death_ = false;
  Ending ending_ = Ending::none;
  std::vector<int> winners_;
  TurnRecord last_turn_;
  std::vector<Action> history_;
};

static_assert(rules::GameState<State>);

// A reroll as a table reports it, "reroll sabre parrot -> coin skull": both steps or neither.
void apply_reroll(State& state, const FaceCounts& picked_up, const FaceCounts& came_up);

}  // namespace qm::piraten
