// Corsari at the table: the state of the score sheet and of the sailing being entered.
#include "cli/corsari/table.hpp"

#include <algorithm>

#include "scoring/corsari/additions.hpp"
#include "scoring/corsari/card_set.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {
namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

}  // namespace

CorsariTable::CorsariTable(std::vector<std::string> players, int limit, int first_dealer)
    : players_(std::move(players)),
      first_dealer_(first_dealer),
      match_(static_cast<int>(players_.size()), limit, first_dealer) {}

std::vector<Standing> CorsariTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < match_.players(); ++seat)
    out.push_back({players_[at(seat)], static_cast<double>(match_.penalty(seat)), match_.is_out(seat)});
  return out;
}

std::string CorsariTable::whose_turn() const {
  if (!sailing_ || match_.is_over()) return "";
  const std::vector<int> waiting = waiting_for();
  return waiting.empty() ? "" : players_[at(waiting.front())];
}

std::vector<std::string> CorsariTable::winners() const {
  std::vector<std::string> names;
  for (const int seat : match_.winners()) names.push_back(players_[at(seat)]);
  return names;
}

nlohmann::json CorsariTable::options() const {
  return {{"limit", match_.limit()}, {"dealer", players_[at(first_dealer_)]}};
}

std::vector<std::string> CorsariTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  const std::string last = command.empty() ? "" : notation::folded(command.back());
  const bool first = command.size() == 1;  // the word right after the command's name
  if (verb == "sail") {
    if (last == "--tavern" || last == "-t") return notation::all_corsari_colours();
    return first ? players_ : std::vector<std::string>{"--tavern"};
  }
  if (verb == "hand") return first ? players_ : notation::all_corsari_cards();
  if (verb == "add") return first ? players_ : followed_by({"none", "best"}, notation::all_corsari_cards());
  if (verb == "scan" && first) return players_;
  return {};
}

int CorsariTable::seat_of(const std::string& name) const {
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    if (notation::folded(players_[seat]) == notation::folded(name)) return static_cast<int>(seat);
  std::string names;
  for (const std::string& player : players_) names += (names.empty() ? "" : ", ") + player;
  throw InputError("no player " + quoted_token(name) + " at this table (" + names + ")");
}

// A hand of the open sailing: the player named, or the first one still missing.
ScanStep CorsariTable::scan_step(const std::vector<std::string>& words) const {
  if (words.size() > 1) throw InputError("scan PHOTO [PLAYER]: one player at most");
  const std::string player = words.empty() ? "" : words.front();
  need_open("scan PHOTO");
  int seat = -1;
  if (!player.empty()) {
    seat = seat_of(player);
    const std::vector<int> order = sailing_order();
    if (std::find(order.begin(), order.end(), seat) == order.end())
      throw RuleViolation("scan PHOTO " + player + ": " + players_[at(seat)] + " takes no part in this sailing");
  } else {
    const std::vector<int> missing = waiting_for();
    if (missing.empty())
      throw InputError("scan PHOTO: every hand is in; to replace one, name the player: 'scan PHOTO NAME'");
    seat = missing.front();
  }
  ScanStep step;
  step.cards = true;
  step.card_game = "corsari";
  step.expected = game::kHandSize;
  step.what = players_[at(seat)] + "'s hand";
  step.command = {"hand", players_[at(seat)]};
  return step;
}

void CorsariTable::need_playing() const {
  if (!match_.is_over()) return;
  std::string names;
  for (const std::string& winner : winners()) names += (names.empty() ? "" : " and ") + winner;
  throw RuleViolation("the match is over (" + names + " won): start another with 'new corsari'");
}

void CorsariTable::need_open(const std::string& command) const {
  need_playing();
  if (!sailing_) throw InputError("'" + command + "': nobody is sailing (type 'sail NAME --tavern COLOUR' first)");
}

void CorsariTable::need_in(int seat) const {
  if (match_.is_out(seat)) throw RuleViolation(players_[at(seat)] + " is out of the match");
}

void CorsariTable::sail(int seat, game::Colour tavern) {
  need_playing();
  if (sailing_)
    throw InputError(players_[at(sailing_->sailor)] +
                     "'s sailing is still open: 'confirm' it or 'cancel' it before another sailing");
  need_in(seat);
  OpenSailing open;
  open.tavern = tavern;
  open.sailor = seat;
  sailing_ = open;
}

