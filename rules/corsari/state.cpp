#include "rules/corsari/state.hpp"

#include <cstdint>

#include "rules/corsari/deck.hpp"
#include "rules/seats.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::corsari {
namespace {

using seats::at;
using seats::seat_name;
std::string card_name(Card card) { return notation::to_string(card); }

// The 110 cards as bits by Card::index(), in two words: cheap to fill card by card.
struct CardBits {
  std::uint64_t low = 0;
  std::uint64_t high = 0;

  void insert(Card card) {
    const int index = card.index();
    const std::uint64_t bit = std::uint64_t{1} << (index & 63);
    low |= index < 64 ? bit : 0;
    high |= index < 64 ? 0 : bit;
  }
  void insert(const CardSet& cards) {
    for (int c = 0; c < kColourCount; ++c) {
      const std::uint64_t numbers = cards.numbers(static_cast<Colour>(c));
      const int offset = c * kMaxNumber;  // Card::index() of the colour's 1
      if (offset < 64) low |= numbers << offset;
      if (offset + kMaxNumber > 64) high |= offset >= 64 ? numbers << (offset - 64) : numbers >> (64 - offset);
    }
  }
  bool all() const { return low == ~std::uint64_t{0} && high == (std::uint64_t{1} << (kDeckSize - 64)) - 1; }
};

std::string card_list(std::span<const Card> cards) {
  std::string text;
  for (const Card card : cards) {
    if (!text.empty()) text += ' ';
    text += card_name(card);
  }
  return text.empty() ? "-" : text;
}

}  // namespace

Rules Rules::from_options(int players, const rules::GameOptions& options) {
  Rules rules;
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Corsari is played by 2 to 4 players, not " + std::to_string(players));
  rules.players = players;
  rules.limit = options.get_int("limit", kDefaultLimit, 1, 100000);
  rules.first_dealer = options.get_int("first_dealer", 0, 0, players - 1);
  return rules;
}

State::State(Rules rules) : rules_(rules), match_(rules.players, rules.limit, rules.first_dealer) {}

int State::current_player() const {
  if (phase_ == Phase::over) return rules::kTerminalPlayer;
  if (phase_ == Phase::shuffle) return rules::kChancePlayer;
  return to_move_;
}

std::vector<Action> State::legal_actions() const {
  std::vector<Action> actions;
  if (phase_ == Phase::draw) {
    actions.push_back(Action::draw(Pile::deck));
    if (!discard_.empty()) actions.push_back(Action::draw(Pile::discard));
    actions.push_back(Action::draw(Pile::tavern));
  } else if (phase_ == Phase::discard) {
    const std::vector<Card> cards = hand(to_move_).cards();
    if (!must_sail_)
      for (const Card card : cards) actions.push_back(Action::discard(card));
    for (const Card card : cards) actions.push_back(Action::sail(card));
  }
  return actions;
}

Action State::sample_chance(rules::Rng& rng) const {
  if (phase_ != Phase::shuffle) throw RuleViolation("there is nothing to shuffle now");
  return Action::shuffle(shuffled_deck(rng));
}

void State::check_legal(const Action& action) const {
  if (phase_ == Phase::over) throw RuleViolation("the match is over");
  if (action.kind == Action::Kind::shuffle) {
    if (phase_ != Phase::shuffle)
      throw RuleViolation("the deal is in play: it is " + seat_name(to_move_) + "'s turn");
    CardSet seen;
    for (const Card card : action.order) {
      if (card.number < 1 || card.number > kMaxNumber || static_cast<int>(card.colour) >= kColourCount)
        throw RuleViolation("a shuffle holds only Corsari cards");
      if (seen.contains(card)) throw RuleViolation("a shuffle lists " + card_name(card) + " twice");
      seen.insert(card);
    }
    if (action.order.size() != kDeckSize) throw RuleViolation("a shuffle must list each of the 110 cards once");
    return;
  }
  if (phase_ == Phase::shuffle) throw RuleViolation("the cards must be shuffled and dealt first");
  // Named only when a move is refused: this runs on every simulated move.
  const auto who = [this] { return seat_name(to_move_); };
  switch (action.kind) {
    case Action::Kind::draw:
      if (phase_ != Phase::draw) throw RuleViolation(who() + " has drawn already: discard a card or sail");
      if (action.pile == Pile::discard && discard_.empty()) throw RuleViolation("the discard pile is empty");
      if (action.pile == Pile::deck && deck_.empty()) throw RuleViolation("the draw pile is empty");
      if (action.pile == Pile::tavern && tavern_.empty()) throw RuleViolation("the tavern is empty");
      return;
    case Action::Kind::discard:
      if (phase_ != Phase::discard) throw RuleViolation(who() + " must draw a card before discarding");
      if (must_sail_) throw RuleViolation(who() + " took the last card of the draw pile and must sail");
      if (!hand(to_move_).contains(action.card))
        throw RuleViolation(card_name(action.card) + " is not in " + who() + "'s hand");
      return;
    case Action::Kind::sail:
      if (phase_ != Phase::discard) throw RuleViolation(who() + " must draw a card before sailing");
      if (!hand(to_move_).contains(action.card))
        throw RuleViolation(card_name(action.card) + " is not in " + who() + "'s hand to put face down");
      return;
    case Action::Kind::shuffle:
      return;
  }
}

