#include "rules/loot/table.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

bool same_name(const std::string& a, const std::string& b) { return notation::folded(a) == notation::folded(b); }

// What is noted, with the lists named in the command taking the place of a player's noted one.
std::vector<NamedCards> with_noted(const std::vector<NamedCards>& noted, const std::vector<NamedCards>& named) {
  std::vector<NamedCards> out = named;
  for (const NamedCards& pile : noted) {
    const bool named_too =
        std::any_of(named.begin(), named.end(), [&](const NamedCards& other) { return same_name(other.name, pile.name); });
    if (!named_too) out.push_back(pile);
  }
  return out;
}

constexpr const char* kTotalsGiven = "the final totals are already given; 'undo' takes them back";

}  // namespace

Table::Table(const Setup& setup) : board_(setup) {
  for (int card = 0; card < kHandAtDeal * board_.players(); ++card) board_.deal(card % board_.players());
  board_.start_play();
}

int Table::seat_of(const std::string& name) const {
  const std::vector<std::string>& names = board_.setup().names;
  for (std::size_t seat = 0; seat < names.size(); ++seat)
    if (same_name(names[seat], name)) return static_cast<int>(seat);
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  throw InputError("unknown player " + quoted_token(name) + " (players: " + list + ")");
}

int Table::unaccounted(Card card) const {
  if (!is_real(card)) return 0;
  const int type = type_of(card);
  return copies_of_type(type) - board_.public_cards()[static_cast<std::size_t>(type)];
}

void Table::check(const Action& action) const {
  board_.check(action);
  if (action.kind == ActionKind::draw) return;
  if (unaccounted(action.card) > 0) return;
  const std::string card = notation::to_string(action.card);
  if (copies_of_type(type_of(action.card)) == 1) throw RuleViolation(card + " has already been played");
  throw RuleViolation("every " + card + " is already on the table or discarded");
}

void Table::apply(const Action& action) {
  check(action);
  board_.play(action);
  history_.push_back(action);
}

void Table::check_playing() const {
  if (result_) throw RuleViolation("this game of Loot is over; start another with 'new loot PLAYER...'");
  if (board_.is_over())
    throw RuleViolation("the game is over: show the merchants left in the hands with 'end NAME=CARDS...' "
                       "(or a player at a time: 'hand NAME CARDS', then 'end')");
}

MoveOutcome Table::play(const Action& action) {
  check_playing();
  if (action.kind == ActionKind::reveal) throw InputError("'reveal' is not a move at the table: nobody sees the card drawn");
  MoveOutcome outcome;
  outcome.action = action;
  if (action.kind == ActionKind::attack)
    if (const Battle* battle = board_.at_sea(action.merchant))
      outcome.reinforced = board_.side_colour(*battle, board_.side_of(action.seat)) != kNoColour;
  const std::size_t captures_before = board_.captures().size();
  const bool deck_before = board_.deck_size() > 0;

  apply(action);  // validates everything first: a refused move changes nothing

  const auto captures = board_.captures();
  outcome.captures.assign(captures.begin() + static_cast<std::ptrdiff_t>(captures_before), captures.end());
  outcome.deck_emptied = deck_before && board_.deck_size() == 0;
  outcome.ended = board_.is_over();
  if (outcome.ended) {
    for (const Battle& battle : board_.merchants()) {
      const bool captured =
          std::any_of(captures.begin(), captures.end(), [&](const Capture& c) { return c.number == battle.number; });
      if (!captured) outcome.lost.push_back(battle.number);
    }
  }
  return outcome;
}

std::vector<std::vector<Card>> Table::shown_hands(const std::vector<NamedCards>& hands) const {
  std::vector<std::vector<Card>> shown(board_.setup().names.size());
  for (const NamedCards& hand : hands) {
    auto& cards = shown[static_cast<std::size_t>(seat_of(hand.name))];
    cards.insert(cards.end(), hand.cards.begin(), hand.cards.end());
  }
  return shown;
}

std::vector<PlayerHaul> Table::hauls(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands) const {
  std::vector<PlayerHaul> out;
  for (const std::string& player : board_.setup().names) out.push_back({player, {}, {}});
  for (const NamedCards& c : captured) {
    auto& cards = out[static_cast<std::size_t>(seat_of(c.name))].captured;
    cards.insert(cards.end(), c.cards.begin(), c.cards.end());
  }
  for (const NamedCards& h : hands) {
    auto& cards = out[static_cast<std::size_t>(seat_of(h.name))].in_hand;
    cards.insert(cards.end(), h.cards.begin(), h.cards.end());
  }
  return out;
}

std::vector<std::vector<std::string>> Table::team_names() const {
  std::vector<std::vector<std::string>> teams;
  for (const auto& [a, b] : board_.setup().teams) teams.push_back({board_.name(a), board_.name(b)});
  return teams;
}

