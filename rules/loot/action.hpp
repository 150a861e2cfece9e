#pragma once
// One move of Loot, as players say it at the table (rules/loot.ja.md, 個人戦: the five actions),
// plus the chance action that turns up a card from the deck.
//
//   draw Cy                 (1) draw the top card of the deck
//   float Ann m5            (2) put a merchant ship out to sea; it becomes merchant #n
//   attack Bob blue3 #2     (3) attack merchant #2, or reinforce one's fleet on it ("reinforce" too)
//   captain Bob blue #2     (4) a captain joins its owner's blue fleet on #2
//   admiral Ann #2          (5) the admiral defends one's own (or, in teams, a partner's) merchant #2
//   discard Ann green1      with the deck empty: discard one card that is not a merchant
//   reveal m5               chance: the card that comes off the deck (to the player being dealt or drawing)
//
// Merchants at sea are numbered #1, #2, ... in the order they were floated; a number is never
// reused, so "#2" means the same ship for the whole game.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "scoring/loot/card.hpp"

namespace qm::loot {

enum class ActionKind : std::uint8_t { reveal, draw, float_merchant, attack, captain, admiral, discard };

struct Action {
  ActionKind kind = ActionKind::draw;
  std::int8_t seat = -1;      // who acts (rules::kChancePlayer for reveal)
  Card card{};                // the card played, discarded or revealed; Card{} for draw
  std::uint8_t merchant = 0;  // the merchant's number (#n) for attack, captain and admiral; else 0

  static constexpr Action reveal(Card card) { return {ActionKind::reveal, -1, card, 0}; }
  static constexpr Action draw(int seat) { return {ActionKind::draw, static_cast<std::int8_t>(seat), Card{}, 0}; }
  static constexpr Action float_merchant(int seat, int gold) {
    return {ActionKind::float_merchant, static_cast<std::int8_t>(seat), Card::merchant(gold), 0};
  }
  static constexpr Action attack(int seat, Card pirate, int merchant) {
    return {ActionKind::attack, static_cast<std::int8_t>(seat), pirate, static_cast<std::uint8_t>(merchant)};
  }
  static constexpr Action captain(int seat, Colour colour, int merchant) {
    return {ActionKind::captain, static_cast<std::int8_t>(seat), Card::captain(colour), static_cast<std::uint8_t>(merchant)};
  }
  static constexpr Action admiral(int seat, int merchant) {
    return {ActionKind::admiral, static_cast<std::int8_t>(seat), Card::admiral(), static_cast<std::uint8_t>(merchant)};
  }
  static constexpr Action discard(int seat, Card card) {
    return {ActionKind::discard, static_cast<std::int8_t>(seat), card, 0};
  }

  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// The table syntax above, with the seat's name: describe(Action::attack(1, blue3, 2), names)
// is "attack Bob blue3 #2". parse_action is its inverse; it throws InputError (or NotationError)
// for an unknown verb, player, card or merchant number, naming the offending token. It checks
// the syntax only: whether the move is allowed is for the engine or the table to say.
std::string describe(const Action& action, std::span<const std::string> names);
Action parse_action(std::string_view line, std::span<const std::string> names);

}  // namespace qm::loot
