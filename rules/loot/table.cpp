#include "rules/loot/table.hpp"

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {

Table::Table(const Setup& setup) : board_(setup) {
  for (int card = 0; card < kHandAtDeal * board_.players(); ++card) board_.deal(card % board_.players());
  board_.start_play();
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
      if (++shown[static_cast<std::size_t>(type_of(card))] > unaccounted(card))
        throw InputError(notation::to_string(card) + " cannot be in a hand: every copy is accounted for");
    }
    hauls.push_back({board_.name(seat), board_.captured_merchants(seat), hand});
  }
  std::vector<std::vector<std::string>> teams;
  for (const auto& [a, b] : board_.setup().teams) teams.push_back({board_.name(a), board_.name(b)});
  return loot::final_totals(hauls, teams);
}

}  // namespace qm::loot
