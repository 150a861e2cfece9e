#pragma once
// The score sheet of a Corsari match (RULINGS.md, Match): penalties accumulate over deals, the
// dealer passes clockwise, a player reaching the limit is out, the last player left wins. If all
// remaining players reach the limit in the same deal the lowest penalty wins (equal lowest
// share); a sweep wins at once. A void deal scores nothing and passes the deal on.
//
// The engine keeps one; the table flow can keep one too and feed it the settlements players
// type in: build the input with sailing(), settle it, then record() it.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "scoring/corsari/settlement.hpp"

namespace qm::corsari {

struct DealRecord {
  int dealer = 0;
  int sailor = -1;  // -1: a void deal
  bool sweep = false;
  std::array<int, kMaxPlayers> delta{};  // per seat
  friend bool operator==(const DealRecord&, const DealRecord&) = default;
};

class Match {
 public:
  // Seats 0..players-1 sit clockwise. Throws qm::InputError for 2-4 players, a limit below 1 or
  // a first dealer who is not a seat.
  explicit Match(int players, int limit = kDefaultLimit, int first_dealer = 0);

  int players() const { return players_; }
  int limit() const { return limit_; }
  int dealer() const { return dealer_; }
  int penalty(int seat) const { return penalty_[static_cast<std::size_t>(seat)]; }
  bool is_out(int seat) const { return out_[static_cast<std::size_t>(seat)]; }
  int active_count() const;
  // The seats still in the match, clockwise from the dealer's left (the dealer last): the
  // dealing and playing order of the next deal.
  std::vector<int> deal_order() const;
  // The next seat clockwise after `seat` that is still in the match.
  int next_active(int seat) const;

  bool is_over() const { return !winners_.empty(); }
  const std::vector<int>& winners() const { return winners_; }
  const std::vector<DealRecord>& deals() const { return deals_; }

  // `delta` holds one entry per seat (zero for seats that are out). Throws qm::RuleViolation
  // when the match is over, the sailor is out, or a seat that is out would score.
  void record_sailing(int sailor, std::span<const int> delta, bool sweep);
  void record_void_deal();

  // The table flow: the settlement input for the seats still in, in seat order, with their
  // current penalties and the limit. `names` has one entry per seat, `hands` one per seat still
  // in (seat order). record() takes the settle() of exactly that input.
  Sailing sailing(Colour tavern, int sailor_seat, const std::vector<std::string>& names,
                  const std::vector<std::vector<Card>>& hands) const;
  void record(const Settlement& settlement);

  // "" when every penalty is the sum of its recorded deltas and eliminations match the limit.
  std::string check() const;

  friend bool operator==(const Match&, const Match&) = default;

 private:
  void finish_deal(const std::array<bool, kMaxPlayers>& in_deal);

  int players_ = 2;
  int limit_ = kDefaultLimit;
  int dealer_ = 0;
  std::array<int, kMaxPlayers> penalty_{};
  std::array<bool, kMaxPlayers> out_{};
  std::vector<int> winners_;
  std::vector<DealRecord> deals_;
};

}  // namespace qm::corsari
