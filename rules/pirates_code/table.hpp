#pragma once
// Table mode, memo variant (ヴァリアントルール: notes allowed): following a real game of Pirate's
// Code from the seat of the player keeping the notebook ("me"). Nobody tells the table the other
// hands or the code; it knows what is public (turn order, hand sizes, face-up cards, continue
// tokens) and the owner's own hand, and follows the game from the events players call out.
//
// Each event is checked in full before anything changes: a move the rules or the owner's own
// cards rule out throws RuleViolation, an event that contradicts itself or leaves out what the
// owner saw throws InputError, both naming the reason; so does what the owner knows is false (an
// answer of its own its hand contradicts, a code card seen that it holds or that is face up, a
// card shown to someone else, which only that player saw). What an event teaches goes to the owner's
// notebook as clues (scoring/pirates_code/clue.hpp), all of one event as one line. An event that
// cannot be true with the earlier ones is not refused but flagged: the event is kept (the turn
// moves on as the table saw it), and its clues are left out of the notebook as a whole.
//
//   Table table({{"Ann", "Bob", "Cy"}, 0, NumberSet::of({3, 7, 9, 12}), make_game(3, {})});
//   table.apply(Scout{.target = 1, .seen = 4});      // Ann (to play) scouts Bob and sees a 4
//   table.apply(Guess{.first = 5, .second = 11, .holder = 2});  // Bob guesses; Cy says "have"
//   table.notebook().possible_codes();
//
// Seats are numbered clockwise from the start player, 0 to players-1. In every event `actor` is
// the player acting: std::nullopt for the player whose turn it is (naming anyone else is refused).
// Undo: replay history() without its last event into a fresh Table.
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/pirates_code/game.hpp"
#include "rules/seats.hpp"
#include "scoring/pirates_code/clue.hpp"
#include "scoring/pirates_code/notebook.hpp"

namespace qm::pirates_code {

// 2. 財宝の隠し場所を推理する: a guess and its judgement, answered clockwise from the guesser itself.
struct Guess {
  static constexpr const char* kName = "guess";
  std::optional<int> actor{};
  int first = 0;  // the two numbers declared
  int second = 0;
  int holder = -1;                 // the first to say "have"; -1: nobody, the guesser found the code
  std::optional<int> continued{};  // the guesser paid its continue token: the next to say "have" (-1: nobody)
  friend bool operator==(const Guess&, const Guess&) = default;
};

// 聞き込み: an inquiry card shown to `target`, asking about one number; a truthful yes or no.
struct Inquiry {
  static constexpr const char* kName = "inquiry";
  std::optional<int> actor{};
  int target = -1;
  std::optional<int> card{};     // the card shown, when the owner saw it
  std::optional<int> asked{};    // the number asked about, when it was heard (any whole number)
  std::optional<int> offset{};   // or what was added to the card shown (+K / -K), as a bystander hears it
  std::optional<bool> answer{};  // may be left out when the owner was asked: its hand answers
  friend bool operator==(const Inquiry&, const Inquiry&) = default;
};

// 偵察: a scouting card shown to `target`, who has a random card of its hand looked at.
struct Scout {
  static constexpr const char* kName = "scout";
  std::optional<int> actor{};
  int target = -1;
  std::optional<int> card{};  // the card shown, when the owner saw it
  std::optional<int> seen{};  // the card looked at (a number or kSkeleton): the owner says it when scouting
  friend bool operator==(const Scout&, const Scout&) = default;
};

// 千里眼: the clairvoyance card and one more put face up; a code card looked at.
struct Clairvoyance {
  static constexpr const char* kName = "clairvoyance";
  std::optional<int> actor{};
  int card = 0;  // the two cards put face up, in either order
  int other = 0;
  std::optional<int> seen{};  // the code card the owner looked at, when it was the owner's
  friend bool operator==(const Clairvoyance&, const Clairvoyance&) = default;
};

// 連射: a rapid fire card put face up; two more actions this turn.
struct RapidFire {
  static constexpr const char* kName = "rapid-fire";
  std::optional<int> actor{};
  int card = 0;
  friend bool operator==(const RapidFire&, const RapidFire&) = default;
};

// 強奪: a plunder card put face up; a random card taken from the player with the most cards.
struct Plunder {
  static constexpr const char* kName = "plunder";
  std::optional<int> actor{};
  int card = 0;
  std::optional<int> victim{};  // may be left out when one player has the most cards
  std::optional<int> taken{};   // the card taken (a number or kSkeleton), when the owner took or lost it
  friend bool operator==(const Plunder&, const Plunder&) = default;
};

// Cards played face up whose effect the table does not follow (e.g. an extension card): one action.
struct FaceUp {
  static constexpr const char* kName = "faceup";
  std::optional<int> actor{};
  std::vector<int> numbers{};
  friend bool operator==(const FaceUp&, const FaceUp&) = default;
};

// A correction: the table moved on without the moves being recorded; `player` is to play, with
// one action.
struct SetTurn {
  static constexpr const char* kName = "turn";
  int player = -1;
  friend bool operator==(const SetTurn&, const SetTurn&) = default;
};

using Event = std::variant<Guess, Inquiry, Scout, Clairvoyance, RapidFire, Plunder, FaceUp, SetTurn>;

// The event's kind as the table calls it: "guess", "inquiry", ..., "rapid-fire", "faceup", "turn".
std::string event_name(const Event& event);

// One event as the table recorded it.
struct RecordedEvent {
  int number = 0;  // 1, 2, ... within this game
  int turn = 0;    // the turn it happened in
  int actor = -1;  // who acted (`turn`: the player whose turn it became)
  // The event as applied, completed with what the table worked out: the actor; the clairvoyance
  // card first; the inquiry's number asked (card + offset) and its answer from the owner's hand;
  // the plunder's victim when only one player had the most cards.
  Event event;
  std::vector<Clue> clues;  // what the notebook was told
  // When the event could not be true with the earlier ones: the index in `clues` of the first
  // clue that could not; the whole event was then left out of the notebook.
  std::optional<int> contradiction;
  bool wins = false;              // a guess everybody denied
  friend bool operator==(const RecordedEvent&, const RecordedEvent&) = default;
};

// What the table is started with (`new pirates-code`).
struct TableSetup {
  std::vector<std::string> names;  // clockwise from the start player
  int me = 0;                      // the notebook's owner
  NumberSet hand;                  // its number cards at the deal
  Game game;                       // card set and options
  friend bool operator==(const TableSetup&, const TableSetup&) = default;
};

class Table {
 public:
  // Throws InputError for a bad count, an unknown owner or a hand of the wrong size.
  explicit Table(TableSetup setup);

