#include "rules/corsari/match.hpp"

#include <algorithm>

#include "rules/seats.hpp"
#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::corsari {
namespace {

using seats::at;
using seats::seat_name;

}  // namespace

Match::Match(int players, int limit, int first_dealer) : players_(players), limit_(limit), dealer_(first_dealer) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Corsari is played by 2 to 4 players, not " + std::to_string(players));
  if (limit < 1) throw InputError("the penalty limit must be at least 1, not " + std::to_string(limit));
  if (first_dealer < 0 || first_dealer >= players)
    throw InputError("the first dealer must be one of the " + std::to_string(players) + " seats");
}

int Match::active_count() const {
  int count = 0;
  for (int seat = 0; seat < players_; ++seat) count += out_[at(seat)] ? 0 : 1;
  return count;
}

int Match::next_active(int seat) const {
  for (int step = 1; step <= players_; ++step) {
    const int next = (seat + step) % players_;
    if (!out_[at(next)]) return next;
  }
  return -1;
}

std::vector<int> Match::deal_order() const {
  std::vector<int> order;
  if (active_count() == 0) return order;
  for (int seat = next_active(dealer_); static_cast<int>(order.size()) < active_count(); seat = next_active(seat))
    order.push_back(seat);
  return order;
}

void Match::record_sailing(int sailor, std::span<const int> delta, bool sweep) {
  if (is_over()) throw RuleViolation("the match is over");
  if (sailor < 0 || sailor >= players_ || out_[at(sailor)])
    throw RuleViolation("the sailor must be a player still in the match");
  if (static_cast<int>(delta.size()) != players_)
    throw RuleViolation("a settlement needs one penalty change per seat");
  for (int seat = 0; seat < players_; ++seat)
    if (out_[at(seat)] && delta[at(seat)] != 0) throw RuleViolation(seat_name(seat) + " is out and cannot score");

  std::array<bool, kMaxPlayers> in_deal{};
  DealRecord record{dealer_, sailor, sweep, {}};
  for (int seat = 0; seat < players_; ++seat) {
    in_deal[at(seat)] = !out_[at(seat)];
    record.delta[at(seat)] = delta[at(seat)];
    penalty_[at(seat)] += delta[at(seat)];
  }
  deals_.push_back(record);
  if (sweep) {
    for (int seat = 0; seat < players_; ++seat) out_[at(seat)] = out_[at(seat)] || seat != sailor;
    winners_ = {sailor};
    return;
  }
  finish_deal(in_deal);
}

void Match::record_void_deal() {
  if (is_over()) throw RuleViolation("the match is over");
  deals_.push_back(DealRecord{dealer_, -1, false, {}});
  dealer_ = next_active(dealer_);
}

void Match::finish_deal(const std::array<bool, kMaxPlayers>& in_deal) {
  for (int seat = 0; seat < players_; ++seat)
    if (in_deal[at(seat)] && penalty_[at(seat)] >= limit_) out_[at(seat)] = true;
  const int left = active_count();
  if (left == 1) {
    winners_ = {next_active(players_ - 1)};  // the search starts at seat 0
    return;
  }
  if (left == 0) {
    // Everyone still playing reached the limit in this deal: the lowest penalty wins.
    int lowest = 0;
    bool first = true;
    for (int seat = 0; seat < players_; ++seat)
      if (in_deal[at(seat)] && (first || penalty_[at(seat)] < lowest)) {
        lowest = penalty_[at(seat)];
        first = false;
      }
    for (int seat = 0; seat < players_; ++seat)
      if (in_deal[at(seat)] && penalty_[at(seat)] == lowest) winners_.push_back(seat);
    return;
  }
  dealer_ = next_active(dealer_);
}

Sailing Match::sailing(Colour tavern, int sailor_seat, const std::vector<std::string>& names,
                       const std::vector<std::vector<Card>>& hands) const {
  if (is_over()) throw RuleViolation("the match is over");
  if (static_cast<int>(names.size()) != players_)
    throw InputError("give one name per seat: " + counted(players_, "seat"));
  if (static_cast<int>(hands.size()) != active_count())
    throw InputError("give one hand per player still in the match: " + std::to_string(active_count()));
  if (sailor_seat < 0 || sailor_seat >= players_ || out_[at(sailor_seat)])
    throw RuleViolation("the sailor must be a player still in the match");
  Sailing sailing;
  sailing.tavern = tavern;
  sailing.limit = limit_;
  for (int seat = 0; seat < players_; ++seat) {
    if (out_[at(seat)]) continue;
    if (seat == sailor_seat) sailing.sailor = sailing.players.size();
    sailing.players.push_back(SailingHand{names[at(seat)], hands[sailing.players.size()], penalty_[at(seat)], std::nullopt});
  }
  return sailing;
}

void Match::record(const Settlement& settlement) {
  if (static_cast<int>(settlement.players.size()) != active_count())
    throw InputError("the settlement is not for the " + counted(active_count(), "player") + " still in the match");
  std::array<int, kMaxPlayers> delta{};
  int sailor = -1;
  std::size_t line = 0;
  for (int seat = 0; seat < players_; ++seat) {
    if (out_[at(seat)]) continue;
    const PlayerSettlement& player = settlement.players[line];
    if (player.penalty != penalty_[at(seat)] + player.delta)
      throw InputError("the settlement of " + player.name + " does not start from the match's penalty " +
                       std::to_string(penalty_[at(seat)]));
    delta[at(seat)] = player.delta;
    if (line == settlement.sailor) sailor = seat;
    ++line;
  }
  record_sailing(sailor, std::span<const int>(delta.data(), at(players_)), settlement.sweep);
}

std::string Match::check() const {
  for (int seat = 0; seat < players_; ++seat) {
    int sum = 0;
    for (const DealRecord& deal : deals_) sum += deal.delta[at(seat)];
    if (sum != penalty_[at(seat)])
      return seat_name(seat) + "'s penalty " + std::to_string(penalty_[at(seat)]) + " is not the sum of its settlements " +
             std::to_string(sum);
    const bool swept = !deals_.empty() && deals_.back().sweep && deals_.back().sailor != seat;
    if (!out_[at(seat)] && penalty_[at(seat)] >= limit_) return seat_name(seat) + " reached the limit but is still in";
    if (out_[at(seat)] && penalty_[at(seat)] < limit_ && !swept) return seat_name(seat) + " is out under the limit";
  }
  if (is_over() != (active_count() <= 1))
    return "the match is over exactly when at most one player is left";
  return "";
}

}  // namespace qm::corsari
