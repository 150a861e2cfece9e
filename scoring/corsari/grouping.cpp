#include "scoring/corsari/grouping.hpp"

#include <algorithm>
#include <bit>
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

void best_stowaway_totals_without_each(Colour tavern, const CardSet& hand, TotalsByCard& totals) {
  constexpr int kCrewColours = kColourCount - 1;
  std::array<NumberMask, kCrewColours> masks{};
  std::array<Colour, kCrewColours> colours{};
  int outside_tavern = 0;
  for (int c = 0, i = 0; c < kColourCount; ++c) {
    if (c == static_cast<int>(tavern)) continue;
    colours[static_cast<std::size_t>(i)] = static_cast<Colour>(c);
    masks[static_cast<std::size_t>(i)] = hand.numbers(static_cast<Colour>(c));
    outside_tavern += number_total(masks[static_cast<std::size_t>(i++)]);
  }
  // Step 1. Every pair's crew total, and the best pair.
  std::array<std::array<int, kCrewColours>, kCrewColours> pair_total{};
  int best = -1;
  int best_a = 0;
  int best_b = 0;
  for (int a = 0; a < kCrewColours; ++a)
    for (int b = a + 1; b < kCrewColours; ++b) {
      const int total = number_total(masks[static_cast<std::size_t>(a)] | masks[static_cast<std::size_t>(b)]);
      pair_total[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = total;
      pair_total[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = total;
      if (total > best) {
        best = total;
        best_a = a;
        best_b = b;
      }
    }
  // Step 2. The best pair without a colour: the best pair itself, unless the colour is in it.
  const auto best_without = [&](int colour) {
    int without = 0;
    for (int a = 0; a < kCrewColours; ++a)
      for (int b = a + 1; b < kCrewColours; ++b)
        if (a != colour && b != colour) without = std::max(without, pair_total[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]);
    return without;
  };
  const int without_a = best_without(best_a);
  const int without_b = best_without(best_b);

  // Step 3. A tavern card is a prisoner: giving it up changes no crew.
  for (unsigned left = hand.numbers(tavern); left != 0; left &= left - 1)
    totals[static_cast<std::size_t>(Card{tavern, std::countr_zero(left) + 1}.index())] =
        static_cast<std::int16_t>(outside_tavern - best);
  // Step 4. Giving up number n of colour i lowers a pair (i, j) by n unless j holds n too.
  for (int i = 0; i < kCrewColours; ++i) {
    const int others = i == best_a ? without_a : i == best_b ? without_b : best;
    const auto& row = pair_total[static_cast<std::size_t>(i)];
    for (unsigned left = masks[static_cast<std::size_t>(i)]; left != 0; left &= left - 1) {
      const int number = std::countr_zero(left) + 1;
      const NumberMask bit = number_bit(number);
      int crew = others;
      for (int j = 0; j < kCrewColours; ++j)
        if (j != i) crew = std::max(crew, row[static_cast<std::size_t>(j)] - ((masks[static_cast<std::size_t>(j)] & bit) ? 0 : number));
      totals[static_cast<std::size_t>(Card{colours[static_cast<std::size_t>(i)], number}.index())] =
          static_cast<std::int16_t>(outside_tavern - number - crew);
    }
  }
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
