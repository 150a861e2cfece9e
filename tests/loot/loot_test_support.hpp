#pragma once
// Building Loot positions for the tests: deal chosen hands through the engine's own chance
// actions, and play moves in the table syntax ("attack Bob blue3 #1").
#include <string>
#include <vector>

#include "rules/loot/action.hpp"
#include "rules/loot/state.hpp"
#include "scoring/notation.hpp"

namespace qm::loot::testing {

// Deals hands[seat] (six cards each, in the table notation) one card at a time, as the deal goes.
inline State dealt(const Setup& setup, const std::vector<std::string>& hands) {
  State state(setup);
  std::vector<std::vector<Card>> cards;
  for (const std::string& hand : hands) cards.push_back(notation::parse_loot_cards({hand}));
  for (int round = 0; round < kHandAtDeal; ++round)
    for (std::size_t seat = 0; seat < cards.size(); ++seat) state.apply_action(Action::reveal(cards[seat][static_cast<std::size_t>(round)]));
  return state;
}

inline void play(State& state, const std::string& move) {
  state.apply_action(parse_action(move, state.setup().names));
}

// The player to move draws and the deck turns up `card`.
inline void draw(State& state, const std::string& card) {
  state.apply_action(Action::draw(state.current_player()));
  state.apply_action(Action::reveal(notation::parse_loot_card(card)));
}

// Everyone draws in turn until the deck is empty; the deck turns up its cards in type order.
inline void drain_deck(State& state) {
  while (state.board().deck_size() > 0) {
    state.apply_action(Action::draw(state.current_player()));
    for (int type = 0; type < kCardTypes; ++type) {
      if (state.deck()[static_cast<std::size_t>(type)] == 0) continue;
      state.apply_action(Action::reveal(card_of_type(type)));
      break;
    }
  }
}

inline int hand_count(const State& state, int seat, const std::string& card) {
  return state.hand(seat)[static_cast<std::size_t>(type_of(notation::parse_loot_card(card)))];
}

}  // namespace qm::loot::testing
