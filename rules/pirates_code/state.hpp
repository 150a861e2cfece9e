#pragma once
// The state of one game of Pirate's Code (see game.hpp for the rules summary and options).
//
// Flow: a chance deal; then turns clockwise from seat 0. A turn is one action (rapid fire adds
// two). Scouting and plunder are followed by a chance draw (the card seen or taken). A failed
// guess by a player holding its continue token (with someone left to ask) is followed by its
// decision: continue_judgement or stop_judgement. The guesser wins when everyone answers
// "don't have"; the game then ends.
//
// Private knowledge: every seat has its own list of clues (scoring/pirates_code/clue.hpp), the
// things it saw and heard, in order: clues(seat). dealt(seat) and clues(seat) are exactly what a
// notebook of that seat needs (see notebook_of).
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rules/engine.hpp"
#include "rules/pirates_code/action.hpp"
#include "rules/pirates_code/game.hpp"
#include "scoring/pirates_code/clue.hpp"
#include "scoring/pirates_code/notebook.hpp"

namespace qm::pirates_code {

enum class Phase : std::uint8_t {
  deal,       // chance: the deal
  play,       // the turn player acts
  draw,       // chance: the card scouting sees or plunder takes
  judgement,  // the guesser decides whether to pay its continue token
  over,       // someone guessed the code
};

class State {
 public:
  using Action = pirates_code::Action;

  explicit State(Game game);

  // --- the GameState concept (rules/engine.hpp)
  int current_player() const;
  bool is_terminal() const { return table_.phase == Phase::over; }
  std::vector<Action> legal_actions() const;
  // Every chance outcome with its probability (deal: not enumerated, sample it or enter it).
  std::vector<std::pair<Action, double>> chance_outcomes() const;
  Action sample_chance(rules::Rng& rng) const;
  // Throws RuleViolation (state unchanged) for an action the rules do not allow now.
  void apply_action(const Action& action);
  const std::vector<Action>& history() const { return history_; }
  std::vector<double> returns() const;
  std::string check_invariants() const;
  std::string to_string() const;

  // --- what lies on the table
  const Game& game() const { return *game_; }
  int players() const { return game_->players; }
  Phase phase() const { return table_.phase; }
  int turn_player() const { return table_.turn_player; }
  int actions_left() const { return table_.actions_left; }
  int turns() const { return table_.turns; }
  int winner() const { return table_.winner; }
  NumberSet hand(int seat) const { return table_.hands[index(seat)]; }
  int skeletons(int seat) const { return table_.skeletons[index(seat)]; }
  int hand_size(int seat) const { return hand(seat).size() + skeletons(seat); }
  NumberSet face_up(int seat) const { return table_.face_up[index(seat)]; }
  NumberSet face_up() const;  // every face-up number on the table
  // The two code cards (slot 0, slot 1); 0 before the deal.
  std::array<int, kCodeCards> code() const { return {table_.code[0], table_.code[1]}; }
  bool has_continue_token(int seat) const { return table_.token[index(seat)]; }
  // The declared numbers of the guess being judged (Phase::judgement) or of the winning guess.
  NumberSet declared() const { return table_.declared; }

  // --- what each seat knows
  NumberSet dealt(int seat) const { return table_.dealt[index(seat)]; }
  const std::vector<Clue>& clues(int seat) const { return clues_[index(seat)]; }
  // Code card slots this seat has looked at (bit 0: slot 0, bit 1: slot 1).
  int seen_code_slots(int seat) const { return table_.seen_slots[index(seat)]; }
  // The notebook of `seat` after everything it saw and heard. Throws RuleViolation before the deal.
  Notebook notebook_of(int seat) const;

  friend bool operator==(const State& a, const State& b) {
    return *a.game_ == *b.game_ && a.table_ == b.table_ && a.clues_ == b.clues_ && a.history_ == b.history_;
  }

 private:
  struct Table {
    Phase phase = Phase::deal;
    int turn_player = 0;
    int actions_left = 0;
    int turns = 0;
    int winner = -1;
    std::array<NumberSet, kMaxPlayers> hands{};
    std::array<int, kMaxPlayers> skeletons{};
    std::array<NumberSet, kMaxPlayers> face_up{};
    std::array<NumberSet, kMaxPlayers> dealt{};
    std::array<int, kCodeCards> code{};
    std::array<bool, kMaxPlayers> token{};
    std::array<int, kMaxPlayers> seen_slots{};
    // Pending draw (Phase::draw): which card asked for it, and from whom.
    Move drawing_for = Move::scouting;
    int draw_from = -1;
    // Guess under judgement (Phase::judgement), or the winning guess.
    NumberSet declared;
    int resume_position = 0;
    friend bool operator==(const Table&, const Table&) = default;
  };

  static std::size_t index(int seat) { return static_cast<std::size_t>(seat); }
  void check_legal(const Action& action) const;
  void check_play(const Action& action) const;
  void step(const Action& action);
  void tell(int seat, const Clue& clue) { clues_[index(seat)].push_back(clue); }
  void tell_all(const Clue& clue);
  void tell_answers(int guesser, NumberSet declared, int start_position);
  void end_action();
  void end_turn();
  void put_face_up(int seat, int number);
  std::vector<int> plunder_victims(int seat) const;

  std::shared_ptr<const Game> game_;
  Table table_;
  std::array<std::vector<Clue>, kMaxPlayers> clues_;
  std::vector<Action> history_;
};

static_assert(rules::GameState<State>);

}  // namespace qm::pirates_code
