// Corsari at the table: the score sheet and the sailing being entered, step by step.
#include "rules/corsari/table.hpp"

#include <algorithm>

#include "rules/seats.hpp"
#include "scoring/corsari/additions.hpp"
#include "scoring/corsari/card_set.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::corsari {
namespace {

using seats::at;

}  // namespace

Table::Table(std::vector<std::string> players, int limit, int first_dealer)
    : players_(std::move(players)),
      first_dealer_(first_dealer),
      match_(static_cast<int>(players_.size()), limit, first_dealer) {}

std::vector<std::string> Table::winners() const {
  std::vector<std::string> names;
  for (const int seat : match_.winners()) names.push_back(name(seat));
  return names;
}

int Table::awaited_hand() const {
  if (!sailing_ || match_.is_over()) return -1;
  const std::vector<int> waiting = waiting_for();
  return waiting.empty() ? -1 : waiting.front();
}

int Table::seat_of(const std::string& name) const {
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    if (notation::folded(players_[seat]) == notation::folded(name)) return static_cast<int>(seat);
  std::string names;
  for (const std::string& player : players_) names += (names.empty() ? "" : ", ") + player;
  throw InputError("no player " + quoted_token(name) + " at this table (" + names + ")");
}

int Table::hand_to_scan(const std::string& player) const {
  need_open("scan PHOTO");
  if (!player.empty()) {
    const int seat = seat_of(player);
    const std::vector<int> order = sailing_order();
    if (std::find(order.begin(), order.end(), seat) == order.end())
      throw RuleViolation("scan PHOTO " + player + ": " + name(seat) + " takes no part in this sailing");
    return seat;
  }
  const std::vector<int> missing = waiting_for();
  if (missing.empty())
    throw InputError("scan PHOTO: every hand is in; to replace one, name the player: 'scan PHOTO NAME'");
  return missing.front();
}

void Table::need_playing() const {
  if (!match_.is_over()) return;
  std::string names;
  for (const std::string& winner : winners()) names += (names.empty() ? "" : " and ") + winner;
  throw RuleViolation("the match is over (" + names + " won): start another with 'new corsari'");
}

void Table::need_open(const std::string& command) const {
  need_playing();
  if (!sailing_) throw InputError("'" + command + "': nobody is sailing (type 'sail NAME --tavern COLOUR' first)");
}

void Table::need_in(int seat) const {
  if (match_.is_out(seat)) throw RuleViolation(name(seat) + " is out of the match");
}

void Table::sail(int seat, Colour tavern) {
  need_playing();
  if (sailing_)
    throw InputError(name(sailing_->sailor) +
                     "'s sailing is still open: 'confirm' it or 'cancel' it before another sailing");
  need_in(seat);
  OpenSailing open;
  open.tavern = tavern;
  open.sailor = seat;
  sailing_ = open;
}

bool Table::enter_hand(int seat, std::vector<Card> hand) {
  need_open("hand");
  need_in(seat);
  if (static_cast<int>(hand.size()) != kHandSize)
    throw InputError(name(seat) + "'s hand has " + counted(static_cast<long long>(hand.size()), "card") + ", not 12" +
                     (seat == sailing_->sailor ? " (the sailor's 12 after its face-down discard)" : ""));
  for (int other = 0; other < match_.players(); ++other) {
    if (other == seat || !sailing_->hands[at(other)]) continue;
    for (const Card card : hand) {
      const auto& held = *sailing_->hands[at(other)];
      if (std::find(held.begin(), held.end(), card) != held.end())
        throw InputError(notation::to_string(card) + " is already in " + name(other) + "'s hand (every card is unique)");
    }
  }
  bool dropped = false;
  if (seat == sailing_->sailor) {
    for (auto& stated : sailing_->stated) {
      dropped = dropped || stated.has_value();
      stated.reset();
    }
  } else {
    dropped = sailing_->stated[at(seat)].has_value();
    sailing_->stated[at(seat)].reset();
  }
  sailing_->hands[at(seat)] = std::move(hand);
  return dropped;
}

void Table::state_additions(int seat, std::optional<std::vector<Card>> additions) {
  need_open("add");
  need_in(seat);
  const std::string& player = name(seat);
  const std::string& sailor = name(sailing_->sailor);
  if (seat == sailing_->sailor)
    throw RuleViolation(player + " is the sailor: only opponents add cards to " + player + "'s crew");
  if (!sailing_->hands[at(sailing_->sailor)])
    throw InputError("enter the sailor " + sailor + "'s hand first: additions go to " + sailor + "'s crew");
  if (!sailing_->hands[at(seat)]) throw InputError("enter " + player + "'s hand first ('hand " + player + " CARDS')");
  if (additions) {
    const CardSet sailor_hand(*sailing_->hands[at(sailing_->sailor)]);
    const CardSet crew = best_grouped_hand(sailing_->tavern, sailor_hand).crew;
    check_additions(player, crew, CardSet(*sailing_->hands[at(seat)]), *additions);
  }
  sailing_->stated[at(seat)] = std::move(additions);
}

