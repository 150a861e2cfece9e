#include "rules/pirates_code/action.hpp"

#include <fmt/format.h>

#include "scoring/input_error.hpp"

namespace qm::pirates_code {

namespace {

std::int8_t small(int value) { return static_cast<std::int8_t>(value); }

std::string seat_name(int seat, std::span<const std::string> names) {
  if (seat >= 0 && static_cast<std::size_t>(seat) < names.size()) return names[static_cast<std::size_t>(seat)];
  return fmt::format("P{}", seat + 1);
}

}  // namespace

Action Action::deal(const std::array<std::int8_t, kNumberCount>& deck) {
  Action action;
  action.move = Move::deal;
  action.deck = deck;
  return action;
}

Action Action::deal_of(std::span<const NumberSet> hands, int code_slot0, int code_slot1) {
  std::array<std::int8_t, kNumberCount> deck{};
  NumberSet used;
  std::size_t next = 0;
  const auto put = [&](int number) {
    if (!NumberSet::valid(number) || used.contains(number) || next >= deck.size())
      throw InputError("a deal uses every number 1-14 at most once; " + std::to_string(number) + " does not fit");
    used.insert(number);
    deck[next++] = small(number);
  };
  for (NumberSet hand : hands)
    for (int number : hand.numbers()) put(number);
  put(code_slot0);
  put(code_slot1);
  for (int number : NumberSet::all().without(used).numbers()) put(number);
  return deal(deck);
}

Action Action::draw(int card) {
  Action action;
  action.move = Move::draw;
  action.card = small(card);
  return action;
}

Action Action::inquiry(int card, int target, int asked) {
  Action action;
  action.move = Move::inquiry;
  action.card = small(card);
  action.target = small(target);
  action.asked = small(asked);
  return action;
}

Action Action::scouting(int card, int target) {
  Action action;
  action.move = Move::scouting;
  action.card = small(card);
  action.target = small(target);
  return action;
}

Action Action::clairvoyance(int card, int companion, int slot) {
  Action action;
  action.move = Move::clairvoyance;
  action.card = small(card);
  action.companion = small(companion);
  action.slot = small(slot);
  return action;
}

Action Action::rapid_fire(int card) {
  Action action;
  action.move = Move::rapid_fire;
  action.card = small(card);
  return action;
}

Action Action::plunder(int card, int target) {
  Action action;
  action.move = Move::plunder;
  action.card = small(card);
  action.target = small(target);
  return action;
}

Action Action::guess(int first, int second) {
  Action action;
  action.move = Move::guess;
  action.card = small(first);  // kept as typed, so that a bad guess can be reported as typed
  action.asked = small(second);
  action.declared = NumberSet::of({first, second});
  return action;
}

Action Action::continue_judgement() {
  Action action;
  action.move = Move::continue_judgement;
  return action;
}

Action Action::stop_judgement() {
  Action action;
  action.move = Move::stop_judgement;
  return action;
}

std::string describe(const Action& action, std::span<const std::string> names) {
  switch (action.move) {
    case Move::deal: {
      std::string deck;
      for (std::int8_t number : action.deck) deck += fmt::format("{}{}", deck.empty() ? "" : ",", number);
      return "deal " + deck;
    }
    case Move::draw: return "draw " + card_name(action.card);
    case Move::inquiry:
      return fmt::format("inquiry: show {} to {}, ask \"do you have {}?\" ({:+})", action.card,
                         seat_name(action.target, names), action.asked, action.asked - action.card);
    case Move::scouting:
      return fmt::format("scouting: show {} to {}, look at one of its cards", action.card, seat_name(action.target, names));
    case Move::clairvoyance:
      return fmt::format("clairvoyance: put {} and {} face up, look at code card {}", action.card, action.companion,
                         action.slot + 1);
    case Move::rapid_fire: return fmt::format("rapid fire: put {} face up, two more actions", action.card);
    case Move::plunder:
      return fmt::format("plunder: put {} face up, take a card from {}", action.card, seat_name(action.target, names));
    case Move::guess: return fmt::format("guess {} and {}", action.card, action.asked);
    case Move::continue_judgement: return "continue the judgement (pay the continue token)";
    case Move::stop_judgement: return "stop (keep the continue token)";
  }
  return "?";
}

}  // namespace qm::pirates_code
