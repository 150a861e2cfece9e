#pragma once
// A move in Corsari, chance's shuffle included: the shuffle carries the whole deck's order, so a
// match is its history and replays exactly.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "scoring/corsari/card.hpp"

namespace qm::corsari {

enum class Pile : std::uint8_t { deck, discard, tavern };

struct Action {
  enum class Kind : std::uint8_t { shuffle, draw, discard, sail };
  Kind kind = Kind::draw;
  Pile pile = Pile::deck;  // draw: where from
  Card card{};             // discard: the card laid face up; sail: the card put face down
  std::vector<Card> order;  // shuffle: the whole deck, first card dealt first

  static Action shuffle(std::vector<Card> order) { return Action{Kind::shuffle, Pile::deck, Card{}, std::move(order)}; }
  static Action draw(Pile pile) { return Action{Kind::draw, pile, Card{}, {}}; }
  static Action discard(Card card) { return Action{Kind::discard, Pile::deck, card, {}}; }
  static Action sail(Card face_down) { return Action{Kind::sail, Pile::deck, face_down, {}}; }
  friend bool operator==(const Action&, const Action&) = default;
};

// "shuffle", "draw from the tavern", "discard red7", "sail, red7 face down".
std::string to_string(const Action& action);

}  // namespace qm::corsari
