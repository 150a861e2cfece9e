#pragma once
// The Loot rule engine (after OpenSpiel): the whole game with its hidden information, the
// hands and the deck. Rules summary (rules/loot.ja.md; RULINGS.md, Loot):
//   - 78 cards: 25 merchants worth 100 gold, 48 pirate ships in four colours, four captains,
//     one admiral. Six cards each, dealt one at a time from seat 0 (left of the dealer).
//   - On its turn a player takes what it wins (board.hpp: captures), then does one thing:
//     draw; float a merchant; attack with a pirate ship (or reinforce its fleet) under the
//     colour rule; play a captain on its own fleet of that colour; play the admiral on its own
//     merchant. With the deck empty, drawing gives way to discarding a non-merchant.
//   - The game ends as soon as the deck is empty and a hand is empty (in teams: both hands of
//     one team); merchants at sea are lost. Score: captured gold - gold of merchants in hand.
// Chance is a player: every card that comes off the deck (in the deal, and after each `draw`)
// is a `reveal CARD` action of the chance player, sampled from the cards not yet seen, so a
// game is (setup, history) and replays exactly; a table can also apply the card it really drew.
//
// Parameters (see setup.hpp for the `teams` option): players 2-5 solo, 4/6/8 in teams of two.
#include <array>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "rules/engine.hpp"
#include "rules/loot/action.hpp"
#include "rules/loot/board.hpp"
#include "rules/loot/setup.hpp"
#include "scoring/loot/deck.hpp"
#include "scoring/loot/final_totals.hpp"

namespace qm::loot {

// Enough for every legal move of one turn: 1 draw, 7 floats, 16 pirates x 25 merchants,
// 4 captains x 25, the admiral x 25, 21 discards.
inline constexpr int kMaxLegalActions = 1 + kMerchantTypes + (kColourCount * kMaxSkulls + kColourCount + 1) * kMerchantCount +
                                        (kCardTypes - kMerchantTypes);

// A fixed-capacity list of actions, so a simulation allocates nothing per turn.
class ActionList {
 public:
  void clear() { size_ = 0; }
  void push_back(const Action& action) { items_[static_cast<std::size_t>(size_++)] = action; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Action& operator[](int index) const { return items_[static_cast<std::size_t>(index)]; }
  const Action* begin() const { return items_.data(); }
  const Action* end() const { return items_.data() + size_; }
  // For a generator that writes the actions itself, then says how many it wrote.
  Action* data() { return items_.data(); }
  void resize(int size) { size_ = size; }

 private:
  std::array<Action, kMaxLegalActions> items_{};
  int size_ = 0;
};

class State {
 public:
  using Action = loot::Action;

  // A fresh game: the deal starts with chance actions. Throws InputError for a bad setup.
  explicit State(const Setup& setup);

  // kChancePlayer while a card is to come off the deck (the deal, after a draw),
  // kTerminalPlayer at the end, otherwise the seat to move.
  int current_player() const;
  bool is_terminal() const { return board_.is_over(); }
  // The moves of the player to move (empty at chance nodes and at the end).
  std::vector<Action> legal_actions() const;
  void legal_actions(ActionList& out) const;
  // Chance: the cards that may come off the deck, with their probabilities.
  std::vector<std::pair<Action, double>> chance_outcomes() const;
  Action sample_chance(rules::Rng& rng) const;
  // Throws RuleViolation with the reason (the state unchanged) for an illegal action.
  void apply_action(const Action& action);

  const std::vector<Action>& history() const { return history_; }
  // Each seat's score: captured gold - gold of the merchants in its hand.
  std::vector<double> returns() const;
  int score(int seat) const;
  // Seats sharing the win (in teams: every member of the winning team(s)).
  std::vector<int> winners() const;
  // The same totals as `quartermaster score loot` would give for this table.
  FinalTotals final_totals() const;

  // "" when every invariant holds, else what broke: check_gold, check_cards and the board's.
  std::string check_invariants() const;
  // Captured + at sea + in hands + in the deck + lost = 100 gold.
  std::string check_gold() const;
  // Every one of the 78 cards is in exactly one place: hands, deck, sea, captured, discards.
  std::string check_cards() const;
  std::string to_string() const;

  const Board& board() const { return board_; }
  const Setup& setup() const { return board_.setup(); }
  const CardCounts& hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  std::vector<Card> hand_cards(int seat) const;
  int hand_gold(int seat) const;
  // The cards not yet turned up, as counts (the deck is shuffled, so only its make-up matters).
  const CardCounts& deck() const { return deck_; }

  friend bool operator==(const State&, const State&) = default;

 private:
  void reveal(const Action& action);
  void play(const Action& action);

  Board board_;
  std::array<CardCounts, kMaxPlayers> hands_{};
  std::array<std::uint32_t, kMaxPlayers> held_types_{};  // per seat: bit t while the hand holds a card of type t
  CardCounts deck_ = full_deck();
  int dealt_ = 0;
  int drawer_ = -1;  // the seat waiting for the card it drew
  std::vector<Action> history_;
};

static_assert(rules::GameState<State>);

}  // namespace qm::loot
