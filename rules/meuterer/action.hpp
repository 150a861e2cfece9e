#pragma once
// A move in Meuterer, chance's draws included. Every action carries its outcome (the good drawn,
// the card displayed, the allocation chosen), so a game is its history and the table flow can
// apply what happened at a real table.
//
// And the actions as text, in the state they are taken in: the words a player types for a move
// (parse_action reads them, notation writes them) and the line that tells people what a move does
// (describe). The engine itself never reads or writes text.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "scoring/meuterer/goods.hpp"
#include "scoring/meuterer/role.hpp"
#include "scoring/meuterer/sales.hpp"

namespace qm::meuterer {

enum class ActionKind : std::uint8_t {
  draw,          // chance: the good drawn from the deck (setup and phase 8)
  captain_card,  // phase 1: the captain lays one captain card with one side up
  display,       // phase 2 a: display one good from the hand
  pass,          // phase 2 b: lay the hand face down; a non-captain takes an action card
  add_combat,    // phase 4: turn up that many face-down combat cards
  allocate,      // phase 5: where the displayed goods are sold
  return_good,   // phase 8: the loader puts a card back under the deck
  reveal,        // phase 3: a player who took its action card face down shows which
};

struct Action {
  ActionKind kind = ActionKind::draw;
  std::array<std::uint8_t, 4> data{};

  static Action draw(Good good) { return {ActionKind::draw, {static_cast<std::uint8_t>(good)}}; }
  static Action captain_card(int card, int side) {
    return {ActionKind::captain_card, {static_cast<std::uint8_t>(card), static_cast<std::uint8_t>(side)}};
  }
  static Action display(Good good) { return {ActionKind::display, {static_cast<std::uint8_t>(good)}}; }
  // Role::none for the captain, who takes no action card. A non-captain passing with Role::none
  // takes its card face down and names it in phase 3 (reveal): what a table does, whose shared
  // screen must not show the card before then. legal_actions() lists only the named passes (the
  // same moves with the card known at once), so policies and simulations choose their card here.
  static Action pass(Role card) { return {ActionKind::pass, {static_cast<std::uint8_t>(card)}}; }
  static Action reveal(Role card) { return {ActionKind::reveal, {static_cast<std::uint8_t>(card)}}; }
  static Action add_combat(int cards) { return {ActionKind::add_combat, {static_cast<std::uint8_t>(cards)}}; }
  static Action allocate(const Allocation& allocation) {
    return {ActionKind::allocate,
            {static_cast<std::uint8_t>(allocation.good[0]), static_cast<std::uint8_t>(allocation.count[0]),
             static_cast<std::uint8_t>(allocation.good[1]), static_cast<std::uint8_t>(allocation.count[1])}};
  }
  static Action return_good(Good good) { return {ActionKind::return_good, {static_cast<std::uint8_t>(good)}}; }

  Good good() const { return static_cast<Good>(data[0]); }        // draw, display, return_good
  Role card() const { return static_cast<Role>(data[0]); }        // pass, reveal
  int count() const { return data[0]; }                           // add_combat
  int captain_card_index() const { return data[0]; }              // captain_card
  int captain_card_side() const { return data[1]; }               // captain_card
  Allocation allocation() const {                                 // allocate
    Allocation allocation;
    allocation.good = {static_cast<Good>(data[0]), static_cast<Good>(data[2])};
    allocation.count = {data[1], data[3]};
    return allocation;
  }

  friend bool operator==(const Action&, const Action&) = default;
};

class State;  // state.hpp, which includes this file

// For people: what the action does here, e.g. "captain card 2/3 showing 3 (the mate gets 3 VP from
// the captain)", "pass with 4 cards: destination Karge Zunge", "pass with 4 cards and take an action
// card" (never which: it lies face down until phase 3), "show the mutineer", "sell 2 salt on
// Grünland". The action need not be legal. Not notation: parse_action does not read it back.
std::string describe(const State& state, const Action& action);

// The words parse_action reads back as this action, e.g. "draw salt", "card 3", "display wine",
// "pass", "pass ships-boy", "reveal mutineer", "combat 2", "sell 2salt@grunland 1wine@kargezunge",
// "sell nothing", "return ruby". A captain card is written by the side it shows, so of two cards showing the same
// number only the first one's action reads back (both make the same offer).
std::string notation(const State& state, const Action& action);

// Reads an action as a player would type it:
//   draw GOOD | card N (the side showing N) | display GOOD | pass [ROLE] | reveal ROLE | combat N |
//   sell [N]GOOD@ISLAND ... (or "sell nothing") | return GOOD
// Throws NotationError for words it cannot read; legality is checked by apply_action.
Action parse_action(const State& state, std::string_view text);

}  // namespace qm::meuterer
