#pragma once
// Brute-force references for the tests: slow, obvious code that tries everything, checked
// against the production code on thousands of random hands.
#include <algorithm>
#include <vector>

#include "scoring/corsari/card.hpp"

namespace qm::corsari::reference {

// The minimum stowaway total by trying every crew-colour pair and every subset of its cards.
inline int stowaway_total(Colour tavern, const std::vector<Card>& hand, int* most_crew_cards = nullptr) {
  int outside = 0;
  for (const Card card : hand)
    if (card.colour != tavern) outside += card.number;
  int best = outside;
  int best_cards = 0;
  for (int a = 0; a < kColourCount; ++a) {
    for (int b = a; b < kColourCount; ++b) {  // b == a: a crew of one colour
      if (a == static_cast<int>(tavern) || b == static_cast<int>(tavern)) continue;
      std::vector<Card> candidates;
      for (const Card card : hand)
        if (static_cast<int>(card.colour) == a || static_cast<int>(card.colour) == b) candidates.push_back(card);
      for (unsigned subset = 0; subset < (1U << candidates.size()); ++subset) {
        int sum = 0;
        int cards = 0;
        bool distinct = true;
        std::vector<int> numbers;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
          if (!(subset & (1U << i))) continue;
          if (std::find(numbers.begin(), numbers.end(), candidates[i].number) != numbers.end()) distinct = false;
          numbers.push_back(candidates[i].number);
          sum += candidates[i].number;
          ++cards;
        }
        if (!distinct) continue;
        const int total = outside - sum;
        if (total < best || (total == best && cards > best_cards)) {
          best = total;
          best_cards = cards;
        }
      }
    }
  }
  if (most_crew_cards) *most_crew_cards = best_cards;
  return best;
}

// The lowest stowaway total an opponent can reach by adding any subset of its cards to the
// sailor's crew (crew colours only, numbers not in the crew, at most one per number).
inline int best_total_after_additions(Colour tavern, const std::vector<Card>& crew, const std::vector<Card>& hand) {
  std::vector<Card> addable;
  for (const Card card : hand) {
    bool crew_colour = false;
    bool crew_number = false;
    for (const Card member : crew) {
      crew_colour = crew_colour || member.colour == card.colour;
      crew_number = crew_number || member.number == card.number;
    }
    if (crew_colour && !crew_number) addable.push_back(card);
  }
  int best = stowaway_total(tavern, hand);
  for (unsigned subset = 1; subset < (1U << addable.size()); ++subset) {
    std::vector<int> numbers;
    bool one_per_number = true;
    std::vector<Card> rest = hand;
    for (std::size_t i = 0; i < addable.size(); ++i) {
      if (!(subset & (1U << i))) continue;
      if (std::find(numbers.begin(), numbers.end(), addable[i].number) != numbers.end()) one_per_number = false;
      numbers.push_back(addable[i].number);
      rest.erase(std::find(rest.begin(), rest.end(), addable[i]));
    }
    if (one_per_number) best = std::min(best, stowaway_total(tavern, rest));
  }
  return best;
}

}  // namespace qm::corsari::reference
