#pragma once
// Table mode: following a real game of Loot from what is played in the open. Nobody tells the
// tool which cards are in a hand or in what order the deck lies; it knows the merchants at sea
// and the ships on them, the captures, the discards, the size of every hand and of the deck.
// It validates each move against the public rules (board.hpp) and against the cards still
// unaccounted for (a second blue captain cannot appear), performs captures at the start of
// turns, and gives the final totals once players show the merchants left in their hands.
//
//   Table table(table_setup({"Ann", "Bob", "Cy"}));        // the cards are dealt: 6 each
//   table.play(parse_action("float Ann m5", names));       // becomes merchant #1
//   table.play(parse_action("attack Bob blue3 #1", names));
//   battle_view(table.board());                            // who wins #1, and why
//   ...                                                    // the deck runs out, a hand is empty
//   table.end({{"Ann", {m2}}, {"Cy", {m4}}});              // the merchants left in the hands
//
// A table that does not track the moves types only the result: settle(captured, hands).
// Undo: replay the same steps without the last one into a fresh Table.
#include <optional>
#include <string>
#include <vector>

#include "rules/loot/action.hpp"
#include "rules/loot/battle_view.hpp"
#include "rules/loot/board.hpp"
#include "rules/loot/setup.hpp"
#include "scoring/loot/final_totals.hpp"

namespace qm::loot {

// One player's cards as named at the table (`Ann=m5,m3`, `hand Ann m2`): the name as first typed.
struct NamedCards {
  std::string name;
  std::vector<Card> cards;
  friend bool operator==(const NamedCards&, const NamedCards&) = default;
};

// What one move did, for its announcement.
struct MoveOutcome {
  Action action;
  bool reinforced = false;      // attack: the side already had a fleet there
  std::vector<Capture> captures;  // made at the start of the turn(s) that followed
  std::vector<int> lost;        // merchants (#n) lost at sea when the game ended
  bool deck_emptied = false;    // this draw took the last card of the deck
  bool ended = false;           // the move ended the game (deck empty, a hand empty)
};

class Table {
 public:
  // Throws InputError for a bad setup. The deal is done: six cards in every hand.
  explicit Table(const Setup& setup);

  // ---- Moves
  // Throws RuleViolation, with the reason, if the move is not allowed; the table is unchanged.
  void check(const Action& action) const;
  void apply(const Action& action);
  // A move at the table: refused once the game is over (check_playing) and for `reveal`
  // (nobody sees the card drawn); otherwise apply(), and what the move did.
  MoveOutcome play(const Action& action);
  // Throws RuleViolation once the game is over or its totals are given, saying what comes next.
  void check_playing() const;

  // ---- The end: the piles the totals take, noted a player at a time (typed, or photographed),
  // then the totals. Each step throws (RuleViolation when the rules forbid it now, InputError
  // for cards that cannot be there) and then changes nothing.
  // The cards left in a hand (once a tracked game is over), or, at a table that tracked no move,
  // the merchants a player captured.
  enum class Pile { hand, captured };
  // Why `pile` cannot be noted now, or nullopt.
  std::optional<std::string> pile_refusal(Pile pile) const;
  // Noting a pile again replaces it. Checked now as end() or settle() will check it, so that a
  // wrong card is refused as it is typed.
  void note(Pile pile, const NamedCards& cards);
  const std::vector<NamedCards>& noted(Pile pile) const { return pile == Pile::hand ? noted_hands_ : noted_captured_; }
  // The game has ended at the table: the merchants (or all the cards) left in each hand, with
  // those noted for players not named here; a player neither named nor noted shows none.
  const FinalTotals& end(const std::vector<NamedCards>& hands);
  // Without tracking: the merchants each player captured and those left in its hand (with the
  // piles noted for players not named here).
  const FinalTotals& settle(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands);
  const std::optional<FinalTotals>& result() const { return result_; }
  bool typed_final() const { return typed_final_; }  // the result came from settle()

  // ---- Views
  const Board& board() const { return board_; }
  const std::vector<Action>& history() const { return history_; }
  std::vector<BattleView> battles() const { return battle_view(board_); }
  // The seat of a player named in any case; throws InputError naming the players.
  int seat_of(const std::string& name) const;
  // Copies of a card not in public view: in some hand or in the deck.
  int unaccounted(Card card) const;

  // The final totals, given the cards each seat shows from its hand (all of them, or just its
  // merchants). Throws InputError if a seat shows more cards than it holds or a merchant
  // that is already accounted for.
  FinalTotals final_totals(const std::vector<std::vector<Card>>& hands) const;

  std::string check_invariants() const { return board_.check_invariants(); }

  friend bool operator==(const Table&, const Table&) = default;

 private:
  std::vector<std::vector<Card>> shown_hands(const std::vector<NamedCards>& hands) const;  // per seat
  // Why `shown` copies of `card` in the hands (per seat) cannot all be there.
  std::string shown_too_often(Card card, int shown, const std::vector<std::vector<Card>>& hands) const;
  std::vector<PlayerHaul> hauls(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands) const;
  std::vector<std::vector<std::string>> team_names() const;

  Board board_;
  std::vector<Action> history_;
  std::optional<FinalTotals> result_;
  std::vector<NamedCards> noted_hands_;  // one entry per player noted, in the order noted
  std::vector<NamedCards> noted_captured_;
  bool typed_final_ = false;
};

}  // namespace qm::loot
