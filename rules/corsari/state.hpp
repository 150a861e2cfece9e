#pragma once
// Corsari (Leo Colovini), the rule engine. Rules: ../shared/rules/corsari.ja.md, binding
// decisions: RULINGS.md, Corsari.
//
// In plain words: 110 cards, ten colours x 1-11. Each deal the dealer deals 12 cards to each
// player one at a time, lays a tavern of 5 + players face-up cards (its top card's colour is the
// tavern colour) and turns one card from the deck to start the discard pile. From the dealer's
// left, each turn a player draws one card (deck, top of the discard pile, or top of the tavern,
// which changes the tavern colour), then discards one card face up or sails: it puts one card
// face down and groups the other 12 into prisoners (tavern colour), crew (two other colours, no
// number twice) and stowaways. Opponents may add cards to the sailor's crew, group theirs, and
// the sailing is settled (scoring/corsari/settlement.hpp). Taking the last tavern card voids the
// deal; taking the last card of the draw pile forces a sailing. The dealer passes clockwise;
// players reaching the penalty limit are out; the last player left wins.
//
// Chance is a player: each deal starts with a shuffle action that carries the deck's order, so
// a match is (rules, actions) and replays exactly. Every other decision is a player's; grouping
// and additions are not decisions here because the best ones are dominant for each player (the
// engine makes them exactly), while the table flow can still settle stated additions with settle().
//
// Parameters (GameOptions keys):
//   name          default  meaning
//   limit         101      penalty at which a player is out (RULINGS.md, Match)
//   first_dealer  0        seat (0-based) that deals the first deal
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rules/corsari/action.hpp"
#include "rules/corsari/match.hpp"
#include "rules/engine.hpp"
#include "rules/game_options.hpp"
#include "scoring/corsari/card.hpp"
#include "scoring/corsari/card_set.hpp"
#include "scoring/corsari/settlement.hpp"

namespace qm::corsari {

inline constexpr int kTavernBase = 5;  // RULINGS.md, Setup: a tavern of 5 + players cards

struct Rules {
  int players = 2;
  int limit = kDefaultLimit;
  int first_dealer = 0;
  // Reads `limit` and `first_dealer`; throws qm::InputError for a bad player count or value.
  static Rules from_options(int players, const rules::GameOptions& options);
  friend bool operator==(const Rules&, const Rules&) = default;
};

enum class Phase : std::uint8_t {
  shuffle,  // chance: the next deal is shuffled and dealt
  draw,     // the player to move draws one card
  discard,  // the player to move (13 cards) discards face up or sails
  over,     // the match is decided
};

// How the last deal ended, for people and for the tests.
struct DealEnd {
  enum class Kind : std::uint8_t { none, sailed, voided };
  Kind kind = Kind::none;
  int seat = -1;             // who sailed or took the last tavern card
  bool forced = false;       // the sailor had taken the last card of the draw pile
  Colour tavern = Colour::pink;
  std::array<int, kMaxPlayers> seat_of{};  // score's player i is seat seat_of[i]
  SailingScore score;        // when sailed: players in seat order of those in the deal
  friend bool operator==(const DealEnd&, const DealEnd&) = default;
};

class State {
 public:
  using Action = corsari::Action;

  explicit State(Rules rules);

  // ---- rules::GameState ----
  int current_player() const;  // kChancePlayer before each deal, kTerminalPlayer when over
  bool is_terminal() const { return phase_ == Phase::over; }
  // The players' legal actions in a fixed order: draws (deck, discard, tavern), then discards,
  // then sailings, cards in canonical order. Empty at chance nodes and at the end.
  std::vector<Action> legal_actions() const;
  Action sample_chance(rules::Rng& rng) const;
  // Throws qm::RuleViolation (state unchanged) for an action the rules do not allow now.
  void apply_action(const Action& action);
  const std::vector<Action>& history() const { return history_; }
  std::vector<double> returns() const;  // each seat's penalty (lower is better): the final score
  std::string check_invariants() const;
  std::string to_string() const;
  friend bool operator==(const State&, const State&) = default;

  // ---- views ----
  const Rules& rules() const { return rules_; }
  const Match& match() const { return match_; }
  Phase phase() const { return phase_; }
  int to_move() const { return to_move_; }  // the seat whose turn it is (during a deal)
  bool must_sail() const { return must_sail_; }  // took the last card of the draw pile
  Colour tavern_colour() const { return tavern_.back().colour; }  // only while the tavern is not empty
  std::span<const Card> tavern() const { return tavern_; }          // bottom first, top last
  std::span<const Card> discard_pile() const { return discard_; }   // bottom first, top last
  std::span<const Card> face_down() const { return face_down_; }
  int deck_size() const { return static_cast<int>(deck_.size()); }
  const CardSet& hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  const DealEnd& last_deal() const { return last_deal_; }
  int turns() const { return turns_; }  // player turns in the whole match

  // Named checks. check_invariants runs them all and match().check(): it holds only when they do.
  bool cards_conserved() const;  // all 110 cards in exactly one place once a deal is dealt
  bool hands_complete() const;   // 12 cards in every hand (13 for the player between draw and discard)

  // A player-facing description of an action in this state, e.g. "seat 2 draws red4 from the
  // tavern (the tavern turns blue)". The action need not be legal.
  std::string describe(const Action& action) const;

 private:
  void check_legal(const Action& action) const;
  void deal(const std::vector<Card>& order);
  void draw(Pile pile);
  void discard(Card card);
  void sail(Card face_down);
  void end_turn();

  Rules rules_;
  Match match_;
  Phase phase_ = Phase::shuffle;
  int to_move_ = -1;
  bool must_sail_ = false;
  bool dealt_ = false;
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<bool, kMaxPlayers> in_deal_{};  // the seats dealt into the current (or last) deal
  std::vector<Card> deck_;       // the next card to draw is at the back
  std::vector<Card> discard_;    // top at the back
  std::vector<Card> tavern_;     // top at the back
  std::vector<Card> face_down_;  // the sailor's face-down discard
  DealEnd last_deal_;
  int turns_ = 0;
  std::vector<Action> history_;
};

static_assert(rules::GameState<State>);

}  // namespace qm::corsari