  // The player acting in an event called `event` (event_name): the one whose turn it is, who may
  // be `named`. Throws RuleViolation once the game is over or for a player acting out of turn.
  int actor_of(std::optional<int> named, std::string_view event) const;
  // Throws RuleViolation or InputError, naming the reason, if the event cannot be recorded now.
  void check(const Event& event) const;
  // Checks the event, then records it; when it throws, nothing has changed.
  const RecordedEvent& apply(const Event& event);

  const TableSetup& setup() const { return setup_; }
  const std::string& name(int seat) const { return setup_.names[seats::at(seat)]; }
  int players() const { return static_cast<int>(setup_.names.size()); }
  int me() const { return setup_.me; }
  const Notebook& notebook() const { return notebook_; }
  const std::vector<RecordedEvent>& history() const { return history_; }

  int turn() const { return turn_; }  // the turn being played, from 1
  int turn_player() const { return turn_player_; }
  int actions_left() const { return actions_left_; }
  bool is_over() const { return winner_ >= 0; }
  int winner() const { return winner_; }  // -1 until someone found the code
  NumberSet winning_guess() const { return winning_guess_; }
  int hand_size(int seat) const { return hand_size_[seats::at(seat)]; }
  NumberSet face_up(int seat) const { return face_up_[seats::at(seat)]; }
  NumberSet face_up() const;  // every number face up on the table
  bool has_token(int seat) const { return token_[seats::at(seat)]; }
  NumberSet my_hand() const { return my_hand_; }
  int my_skeletons() const { return my_skeletons_; }
  // The players `plunderer` may take a card from now (強奪: the most cards among the others).
  std::vector<int> plunder_victims(int plunderer) const;

  friend bool operator==(const Table&, const Table&) = default;

 private:
  // What an event does, worked out and checked before anything changes.
  struct Effect {
    Event event;  // completed
    int actor = -1;
    std::vector<Clue> clues;
    std::vector<int> face_up;                          // numbers the actor puts face up
    int move_from = -1, move_to = -1, move_card = -1;  // plunder; card -1: unseen
    bool spends_token = false;
    bool wins = false;
    NumberSet declared;
    bool failed_guess = false;
    int extra_actions = 0;
    int new_turn_player = -1;  // `turn`
  };

  Effect effect_of(const Event& event) const;  // one of these:
  Effect work_out(Guess guess) const;
  Effect work_out(Inquiry inquiry) const;
  Effect work_out(Scout scout) const;
  Effect work_out(Clairvoyance clairvoyance) const;
  Effect work_out(RapidFire rapid_fire) const;
  Effect work_out(Plunder plunder) const;
  Effect work_out(FaceUp shown) const;
  Effect work_out(SetTurn set_turn) const;
  void check_seat(int seat, const char* event) const;
  void check_played_card(int actor, int card, Role role, const char* event) const;
  // An inquiry or scouting card the actor shows another player (`card` when it was seen): the
  // target is someone else at the table and the card is played from the hand. The role's numbers.
  NumberSet check_shown_card(int actor, int target, std::optional<int> card, Role role, const char* event) const;
  void check_not_mine(int actor, int number, const char* event) const;
  // Refuses a guess whose `answers` (its clues) give the owner an answer its hand contradicts.
  void check_my_answers(const Guess& guess, const std::vector<Clue>& answers) const;
  void end_action();
  void end_turn();

  TableSetup setup_;
  Notebook notebook_;
  std::vector<RecordedEvent> history_;
  int turn_ = 1;
  int turn_player_ = 0;
  int actions_left_ = 1;
  int winner_ = -1;
  NumberSet winning_guess_;
  std::vector<int> hand_size_;
  std::vector<NumberSet> face_up_;
  std::vector<bool> token_;
  NumberSet my_hand_;
  int my_skeletons_ = 0;
};

}  // namespace qm::pirates_code
