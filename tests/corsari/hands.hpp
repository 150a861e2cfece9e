#pragma once
// Seeded random hands for property tests: some drawn from the whole deck, some from only a few
// colours so that crews, repeated numbers and additions actually happen.
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "scoring/corsari/card.hpp"

namespace qm::corsari::testing {

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

inline Colour random_colour(std::mt19937_64& rng) {
  return static_cast<Colour>(std::uniform_int_distribution<int>(0, kColourCount - 1)(rng));
}

}  // namespace qm::corsari::testing
