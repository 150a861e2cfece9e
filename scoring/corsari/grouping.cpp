#include "scoring/corsari/grouping.hpp"

#include <algorithm>
#include <string>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

namespace qm::corsari {
namespace {

// The crew-colour pair with the largest total of distinct numbers, the tie-break of the header.
struct CrewPair {
  int first = -1;
  int second = -1;
  int crew_total = -1;
  int crew_cards = -1;
};

CrewPair best_crew_pair(Colour tavern, const CardSet& hand) {
  CrewPair best;
  const int skip = static_cast<int>(tavern);
  for (int a = 0; a < kColourCount; ++a) {
    if (a == skip) continue;
    const NumberMask first = hand.numbers(static_cast<Colour>(a));
    for (int b = a + 1; b < kColourCount; ++b) {
      if (b == skip) continue;
      // A crew takes every number of its two colours once: the stowaways of these two colours
      // are exactly the duplicated numbers, so the best pair maximises the union's total.
      const NumberMask both = first | hand.numbers(static_cast<Colour>(b));
      const int total = number_total(both);
      if (total < best.crew_total) continue;
      const int cards = number_count(both);
      if (total == best.crew_total && cards <= best.crew_cards) continue;
      best = CrewPair{a, b, total, cards};
    }
  }
  return best;
}

// The largest total a crew of this hand can hold: best_crew_pair's crew_total without its tie-break.
int best_crew_total(Colour tavern, const CardSet& hand) {
  int best = 0;
  const int skip = static_cast<int>(tavern);
  for (int a = 0; a < kColourCount; ++a) {
    if (a == skip) continue;
    const NumberMask first = hand.numbers(static_cast<Colour>(a));
    for (int b = a + 1; b < kColourCount; ++b)
      if (b != skip) best = std::max(best, number_total(first | hand.numbers(static_cast<Colour>(b))));
  }
  return best;
}

}  // namespace

int best_stowaway_total(Colour tavern, const CardSet& hand) {
  const int outside_tavern = hand.total() - number_total(hand.numbers(tavern));
  return outside_tavern - best_crew_total(tavern, hand);
}

GroupedHand best_grouped_hand(Colour tavern, const CardSet& hand) {
  const CrewPair pair = best_crew_pair(tavern, hand);
  Colour main = static_cast<Colour>(pair.first);
  Colour other = static_cast<Colour>(pair.second);
  if (number_count(hand.numbers(other)) > number_count(hand.numbers(main))) std::swap(main, other);

  GroupedHand grouped;
  grouped.prisoners.set_numbers(tavern, hand.numbers(tavern));
  grouped.crew.set_numbers(main, hand.numbers(main));
  grouped.crew.set_numbers(other, hand.numbers(other) & static_cast<NumberMask>(~hand.numbers(main)));
  grouped.stowaways = hand - grouped.prisoners - grouped.crew;
  grouped.stowaway_total = grouped.stowaways.total();
  return grouped;
}

std::vector<Colour> crew_colours(const CardSet& crew) {
  std::vector<Colour> colours;
  for (int c = 0; c < kColourCount; ++c)
    if (crew.numbers(static_cast<Colour>(c)) != 0) colours.push_back(static_cast<Colour>(c));
  return colours;
}

Grouping to_grouping(const GroupedHand& grouped) {
  return Grouping{grouped.prisoners.cards(), grouped.crew.cards(), crew_colours(grouped.crew),
                  grouped.stowaways.cards(), grouped.stowaway_total};
}

Grouping best_grouping(Colour tavern, const std::vector<Card>& hand) {
  const CardSet cards(hand);
  if (cards.size() != static_cast<int>(hand.size())) {
    for (std::size_t i = 0; i < hand.size(); ++i)
      for (std::size_t j = i + 1; j < hand.size(); ++j)
        if (hand[i] == hand[j])
          throw InputError("card " + notation::to_string(hand[i]) + " appears twice (every card is unique)");
  }
  return to_grouping(best_grouped_hand(tavern, cards));
}

}  // namespace qm::corsari
