#pragma once
// The public side of a Loot table: what every player can see. The merchants at sea with the
// ships, captains and admiral on them, the captured merchants, the discard pile, the size of
// every hand and of the deck, and whose turn it is. It holds the rules that can be judged from
// public information alone:
//   - the turn order (clockwise from seat 0, the player left of the dealer);
//   - the colour rule: the first attacker of a merchant chooses any colour, a later attacker a
//     colour not yet on it, and a player's further ships there are of its own colour
//     (in teams, partners share one fleet and one colour per merchant);
//   - captains join their owner's fleet of the same colour; the admiral defends its owner's
//     merchant (or a partner's); the last captain or admiral played on a merchant wins it,
//     otherwise the strictly largest skull total wins, and a tie wins nothing yet;
//   - captures at the start of a turn (in teams: at the start of the team's first player's
//     turn), after which the cards played on the merchant are discarded;
//   - the empty deck: draw no more, discard only non-merchants;
//   - the end: the deck is empty and a hand is empty (in teams: both partners' hands);
//     merchants still at sea are lost.
// The hidden side (which cards are in which hand, the order of the deck) is the engine's
// (state.hpp); the table mode (table.hpp) tracks the public side only.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "rules/loot/action.hpp"
#include "rules/loot/battle.hpp"
#include "rules/loot/setup.hpp"
#include "scoring/loot/deck.hpp"

namespace qm::loot {

struct Capture {
  int number = 0;  // the merchant's #n
  int gold = 0;
  int seat = -1;   // who took it
  int turn = 0;    // at the start of which turn (Board::turns() then)

  friend constexpr bool operator==(const Capture&, const Capture&) = default;
};

class Board {
 public:
  // The table before the deal: the whole deck face down, no hands.
  explicit Board(const Setup& setup);

  // The deal: one card from the deck to `seat` (which card is the engine's business), and the
  // first turn, taken by seat 0.
  void deal(int seat);
  void start_play();

  // Throws RuleViolation, with the reason, for a move the public rules forbid. Whether the
  // player really holds the card is for the caller to check.
  void check(const Action& action) const;
  // check(), then perform().
  void play(const Action& action);
  // A move already check()ed: the move, then the end of the turn (the end of the game, or the
  // next turn with its captures). A draw here is the card arriving in the hand.
  void perform(const Action& action);

  const Setup& setup() const { return setup_; }
  int players() const { return setup_.players; }
  bool team_play() const { return !setup_.teams.empty(); }
  const std::string& name(int seat) const { return setup_.names[static_cast<std::size_t>(seat)]; }
  // The side a seat plays for: the seat itself in solo play, its team's index in team play.
  int side_of(int seat) const { return side_of_[static_cast<std::size_t>(seat)]; }
  int side_count() const { return side_count_; }
  // Seats on a side, in seat order.
  std::vector<int> members(int side) const;
  // The seat at whose turn a side's captures are made (RULINGS.md, Loot: Teams).
  int capturing_seat(int side) const { return capturing_seat_[static_cast<std::size_t>(side)]; }

  bool dealing() const { return dealing_; }
  bool is_over() const { return over_; }
  int current_seat() const { return current_; }  // -1 while dealing and after the end
  int turns() const { return turns_; }           // player turns completed
  int deck_size() const { return deck_size_; }
  int hand_size(int seat) const { return hand_size_[static_cast<std::size_t>(seat)]; }

  // Every merchant floated so far, by number (#1 is merchants()[0]); at_sea tells which are still out.
  std::span<const Battle> merchants() const { return {battles_.data(), static_cast<std::size_t>(floated_)}; }
  // The numbers of the merchants at sea, in increasing order.
  std::span<const std::uint8_t> sea() const { return {sea_.data(), static_cast<std::size_t>(sea_count_)}; }
  const Battle& merchant(int number) const { return battles_[static_cast<std::size_t>(number - 1)]; }
  // The merchant #number if it is at sea, else nullptr.
  const Battle* at_sea(int number) const;
  // Who wins it now: kept with the merchant and judged again after every card played on it.
  const Lead& lead(const Battle& battle) const { return battle.lead; }
  // The colour a side attacks a merchant with, or kNoColour.
  int side_colour(const Battle& battle, int side) const;

  std::span<const Capture> captures() const { return {captures_.data(), static_cast<std::size_t>(capture_count_)}; }
  int captured_gold(int seat) const;
  std::vector<Card> captured_merchants(int seat) const;
  const CardCounts& discards() const { return discards_; }  // face up, with the merchants lost at the end
  int lost_gold() const { return lost_gold_; }

  // Every card in public view: on the merchants at sea (merchants included), captured or discarded.
  CardCounts public_cards() const;
  int gold_at_sea() const;
  int captured_gold_total() const;

  // "" when the public records agree with each other, else what broke.
  std::string check_invariants() const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  void end_turn();
  void begin_turn(int seat);
  void capture_for(int side);
  Lead judge(const Battle& battle) const;
  void finish();
  void leave_sea(Battle& battle);
  bool end_reached() const;
  void check_attack(const Action& action, const Battle& battle) const;
  [[noreturn]] void refuse(const std::string& reason) const;
  const Battle& merchant_for(const Action& action) const;

  Setup setup_;
  std::array<std::int8_t, kMaxPlayers> side_of_{};
  std::array<std::int8_t, kMaxPlayers> capturing_seat_{};
  int side_count_ = 0;
  bool dealing_ = true;
  bool over_ = false;
  int current_ = -1;
  int turns_ = 0;
  int deck_size_ = kDeckSize;
  std::array<std::uint8_t, kMaxPlayers> hand_size_{};
  std::array<Battle, kMerchantCount> battles_{};
  int floated_ = 0;
  std::array<std::uint8_t, kMerchantCount> sea_{};  // numbers at sea, so turns skip the merchants gone
  int sea_count_ = 0;
  std::array<Capture, kMerchantCount> captures_{};
  int capture_count_ = 0;
  std::array<std::array<std::uint8_t, kMerchantTypes>, kMaxPlayers> captured_{};
  CardCounts discards_{};
  int lost_gold_ = 0;
};

}  // namespace qm::loot