void State::apply_action(const Action& action) {
  check_legal(action);
  switch (action.kind) {
    case Action::Kind::shuffle:
      deal(action.order);
      break;
    case Action::Kind::draw:
      draw(action.pile);
      break;
    case Action::Kind::discard:
      discard(action.card);
      break;
    case Action::Kind::sail:
      sail(action.card);
      break;
  }
  history_.push_back(action);
}

void State::deal(const std::vector<Card>& order) {
  // Step 1. Twelve cards each, one at a time, from the dealer's left.
  const std::vector<int> seats = match_.deal_order();
  const std::size_t players = seats.size();
  hands_ = {};
  in_deal_ = {};
  for (const int seat : seats) in_deal_[at(seat)] = true;
  std::size_t next = 0;
  for (; next < players * kHandSize; ++next) hands_[at(seats[next % players])].insert(order[next]);
  // Step 2. The tavern: 5 + players cards face up, the last one laid on top.
  tavern_.assign(order.begin() + static_cast<std::ptrdiff_t>(next),
                 order.begin() + static_cast<std::ptrdiff_t>(next + kTavernBase + players));
  next += kTavernBase + players;
  // Step 3. One card from the deck starts the discard pile; the rest is the draw pile.
  discard_.assign(1, order[next++]);
  deck_.assign(order.rbegin(), order.rend() - static_cast<std::ptrdiff_t>(next));
  face_down_.clear();
  to_move_ = seats.front();
  must_sail_ = false;
  dealt_ = true;
  phase_ = Phase::draw;
}

void State::draw(Pile pile) {
  ++turns_;
  CardSet& cards = hands_[at(to_move_)];
  if (pile == Pile::deck) {
    cards.insert(deck_.back());
    deck_.pop_back();
    must_sail_ = deck_.empty();  // the last card of the draw pile forces a sailing
  } else if (pile == Pile::discard) {
    cards.insert(discard_.back());
    discard_.pop_back();
  } else {
    cards.insert(tavern_.back());
    tavern_.pop_back();
    if (tavern_.empty()) {  // the last tavern card voids the deal
      last_deal_ = DealEnd{DealEnd::Kind::voided, to_move_, false, Colour::pink, {}, {}};
      match_.record_void_deal();
      phase_ = Phase::shuffle;
      return;
    }
  }
  phase_ = Phase::discard;
}

void State::discard(Card card) {
  hands_[at(to_move_)].erase(card);
  discard_.push_back(card);
  end_turn();
}

void State::end_turn() {
  to_move_ = match_.next_active(to_move_);
  phase_ = Phase::draw;
}

void State::sail(Card face_down) {
  hands_[at(to_move_)].erase(face_down);
  face_down_.push_back(face_down);

  DealEnd end{DealEnd::Kind::sailed, to_move_, must_sail_, tavern_colour(), {}, {}};
  std::array<CardSet, kMaxPlayers> hands{};
  int players = 0;
  int sailor = 0;
  for (int seat = 0; seat < rules_.players; ++seat) {
    if (match_.is_out(seat)) continue;
    if (seat == to_move_) sailor = players;
    end.seat_of[at(players)] = seat;
    hands[at(players++)] = hands_[at(seat)];
  }
  end.score = score_sailing(end.tavern, sailor, std::span<const CardSet>(hands.data(), at(players)));

  std::array<int, kMaxPlayers> delta{};
  for (int i = 0; i < players; ++i) delta[at(end.seat_of[at(i)])] = end.score.delta[at(i)];
  match_.record_sailing(to_move_, std::span<const int>(delta.data(), at(rules_.players)), end.score.sweep);
  last_deal_ = end;
  must_sail_ = false;
  phase_ = match_.is_over() ? Phase::over : Phase::shuffle;
}

std::vector<double> State::returns() const {
  std::vector<double> penalties;
  for (int seat = 0; seat < rules_.players; ++seat) penalties.push_back(match_.penalty(seat));
  return penalties;
}

bool State::cards_conserved() const {
  if (!dealt_) return deck_.empty() && discard_.empty() && tavern_.empty() && face_down_.empty();
  // Every card exactly once: the places hold 110 cards in all, and all 110 are among them.
  // Counted, not compared card by card: this runs after every simulated step.
  CardBits seen;
  int held = 0;
  for (int seat = 0; seat < rules_.players; ++seat) {
    seen.insert(hands_[at(seat)]);
    held += hands_[at(seat)].size();
  }
  for (const std::vector<Card>* pile : {&deck_, &discard_, &tavern_, &face_down_}) {
    for (const Card card : *pile) seen.insert(card);
    held += static_cast<int>(pile->size());
  }
  return held == kDeckSize && seen.all();
}