std::vector<int> Table::sailing_order() const {
  std::vector<int> order;
  if (!sailing_) return order;
  for (int step = 0; step < match_.players(); ++step) {
    const int seat = (sailing_->sailor + step) % match_.players();
    if (!match_.is_out(seat)) order.push_back(seat);
  }
  return order;
}

std::vector<int> Table::waiting_for() const {
  std::vector<int> waiting;
  for (const int seat : sailing_order())
    if (!sailing_->hands[at(seat)]) waiting.push_back(seat);
  return waiting;
}

bool Table::is_sweep() const {
  if (!sailing_ || !sailing_->hands[at(sailing_->sailor)]) return false;
  const CardSet hand(*sailing_->hands[at(sailing_->sailor)]);
  return best_stowaway_total(sailing_->tavern, hand) == 0;
}

bool Table::ready() const { return sailing_ && (waiting_for().empty() || is_sweep()); }

SeatView Table::seat_view(int seat) const {
  SeatView view;
  view.seat = seat;
  if (!sailing_) return view;
  view.sailor = seat == sailing_->sailor;
  view.has_hand = sailing_->hands[at(seat)].has_value();
  if (!view.has_hand) return view;
  const CardSet hand(*sailing_->hands[at(seat)]);
  const auto& sailor_hand = sailing_->hands[at(sailing_->sailor)];
  if (view.sailor || !sailor_hand || is_sweep()) {
    view.grouping = to_grouping(best_grouped_hand(sailing_->tavern, hand));
    return view;
  }
  view.additions_known = true;
  if (sailing_->stated[at(seat)]) {
    view.additions = *sailing_->stated[at(seat)];
  } else {
    const CardSet crew = best_grouped_hand(sailing_->tavern, CardSet(*sailor_hand)).crew;
    view.additions = best_additions(sailing_->tavern, crew, hand).cards();
    view.additions_proposed = true;
  }
  view.grouping = to_grouping(best_grouped_hand(sailing_->tavern, hand - CardSet(view.additions)));
  return view;
}

Sailing Table::build_sailing() const {
  std::vector<std::vector<Card>> hands;
  for (int seat = 0; seat < match_.players(); ++seat)
    if (!match_.is_out(seat)) hands.push_back(sailing_->hands[at(seat)].value_or(std::vector<Card>{}));
  Sailing sailing = match_.sailing(sailing_->tavern, sailing_->sailor, players_, hands);
  std::size_t line = 0;
  for (int seat = 0; seat < match_.players(); ++seat) {
    if (match_.is_out(seat)) continue;
    sailing.players[line].additions = sailing_->stated[at(seat)];
    ++line;
  }
  return sailing;
}

Settlement Table::preview() const {
  need_open("confirm");
  if (!ready()) {
    std::string names;
    for (const int seat : waiting_for()) names += (names.empty() ? "" : ", ") + name(seat);
    throw InputError("waiting for the hands of " + names + " ('hand NAME CARDS')");
  }
  return settle(build_sailing());
}

std::vector<bool> Table::hands_entered() const {
  std::vector<bool> entered;
  if (!sailing_) return entered;
  for (int seat = 0; seat < match_.players(); ++seat)
    if (!match_.is_out(seat)) entered.push_back(sailing_->hands[at(seat)].has_value());
  return entered;
}

const DealEntry& Table::confirm() {
  Settlement settlement = preview();
  const int dealer = match_.dealer();
  const Colour tavern = sailing_->tavern;
  std::vector<bool> entered = hands_entered();
  match_.record(settlement);
  log_.push_back({static_cast<int>(log_.size()) + 1, dealer, tavern, std::move(settlement), std::move(entered)});
  sailing_.reset();
  return log_.back();
}

const DealEntry& Table::void_deal() {
  need_playing();
  if (sailing_)
    throw InputError(name(sailing_->sailor) + " sailed in this deal: 'cancel' that sailing first to void the deal");
  const int dealer = match_.dealer();
  match_.record_void_deal();
  log_.push_back({static_cast<int>(log_.size()) + 1, dealer, Colour::pink, std::nullopt, {}});
  return log_.back();
}

OpenSailing Table::cancel() {
  need_open("cancel");
  OpenSailing dropped = *sailing_;
  sailing_.reset();
  return dropped;
}

}  // namespace qm::corsari
