#pragma once
// The fortune deck (RULINGS.md, Piraten Kapern, Deck): 35 cards, 37 with the promo cards storm and
// truce. A shuffled deck drawn from the top is the same as drawing uniformly among the cards
// left, so the deck is kept as counts per kind; it is reshuffled when a draw finds it empty.
#include <array>

#include "scoring/piraten/dice.hpp"

namespace qm::piraten {

using CardCounts = std::array<int, kFortuneCardKinds>;  // indexed by FortuneCard

// RULINGS.md: 4 chest, 4 captain, 4 sorceress, 2 each sea battle 2/3/4, 4 coin, 4 diamond,
// 4 monkey business, 3 skull-1, 2 skull-2; promo: 1 storm, 1 truce.
constexpr CardCounts fortune_deck(bool promo) {
  return {4, 4, 4, 2, 2, 2, 4, 4, 4, 3, 2, promo ? 1 : 0, promo ? 1 : 0};
}

constexpr int card_total(const CardCounts& counts) {
  int total = 0;
  for (int n : counts) total += n;
  return total;
}

static_assert(card_total(fortune_deck(false)) == 35, "rules: 基本のカード全35枚");
static_assert(card_total(fortune_deck(true)) == 37, "rules: + promo storm and truce");

}  // namespace qm::piraten
