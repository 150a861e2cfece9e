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

// The crew-colour pairs of a hand, for the questions about giving up one card: giving up a
// card changes only the pairs of its own colour. Branch-free passes over the 36 pairs.
struct CrewPairs {
  static constexpr int kColours = kColourCount - 1;  // every colour but the tavern's
  std::array<NumberMask, kColours> masks{};
  std::array<Colour, kColours> colours{};
  int outside_tavern = 0;
  int best = 0;       // the best pair's crew total
  int best_a = 0;     // and its colours
  int best_b = 0;
  int without_a = 0;  // the best pair without colour best_a
  int without_b = 0;
  int sharing = 0;    // the largest pair total plus the highest number both its colours hold

  CrewPairs(Colour tavern, const CardSet& hand) {
    for (int c = 0, i = 0; c < kColourCount; ++c) {
      if (c == static_cast<int>(tavern)) continue;
      colours[at(i)] = static_cast<Colour>(c);
      masks[at(i)] = hand.numbers(static_cast<Colour>(c));
      outside_tavern += number_total(masks[at(i++)]);
    }
    int best_key = 0;  // total * 256 + a * 16 + b: the largest total, with a pair that holds it
    for (int a = 0; a < kColours; ++a)
      for (int b = a + 1; b < kColours; ++b) {
        const int pair = total(a, b);
        best_key = std::max(best_key, pair << 8 | a << 4 | b);
        sharing = std::max(sharing, pair + highest_number(masks[at(a)] & masks[at(b)]));
      }
    best = best_key >> 8;
    best_a = (best_key >> 4) & 0xF;
    best_b = best_key & 0xF;
    without_a = best_leaving_out(best_a);
    without_b = best_leaving_out(best_b);
  }

  int total(int a, int b) const { return number_total(masks[at(a)] | masks[at(b)]); }
  // The best pair that leaves colour i out: the best pair itself, unless i is in it.
  int without(int i) const { return i == best_a ? without_a : i == best_b ? without_b : best; }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  int best_leaving_out(int colour) const {
    // With the colour emptied, a pair of it is worth no more than a true pair of its partner.
    std::array<NumberMask, kColours> left = masks;
    left[at(colour)] = 0;
    int most = 0;
    for (int a = 0; a < kColours; ++a)
      for (int b = a + 1; b < kColours; ++b) most = std::max(most, number_total(left[at(a)] | left[at(b)]));
    return most;
  }
};

}  // namespace

int best_stowaway_total(Colour tavern, const CardSet& hand) {
  const int outside_tavern = hand.total() - number_total(hand.numbers(tavern));
  return outside_tavern - best_crew_total(tavern, hand);
}

// Giving up number n of crew colour i leaves the best pair without i, or a pair (i, j) that
// loses n unless j holds n too. So the hand keeps, besides its stowaways outside the tavern
// minus n, a crew of max(without(i), total(i, j) - n for j without n, total(i, j) for j with n).
void best_stowaway_totals_without_each(Colour tavern, const CardSet& hand, TotalsByCard& totals) {
  const CrewPairs pairs(tavern, hand);
  // A tavern card is a prisoner: giving it up changes no crew.
  for (unsigned left = hand.numbers(tavern); left != 0; left &= left - 1)
    totals[static_cast<std::size_t>(Card{tavern, std::countr_zero(left) + 1}.index())] =
        static_cast<std::int16_t>(pairs.outside_tavern - pairs.best);
  for (int i = 0; i < CrewPairs::kColours; ++i) {
    if (pairs.masks[static_cast<std::size_t>(i)] == 0) continue;
    std::array<int, CrewPairs::kColours> row{};  // (i, i) stays 0: i holds n, so it adds nothing
    for (int j = 0; j < CrewPairs::kColours; ++j)
      if (j != i) row[static_cast<std::size_t>(j)] = pairs.total(i, j);
    for (unsigned left = pairs.masks[static_cast<std::size_t>(i)]; left != 0; left &= left - 1) {
      const int number = std::countr_zero(left) + 1;
      const NumberMask bit = number_bit(number);
      int crew = pairs.without(i);
      for (int j = 0; j < CrewPairs::kColours; ++j)
        crew = std::max(crew, row[static_cast<std::size_t>(j)] - ((pairs.masks[static_cast<std::size_t>(j)] & bit) ? 0 : number));
      totals[static_cast<std::size_t>(Card{pairs.colours[static_cast<std::size_t>(i)], number}.index())] =
          static_cast<std::int16_t>(pairs.outside_tavern - number - crew);
    }
  }
}

// From the rule above, the hand keeps stowaways outside the tavern minus the most of n + crew:
// over colour i's cards that is without(i) + its highest number, total(i, j) for some j, or
// total(i, j) + n for a number n both i and j hold; and a tavern card keeps the best pair.
int best_stowaway_total_giving_up_one(Colour tavern, const CardSet& hand) {
  const CrewPairs pairs(tavern, hand);
  int kept = std::max(pairs.best, pairs.sharing);
  for (int i = 0; i < CrewPairs::kColours; ++i) {
    const NumberMask own = pairs.masks[static_cast<std::size_t>(i)];
    if (own != 0) kept = std::max(kept, pairs.without(i) + highest_number(own));
  }
  return pairs.outside_tavern - kept;
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