bool CorsariTable::enter_hand(int seat, std::vector<game::Card> hand) {
  need_open("hand");
  need_in(seat);
  const std::string& name = players_[at(seat)];
  if (static_cast<int>(hand.size()) != game::kHandSize)
    throw InputError(name + "'s hand has " + counted(static_cast<long long>(hand.size()), "card") + ", not 12" +
                     (seat == sailing_->sailor ? " (the sailor's 12 after its face-down discard)" : ""));
  for (int other = 0; other < match_.players(); ++other) {
    if (other == seat || !sailing_->hands[at(other)]) continue;
    for (const game::Card card : hand) {
      const auto& held = *sailing_->hands[at(other)];
      if (std::find(held.begin(), held.end(), card) != held.end())
        throw InputError(notation::to_string(card) + " is already in " + players_[at(other)] +
                         "'s hand (every card is unique)");
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

void CorsariTable::state_additions(int seat, std::optional<std::vector<game::Card>> additions) {
  need_open("add");
  need_in(seat);
  const std::string& name = players_[at(seat)];
  const std::string& sailor = players_[at(sailing_->sailor)];
  if (seat == sailing_->sailor)
    throw RuleViolation(name + " is the sailor: only opponents add cards to " + name + "'s crew");
  if (!sailing_->hands[at(sailing_->sailor)])
    throw InputError("enter the sailor " + sailor + "'s hand first: additions go to " + sailor + "'s crew");
  if (!sailing_->hands[at(seat)]) throw InputError("enter " + name + "'s hand first ('hand " + name + " CARDS')");
  if (additions) {
    const game::CardSet sailor_hand(*sailing_->hands[at(sailing_->sailor)]);
    const game::CardSet crew = game::best_grouped_hand(sailing_->tavern, sailor_hand).crew;
    game::check_additions(name, crew, game::CardSet(*sailing_->hands[at(seat)]), *additions);
  }
  sailing_->stated[at(seat)] = std::move(additions);
}

std::vector<int> CorsariTable::sailing_order() const {
  std::vector<int> order;
  if (!sailing_) return order;
  for (int step = 0; step < match_.players(); ++step) {
    const int seat = (sailing_->sailor + step) % match_.players();
    if (!match_.is_out(seat)) order.push_back(seat);
  }
  return order;
}

std::vector<int> CorsariTable::waiting_for() const {
  std::vector<int> waiting;
  for (const int seat : sailing_order())
    if (!sailing_->hands[at(seat)]) waiting.push_back(seat);
  return waiting;
}

bool CorsariTable::is_sweep() const {
  if (!sailing_ || !sailing_->hands[at(sailing_->sailor)]) return false;
  const game::CardSet hand(*sailing_->hands[at(sailing_->sailor)]);
  return game::best_stowaway_total(sailing_->tavern, hand) == 0;
}

bool CorsariTable::ready() const { return sailing_ && (waiting_for().empty() || is_sweep()); }

SeatView CorsariTable::seat_view(int seat) const {
  SeatView view;
  view.seat = seat;
  if (!sailing_) return view;
  view.sailor = seat == sailing_->sailor;
  view.has_hand = sailing_->hands[at(seat)].has_value();
  if (!view.has_hand) return view;
  const game::CardSet hand(*sailing_->hands[at(seat)]);
  const auto& sailor_hand = sailing_->hands[at(sailing_->sailor)];
  if (view.sailor || !sailor_hand || is_sweep()) {
    view.grouping = game::to_grouping(game::best_grouped_hand(sailing_->tavern, hand));
    return view;
  }
  view.additions_known = true;
  if (sailing_->stated[at(seat)]) {
    view.additions = *sailing_->stated[at(seat)];
  } else {
    const game::CardSet crew = game::best_grouped_hand(sailing_->tavern, game::CardSet(*sailor_hand)).crew;
    view.additions = game::best_additions(sailing_->tavern, crew, hand).cards();
    view.additions_proposed = true;
  }
  view.grouping = game::to_grouping(game::best_grouped_hand(sailing_->tavern, hand - game::CardSet(view.additions)));
  return view;
}

game::Sailing CorsariTable::build_sailing() const {
  std::vector<std::vector<game::Card>> hands;
  for (int seat = 0; seat < match_.players(); ++seat)
    if (!match_.is_out(seat)) hands.push_back(sailing_->hands[at(seat)].value_or(std::vector<game::Card>{}));
  game::Sailing sailing = match_.sailing(sailing_->tavern, sailing_->sailor, players_, hands);
  std::size_t line = 0;
  for (int seat = 0; seat < match_.players(); ++seat) {
    if (match_.is_out(seat)) continue;
    sailing.players[line].additions = sailing_->stated[at(seat)];
    ++line;
  }
  return sailing;
}

game::Settlement CorsariTable::preview() const {
  need_open("confirm");
  if (!ready()) {
    std::string names;
    for (const int seat : waiting_for()) names += (names.empty() ? "" : ", ") + players_[at(seat)];
    throw InputError("waiting for the hands of " + names + " ('hand NAME CARDS')");
  }
  return game::settle(build_sailing());
}

std::vector<bool> CorsariTable::hands_entered() const {
  std::vector<bool> entered;
  if (!sailing_) return entered;
  for (int seat = 0; seat < match_.players(); ++seat)
    if (!match_.is_out(seat)) entered.push_back(sailing_->hands[at(seat)].has_value());
  return entered;
}

const game::Settlement& CorsariTable::confirm() {
  game::Settlement settlement = preview();
  const int dealer = match_.dealer();
  const game::Colour tavern = sailing_->tavern;
  std::vector<bool> entered = hands_entered();
  match_.record(settlement);
  log_.push_back({static_cast<int>(log_.size()) + 1, dealer, tavern, std::move(settlement), std::move(entered)});
  sailing_.reset();
  return *log_.back().settlement;
}

void CorsariTable::void_deal() {
  need_playing();
  if (sailing_)
    throw InputError(players_[at(sailing_->sailor)] + " sailed in this deal: 'cancel' that sailing first to void the deal");
  const int dealer = match_.dealer();
  match_.record_void_deal();
  log_.push_back({static_cast<int>(log_.size()) + 1, dealer, game::Colour::pink, std::nullopt, {}});
}

void CorsariTable::cancel() {
  need_open("cancel");
  sailing_.reset();
}

}  // namespace qm::cli::corsari_cli