bool State::hands_complete() const {
  for (int seat = 0; seat < rules_.players; ++seat) {
    int expected = 0;
    if (in_deal_[at(seat)]) {
      expected = kHandSize;
      if (phase_ == Phase::discard && seat == to_move_) expected = kHandSize + 1;
      // The card that voided the deal stays in hand until the next shuffle collects everything.
      if (phase_ == Phase::shuffle && last_deal_.kind == DealEnd::Kind::voided && seat == last_deal_.seat)
        expected = kHandSize + 1;
    }
    if (hand(seat).size() != expected) return false;
  }
  return true;
}

std::string State::check_invariants() const {
  if (!cards_conserved()) return "the 110 cards are not each in exactly one place";
  if (!hands_complete()) return "a hand does not hold 12 cards (13 between drawing and discarding)";
  if (std::string broken = match_.check(); !broken.empty()) return broken;
  if (is_terminal() != match_.is_over()) return "the game ends exactly when the match is decided";
  if (static_cast<int>(tavern_.size()) > kTavernBase + rules_.players) return "the tavern is too big";
  if (phase_ == Phase::draw || phase_ == Phase::discard) {
    if (tavern_.empty()) return "a deal in play has an empty tavern";
    if (phase_ == Phase::draw && (deck_.empty() || discard_.empty())) return "a turn starts with an empty pile";
    if (match_.is_out(to_move_)) return "a player who is out has the turn";
    if (must_sail_ != (phase_ == Phase::discard && deck_.empty())) return "a forced sailing does not match the deck";
  }
  return "";
}

std::string State::describe(const Action& action) const {
  const std::string who = seat_name(to_move_);
  switch (action.kind) {
    case Action::Kind::shuffle:
      return "shuffle and deal (" + seat_name(match_.dealer()) + " deals)";
    case Action::Kind::draw:
      if (action.pile == Pile::deck)
        return who + " draws from the deck" + (deck_.size() == 1 ? " (its last card: " + who + " must sail)" : "");
      if (action.pile == Pile::discard)
        return discard_.empty() ? who + " draws from the empty discard pile"
                                : who + " takes " + card_name(discard_.back()) + " from the discard pile";
      if (tavern_.empty()) return who + " draws from the empty tavern";
      return who + " takes " + card_name(tavern_.back()) + " from the tavern" +
             (tavern_.size() == 1 ? " (its last card: the deal is void)"
                                  : " (the tavern turns " + notation::to_string(tavern_[tavern_.size() - 2].colour) + ")");
    case Action::Kind::discard:
      return who + " discards " + card_name(action.card);
    case Action::Kind::sail:
      return who + " sails, " + card_name(action.card) + " face down";
  }
  return "?";
}

std::string State::to_string() const {
  std::string text = "Corsari, " + counted(rules_.players, "player") + ", limit " + std::to_string(rules_.limit) +
                     ", deal " + std::to_string(match_.deals().size() + (phase_ == Phase::draw || phase_ == Phase::discard ? 1 : 0)) +
                     ", dealer " + seat_name(match_.dealer()) + "\n";
  for (int seat = 0; seat < rules_.players; ++seat) {
    text += "  ";
    text += seat_name(seat) + ": penalty " + std::to_string(match_.penalty(seat)) +
            (match_.is_out(seat) ? " (out)" : "") + ", hand " + card_list(hand(seat).cards());
    if ((phase_ == Phase::draw || phase_ == Phase::discard) && seat == to_move_)
      text += phase_ == Phase::draw ? "  <- to draw" : must_sail_ ? "  <- must sail" : "  <- to discard or sail";
    text += "\n";
  }
  if (dealt_) {
    text += "  tavern (top last): " + card_list(tavern_) + "\n";
    text += "  discard pile (top last): " + card_list(discard_) + "\n";
    text += "  draw pile: " + counted(static_cast<long long>(deck_.size()), "card") + "\n";
  }
  if (last_deal_.kind == DealEnd::Kind::voided) {
    text += "  last deal: void (";
    text += seat_name(last_deal_.seat) + " took the last tavern card)\n";
  }
  if (last_deal_.kind == DealEnd::Kind::sailed) {
    const SailingScore& score = last_deal_.score;
    text += "  last deal: ";
    text += seat_name(last_deal_.seat) + (last_deal_.forced ? " had to sail" : " sailed") +
            " under a " + notation::to_string(last_deal_.tavern) + " tavern" + (score.sweep ? ": a sweep" : "") + "\n";
    for (int i = 0; i < score.players; ++i) {
      text += "    ";
      text += seat_name(last_deal_.seat_of[at(i)]) + ": stowaways " +
              card_list(score.groups[at(i)].stowaways.cards()) + " = " + std::to_string(score.groups[at(i)].stowaway_total) +
              ", added " + card_list(score.additions[at(i)].cards()) + ", penalty " +
              (score.delta[at(i)] >= 0 ? "+" : "") + std::to_string(score.delta[at(i)]) + "\n";
    }
  }
  if (match_.is_over()) {
    text += "  winner:";
    for (const int seat : match_.winners()) {
      text += ' ';
      text += seat_name(seat);
    }
    text += "\n";
  }
  return text;
}

}  // namespace qm::corsari
