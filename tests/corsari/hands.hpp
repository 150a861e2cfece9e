#pragma once
// Seeded random hands for property tests: some drawn from the whole deck, some from only a few
// colours so that crews, repeated numbers and additions actually happen; and the rule text's
// example deal.
#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "scoring/corsari/card.hpp"
#include "scoring/notation.hpp"

namespace qm::corsari::testing {

// Cards as typed at the table: "orange1 orange2", spaces or commas.
inline std::vector<Card> cards(const std::string& text) { return notation::parse_corsari_cards({text}); }

// `size` distinct cards, avoiding those in `taken`; from `colours` colours chosen at random.
inline std::vector<Card> random_hand(std::mt19937_64& rng, int size, int colours,
                                     const std::vector<Card>& taken = {}) {
  std::vector<int> palette(kColourCount);
  std::iota(palette.begin(), palette.end(), 0);
  std::shuffle(palette.begin(), palette.end(), rng);
  palette.resize(static_cast<std::size_t>(colours));
  std::vector<Card> pool;
  for (const int colour : palette)
    for (int number = 1; number <= kMaxNumber; ++number) {
      const Card card{static_cast<Colour>(colour), number};
      if (std::find(taken.begin(), taken.end(), card) == taken.end()) pool.push_back(card);
    }
  std::shuffle(pool.begin(), pool.end(), rng);
  pool.resize(std::min(pool.size(), static_cast<std::size_t>(size)));
  return pool;
}

// The rule text's example deal at a light-blue tavern, as typed at the table (spaces or commas).
// Ann: 5 stowaway points (purple2 grey2 green1).
inline const std::string kExampleAnn =
    "lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1";
// Bob: 42 stowaway points alone; orange9 is the best addition to Ann's crew (33 left).
inline const std::string kExampleBob = "orange9 purple7 red1 red2 red3 blue4 blue5 yellow6 yellow8 pink9 pink10 brown11";
// Cy: 3 stowaway points (green3): hands them over.
inline const std::string kExampleCy = "grey1,grey3,grey4,grey5,grey6,grey7,grey8,grey9,grey10,grey11,green2,green3";

inline Colour random_colour(std::mt19937_64& rng) {
  return static_cast<Colour>(std::uniform_int_distribution<int>(0, kColourCount - 1)(rng));
}

}  // namespace qm::corsari::testing
