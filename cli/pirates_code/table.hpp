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
// The engine's table mode (rules/pirates_code/table.hpp) holds the state and the rules: it
// refuses what the rules or the owner's own cards rule out (a RuleViolation / InputError; the
// session then leaves no trace) and flags, not fails, an event that cannot be true with the
// earlier ones (leaving its clues out of the notebook as a whole). This adapter
// reads the typed words into its events (table_words.hpp) and gives the recorded events back as
// people read them.
//
// Nothing here prints: the commands (table_commands.cpp) announce the events. The state is
// rebuilt by replaying the journaled lines, so it holds nothing the same words would not give.
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "rules/pirates_code/table.hpp"

namespace qm::cli::pirates_code_cli {

namespace pc = qm::pirates_code;

// What `new pirates-code` was given.
using TableSetup = pc::TableSetup;

// An event the notebook left out because it could not be true with the earlier ones.
struct EventContradiction {
  int event = 0;     // TableEvent::number
  std::string clue;  // describe(clue) of the first clue that could not be true
  int clue_index = 0;  // its place in TableEvent::clues
  std::string reason;
};

// One recorded event, as people read it.
struct TableEvent {
  int number = 0;                                  // 1, 2, ... within this game
  int turn = 0;                                    // the turn it happened in
  std::string verb;                                // "guess", "inquiry", ...
  std::string text;                                // a sentence for people: "Bob guessed 5 and 11: Cy has one of them."
  std::vector<std::string> clues;                  // what the notebook was told, one line each
  std::vector<EventContradiction> contradictions;  // one when the event was left out, else none
  bool wins = false;                               // a guess everybody denied
};

class PiratesCodeTable : public GameTable {
 public:
  // Throws InputError for a bad count, an unknown --me or a hand of the wrong size.
  explicit PiratesCodeTable(TableSetup setup);

  // GameTable
  std::string game() const override { return "pirates-code"; }
  const std::vector<std::string>& players() const override { return table_.setup().names; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "cards"; }
  std::string whose_turn() const override;
  bool is_over() const override { return table_.is_over(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  int completed_turns() const override { return table_.turn() - 1; }
  std::string no_running_score() const override { return "Pirate's Code is won by finding the code, not by points"; }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;

  // The events, from the words typed after the command (`guess`: {"Bob", "5", "11", "->", ...}).
  // Each checks everything first and changes nothing when it throws.
  TableEvent guess(const std::vector<std::string>& words);
  TableEvent inquiry(const std::vector<std::string>& words);
  TableEvent scout(const std::vector<std::string>& words);
  TableEvent clairvoyance(const std::vector<std::string>& words);
  TableEvent rapid_fire(const std::vector<std::string>& words);
  TableEvent plunder(const std::vector<std::string>& words);
  TableEvent face_up(const std::vector<std::string>& words);
  TableEvent set_turn(const std::vector<std::string>& words);

  // What the table knows.
  const pc::Table& tracked() const { return table_; }
  std::vector<TableEvent> events() const;
  std::vector<EventContradiction> contradictions() const;
  const pc::Notebook& notebook() const { return table_.notebook(); }
  int me() const { return table_.me(); }
  const std::string& name(int seat) const { return table_.name(seat); }
  int player_count() const { return table_.players(); }
  int turn() const { return table_.turn(); }
  int actions_left() const { return table_.actions_left(); }
  int winner() const { return table_.winner(); }
  pc::NumberSet winning_guess() const { return table_.winning_guess(); }
  int hand_size(int seat) const { return table_.hand_size(seat); }
  pc::NumberSet face_up(int seat) const { return table_.face_up(seat); }
  bool has_token(int seat) const { return table_.has_token(seat); }
  pc::NumberSet my_hand() const { return table_.my_hand(); }
  int my_skeletons() const { return table_.my_skeletons(); }

 private:
  TableEvent record(const pc::Event& event);
  TableEvent for_people(const pc::RecordedEvent& recorded) const;

  pc::Table table_;
};

}  // namespace qm::cli::pirates_code_cli
