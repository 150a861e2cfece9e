#pragma once
// Corsari at the real table (issue 4, item 5): the score sheet (match.hpp) and the sailing being
// entered, one step at a time as players type it. The flow of one deal:
//   sail(seat, tavern)              a player sails: opens the sailing
//   enter_hand(seat, cards)         each player's 12 cards (the sailor's after its face-down discard)
//   state_additions(seat, cards)    an opponent states its additions instead of the proposed best ones
//   confirm()                       settles the sailing and records it on the score sheet
//   void_deal()                     the deal was voided (the last tavern card was taken)
//   cancel()                        drops the sailing being entered
// Each step checks everything before it changes anything and throws InputError or RuleViolation
// naming the offending player or card. The table holds no serialisation: the same steps always
// rebuild the same state.
//
//   Table table({"Ann", "Bob", "Cy"}, 101, 0);
//   table.sail(0, Colour::lightblue);
//   table.enter_hand(0, ann); table.enter_hand(1, bob); table.enter_hand(2, cy);
//   table.confirm();                 // the settlement, on the score sheet
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/corsari/match.hpp"
#include "scoring/corsari/card.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/corsari/settlement.hpp"

namespace qm::corsari {

// A sailing being entered: who sailed, the tavern colour, and what has been typed per seat.
struct OpenSailing {
  Colour tavern = Colour::pink;
  int sailor = 0;  // seat
  std::array<std::optional<std::vector<Card>>, kMaxPlayers> hands{};
  std::array<std::optional<std::vector<Card>>, kMaxPlayers> stated{};  // stated additions
};

// One line of the deal log: a settled sailing or a void deal.
struct DealEntry {
  int number = 0;  // 1-based
  int dealer = 0;  // seat
  Colour tavern = Colour::pink;
  std::optional<Settlement> settlement;  // none: a void deal
  std::vector<bool> hand_entered;  // per line of the settlement: was the hand typed (a sweep settles without the rest)
};

// What the table knows about one seat of the open sailing.
struct SeatView {
  int seat = 0;
  bool sailor = false;
  bool has_hand = false;
  bool additions_known = false;  // the sailor's and this opponent's hands are in
  bool additions_proposed = false;
  std::vector<Card> additions;
  std::optional<Grouping> grouping;  // after the additions, once known
};

class Table {
 public:
  // Throws InputError for a bad player count, limit or dealer.
  Table(std::vector<std::string> players, int limit, int first_dealer);

  const std::vector<std::string>& players() const { return players_; }
  const std::string& name(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  int first_dealer() const { return first_dealer_; }
  // The seat of a player named in any case; throws InputError listing the players.
  int seat_of(const std::string& name) const;

  // ---- The steps
  void sail(int seat, Colour tavern);
  // Returns true when stated additions were dropped because the hands they relied on changed.
  bool enter_hand(int seat, std::vector<Card> hand);
  // nullopt: back to the proposed best additions.
  void state_additions(int seat, std::optional<std::vector<Card>> additions);
  // Records the settlement of the open sailing; returns its line of the deal log.
  const DealEntry& confirm();
  // Returns the void deal's line of the deal log.
  const DealEntry& void_deal();
  // Returns the sailing dropped.
  OpenSailing cancel();
  // Whose hand a photo of a hand enters: `player` (who must take part in the open sailing), or,
  // when `player` is empty, the first player whose hand is missing.
  int hand_to_scan(const std::string& player) const;

  // ---- Views
  const Match& match() const { return match_; }
  const std::optional<OpenSailing>& open_sailing() const { return sailing_; }
  const std::vector<DealEntry>& deal_log() const { return log_; }
  int deal_number() const { return static_cast<int>(match_.deals().size()) + 1; }
  std::vector<std::string> winners() const;  // names, empty until the match is over
  // While a sailing is entered: the first seat whose hand is missing; otherwise -1.
  int awaited_hand() const;
  // Seats of the open sailing, the sailor first, then clockwise.
  std::vector<int> sailing_order() const;
  std::vector<int> waiting_for() const;  // seats of the open sailing whose hand is missing
  bool is_sweep() const;                 // the sailor's hand is in and has no stowaways
  bool ready() const;                    // confirm would settle: every hand in, or a sweep
  SeatView seat_view(int seat) const;
  Settlement preview() const;            // what confirm would record; throws unless ready()
  // Per line of the settlement (the seats still in, in order): was the hand typed. A sweep is
  // settled as soon as the sailor's hand is in, so the others' may never be.
  std::vector<bool> hands_entered() const;

 private:
  void need_open(const std::string& command) const;
  void need_playing() const;
  void need_in(int seat) const;
  Sailing build_sailing() const;

  std::vector<std::string> players_;
  int first_dealer_ = 0;
  Match match_;
  std::optional<OpenSailing> sailing_;
  std::vector<DealEntry> log_;
};

}  // namespace qm::corsari
