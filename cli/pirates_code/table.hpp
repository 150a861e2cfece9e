#pragma once
// A game of Pirate's Code at the table, memo variant (ヴァリアントルール: notes allowed; issue 7,
// item 3). One player keeps the notebook: `new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12`,
// then records what happens at the table as it happens:
//   guess [G] A B -> H [has] [, continue -> K has | nobody]    (-> nobody: G found the code)
//   inquiry [A->]T [showing C] (has Q | +K | -K) [yes|no]
//   scout [A->]T [showing C] [sees X]
//   clairvoyance [A] C D [sees X]
//   rapid-fire [A] C
//   plunder [A] C [from V] [takes X]
//   faceup [A] N...             a card played face up whose effect the table does not follow
//   turn PLAYER                 the turn is PLAYER's (a correction)
// The table knows what is public (turn order, hand sizes, face-up cards, continue tokens) and
// the owner's own hand: it refuses a move the rules or the owner's own cards rule out (a
// RuleViolation / InputError; the session then leaves no trace). Everything a move teaches goes
// to the notebook as clues (scoring/pirates_code/clue.hpp); an answer that cannot be true with
// the earlier ones is not failed but flagged: the event is kept and the contradiction reported.
//
// Nothing here prints: the commands (table_commands.cpp) announce the events. The state is
// rebuilt by replaying the journaled lines, so it holds nothing the same words would not give.
#include <optional>
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "cli/pirates_code/table_words.hpp"
#include "rules/pirates_code/game.hpp"
#include "scoring/pirates_code/clue.hpp"
#include "scoring/pirates_code/notebook.hpp"

namespace qm::cli::pirates_code_cli {

namespace pc = qm::pirates_code;

// What `new pirates-code` was given.
struct TableSetup {
  std::vector<std::string> names;  // clockwise from the start player
  int me = 0;                      // the notebook's owner
  pc::NumberSet hand;              // its number cards at the deal
  pc::Game game;                   // card set and options
};

// A contradiction the notebook reported, with the event that caused it.
struct EventContradiction {
  int event = 0;     // TableEvent::number
  std::string clue;  // describe(clue)
  std::string reason;
};

// One recorded event.
struct TableEvent {
  int number = 0;                                  // 1, 2, ... within this game
  int turn = 0;                                    // the turn it happened in
  std::string verb;                                // "guess", "inquiry", ...
  std::string text;                                // a sentence for people: "Bob guessed 5 and 11: Cy has one of them."
  std::vector<std::string> clues;                  // what the notebook was told, one line each
  std::vector<EventContradiction> contradictions;  // of those clues, the ones that could not be true
  bool wins = false;                               // a guess everybody denied
};

class PiratesCodeTable : public GameTable {
 public:
  // Throws InputError for a bad count, an unknown --me or a hand of the wrong size.
  explicit PiratesCodeTable(TableSetup setup);

  // GameTable
  std::string game() const override { return "pirates-code"; }
  const std::vector<std::string>& players() const override { return setup_.names; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "cards"; }
  std::string whose_turn() const override;
  bool is_over() const override { return winner_ >= 0; }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  int completed_turns() const override { return turn_ - 1; }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;

  // The events, from the words typed after the command (`guess`: {"Bob", "5", "11", "->", ...}).
  // Each checks everything first and changes nothing when it throws.
  const TableEvent& guess(const std::vector<std::string>& words);
  const TableEvent& inquiry(const std::vector<std::string>& words);
  const TableEvent& scout(const std::vector<std::string>& words);
  const TableEvent& clairvoyance(const std::vector<std::string>& words);
  const TableEvent& rapid_fire(const std::vector<std::string>& words);
  const TableEvent& plunder(const std::vector<std::string>& words);
  const TableEvent& face_up(const std::vector<std::string>& words);
  const TableEvent& set_turn(const std::vector<std::string>& words);

  // What the table knows.
  const TableSetup& setup() const { return setup_; }
  const pc::Notebook& notebook() const { return notebook_; }
  const std::vector<TableEvent>& events() const { return events_; }
  std::vector<EventContradiction> contradictions() const;
  int me() const { return setup_.me; }
  const std::string& name(int seat) const { return setup_.names[static_cast<std::size_t>(seat)]; }
  int player_count() const { return static_cast<int>(setup_.names.size()); }
  int turn() const { return turn_; }
  int turn_player() const { return turn_player_; }
  int actions_left() const { return actions_left_; }
  int winner() const { return winner_; }
  pc::NumberSet winning_guess() const { return winning_guess_; }
  int hand_size(int seat) const { return hand_size_[static_cast<std::size_t>(seat)]; }
  pc::NumberSet face_up(int seat) const { return face_up_[static_cast<std::size_t>(seat)]; }
  pc::NumberSet all_face_up() const;
  bool has_token(int seat) const { return token_[static_cast<std::size_t>(seat)]; }
  pc::NumberSet my_hand() const { return my_hand_; }
  int my_skeletons() const { return my_skeletons_; }
  // The seat of a player named in any case (`me` for the owner); throws InputError naming it.
  int seat_of(const std::string& token) const;
  std::optional<int> find_seat(const std::string& token) const;

 private:
  // What an event does, worked out and checked before anything changes.
  struct Effect {
    std::string verb;
    int actor = -1;
    std::string text;
    std::vector<pc::Clue> clues;
    std::vector<int> face_up;                          // numbers the actor puts face up
    int move_from = -1, move_to = -1, move_card = -1;  // plunder; card -1: unseen
    bool spends_token = false;
    bool wins = false;
    pc::NumberSet declared;
    bool failed_guess = false;
    int extra_actions = 0;
    int new_turn_player = -1;  // `turn`
  };

  // The acting player: the one named, or the one whose turn it is. Refuses a move out of turn
  // and any move once the game is over.
  int actor_of(std::optional<int> named, const std::string& verb) const;
  // The player named by the cursor's next token, if it is one.
  std::optional<int> take_player(TokenCursor& cursor) const;
  void check_played_card(int actor, int card, pc::Role role, const std::string& verb) const;
  void check_not_mine(int actor, int number, const std::string& what) const;
  std::vector<int> plunder_victims(int actor) const;
  const TableEvent& commit(Effect effect);
  void end_action();
  void end_turn();

  TableSetup setup_;
  pc::Notebook notebook_;
  std::vector<TableEvent> events_;
  int turn_ = 1;  // the turn being played, from 1
  int turn_player_ = 0;
  int actions_left_ = 1;
  int winner_ = -1;
  pc::NumberSet winning_guess_;
  std::vector<int> hand_size_;
  std::vector<pc::NumberSet> face_up_;
  std::vector<bool> token_;
  pc::NumberSet my_hand_;
  int my_skeletons_ = 0;
};

}  // namespace qm::cli::pirates_code_cli
