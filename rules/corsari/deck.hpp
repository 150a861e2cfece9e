#pragma once
// The 110-card deck and the seeded draws the engine and the policies make. Written out here
// (not std::shuffle / std::uniform_int_distribution, whose results differ between standard
// libraries) so a seed gives the same games everywhere.
#include <cstdint>
#include <vector>

#include "rules/engine.hpp"
#include "scoring/corsari/card.hpp"

namespace qm::corsari {

// A uniform number in [0, bound), bound > 0, without modulo bias.
inline std::uint64_t random_below(rules::Rng& rng, std::uint64_t bound) {
  const std::uint64_t reject_from = rules::Rng::max() - (rules::Rng::max() % bound);
  std::uint64_t draw = rng();
  while (draw >= reject_from) draw = rng();
  return draw % bound;
}

// Every card once, in canonical order (colour order of RULINGS.md, then number).
inline std::vector<Card> full_deck() {
  std::vector<Card> deck;
  deck.reserve(kDeckSize);
  for (int index = 0; index < kDeckSize; ++index) deck.push_back(Card::from_index(index));
  return deck;
}

// A uniformly shuffled deck (Fisher-Yates).
inline std::vector<Card> shuffled_deck(rules::Rng& rng) {
  std::vector<Card> deck = full_deck();
  for (std::size_t i = deck.size() - 1; i > 0; --i) std::swap(deck[i], deck[random_below(rng, i + 1)]);
  return deck;
}

}  // namespace qm::corsari
