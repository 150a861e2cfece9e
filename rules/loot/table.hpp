#pragma once
// Table mode: following a real game of Loot from what is played in the open. Nobody tells the
// tool which cards are in a hand or in what order the deck lies; it knows the merchants at sea
// and the ships on them, the captures, the discards, the size of every hand and of the deck.
// It validates each move against the public rules (board.hpp) and against the cards still
// unaccounted for (a second blue captain cannot appear), performs captures at the start of
// turns, and gives the final totals once players show the merchants left in their hands.
//
//   Table table(table_setup({"Ann", "Bob", "Cy"}));        // the cards are dealt: 6 each
//   table.apply(parse_action("float Ann m5", names));      // becomes merchant #1
//   table.apply(parse_action("attack Bob blue3 #1", names));
//   battle_view(table.board());                            // who wins #1, and why
//
// Undo: replay history() without its last move into a fresh Table.
#include <string>
#include <vector>

#include "rules/loot/action.hpp"
#include "rules/loot/battle_view.hpp"
#include "rules/loot/board.hpp"
#include "rules/loot/setup.hpp"
#include "scoring/loot/final_totals.hpp"

namespace qm::loot {

class Table {
 public:
  // Throws InputError for a bad setup. The deal is done: six cards in every hand.
  explicit Table(const Setup& setup);

  // Throws RuleViolation, with the reason, if the move is not allowed; the table is unchanged.
  void check(const Action& action) const;
  void apply(const Action& action);

  const Board& board() const { return board_; }
  const std::vector<Action>& history() const { return history_; }
  std::vector<BattleView> battles() const { return battle_view(board_); }
  // Copies of a card not in public view: in some hand or in the deck.
  int unaccounted(Card card) const;

  // The final totals, given the cards each seat shows from its hand (all of them, or just its
  // merchants). Throws InputError if a seat shows more cards than it holds or a merchant
  // that is already accounted for.
  FinalTotals final_totals(const std::vector<std::vector<Card>>& hands) const;

  std::string check_invariants() const { return board_.check_invariants(); }

  friend bool operator==(const Table&, const Table&) = default;

 private:
  Board board_;
  std::vector<Action> history_;
};

}  // namespace qm::loot