std::optional<std::string> Table::pile_refusal(Pile pile) const {
  if (result_) return kTotalsGiven;
  if (pile == Pile::hand && !history_.empty() && !board_.is_over())
    return "the game is not over: the hands are shown at its end";
  if (pile == Pile::captured && !history_.empty())
    return "the captures of a tracked game are known: note the merchants left in the hands ('hand NAME CARDS')";
  return std::nullopt;
}

void Table::note(Pile pile, const NamedCards& cards) {
  if (const auto refusal = pile_refusal(pile)) throw RuleViolation(*refusal);
  const int seat = seat_of(cards.name);
  std::vector<NamedCards> piles = noted(pile);
  std::erase_if(piles, [&](const NamedCards& other) { return same_name(other.name, cards.name); });
  piles.push_back({board_.name(seat), cards.cards});
  if (pile == Pile::hand && !history_.empty())
    (void)final_totals(shown_hands(piles));
  else
    (void)loot::final_totals(hauls(pile == Pile::captured ? piles : noted_captured_, pile == Pile::hand ? piles : noted_hands_),
                             team_names());
  (pile == Pile::hand ? noted_hands_ : noted_captured_) = std::move(piles);
}

const FinalTotals& Table::end(const std::vector<NamedCards>& named_hands) {
  const std::vector<NamedCards> hands = with_noted(noted_hands_, named_hands);
  if (result_) throw RuleViolation(kTotalsGiven);
  if (!board_.is_over()) {
    const int deck = board_.deck_size();
    throw RuleViolation(deck > 0 ? "the game is not over: " + counted(deck, "card") + " " +
                                       std::string(for_count(deck, "is", "are")) +
                                       " left in the deck (a table that stopped tracking uses 'final')"
                                 : "the game is not over: every player still holds cards (it ends when a hand is empty)");
  }
  result_ = final_totals(shown_hands(hands));
  return *result_;
}

const FinalTotals& Table::settle(const std::vector<NamedCards>& named_captured, const std::vector<NamedCards>& named_hands) {
  const std::vector<NamedCards> captured = with_noted(noted_captured_, named_captured);
  const std::vector<NamedCards> hands = with_noted(noted_hands_, named_hands);
  if (result_) throw RuleViolation(kTotalsGiven);
  result_ = loot::final_totals(hauls(captured, hands), team_names());
  typed_final_ = true;
  return *result_;
}

FinalTotals Table::final_totals(const std::vector<std::vector<Card>>& hands) const {
  if (static_cast<int>(hands.size()) != board_.players())
    throw InputError("give the hand of every player: " + counted(static_cast<long long>(hands.size()), "hand") + " for " +
                     counted(board_.players(), "player"));
  CardCounts shown{};
  std::vector<PlayerHaul> hauls;
  for (int seat = 0; seat < board_.players(); ++seat) {
    const auto& hand = hands[static_cast<std::size_t>(seat)];
    if (static_cast<int>(hand.size()) > board_.hand_size(seat))
      throw InputError(board_.name(seat) + " holds " + counted(board_.hand_size(seat), "card") + ", not " +
                       std::to_string(hand.size()));
    for (const Card& card : hand) {
      if (!is_real(card)) throw InputError("'" + notation::to_string(card) + "' is not a Loot card");
      ++shown[static_cast<std::size_t>(type_of(card))];
    }
    hauls.push_back({board_.name(seat), board_.captured_merchants(seat), hand});
  }
  for (int type = 0; type < kCardTypes; ++type)
    if (shown[static_cast<std::size_t>(type)] > unaccounted(card_of_type(type)))
      throw InputError(shown_too_often(card_of_type(type), shown[static_cast<std::size_t>(type)], hands));
  return loot::final_totals(hauls, team_names());
}

std::string Table::shown_too_often(Card card, int shown, const std::vector<std::vector<Card>>& hands) const {
  const std::string name = notation::to_string(card);
  const int copies = copies_of_type(type_of(card));
  const int unseen = unaccounted(card);
  if (unseen == 0) return name + " cannot be in a hand: every copy is accounted for";
  std::vector<std::string> showing;
  for (int seat = 0; seat < board_.players(); ++seat) {
    const auto& hand = hands[static_cast<std::size_t>(seat)];
    if (std::any_of(hand.begin(), hand.end(), [&](const Card& held) { return type_of(held) == type_of(card); }))
      showing.push_back(board_.name(seat));
  }
  // The copies not in public view may all be in the hands (the deck is empty at the end), but no more.
  const std::string shown_by = name + " is shown " + std::to_string(shown) + " times (" + and_list(showing) + "), but ";
  if (unseen == copies) return shown_by + "the game has only " + (copies == 1 ? "one " + name : std::to_string(copies));
  return shown_by + "only " + std::to_string(unseen) + " can be in a hand: the other " + std::to_string(copies - unseen) +
         " " + std::string(for_count(copies - unseen, "is", "are")) + " on the table, captured or discarded";
}

}  // namespace qm::loot
