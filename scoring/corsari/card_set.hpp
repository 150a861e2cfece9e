#pragma once
// A set of Corsari cards kept as one 11-bit mask of numbers per colour. Grouping only ever asks
// "which numbers does this colour hold", so this shape makes the optimal grouping a few dozen
// bit operations and lets the engine and the simulations work without allocating.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "scoring/corsari/card.hpp"

namespace qm::corsari {

// Bit n-1 stands for number n.
using NumberMask = std::uint16_t;
inline constexpr NumberMask kAllNumbers = (1U << kMaxNumber) - 1;

constexpr NumberMask number_bit(int number) { return static_cast<NumberMask>(1U << (number - 1)); }

namespace detail {
constexpr std::array<std::uint8_t, kAllNumbers + 1> make_number_totals() {
  std::array<std::uint8_t, kAllNumbers + 1> totals{};
  for (unsigned mask = 0; mask <= kAllNumbers; ++mask)
    for (int number = 1; number <= kMaxNumber; ++number)
      if (mask & number_bit(number)) totals[mask] = static_cast<std::uint8_t>(totals[mask] + number);
  return totals;
}
inline constexpr auto kNumberTotals = make_number_totals();
// A table rather than std::popcount: without a -mpopcnt build (the portable default) popcount is a
// library call, and the simulations count cards at every step.
constexpr std::array<std::uint8_t, kAllNumbers + 1> make_number_counts() {
  std::array<std::uint8_t, kAllNumbers + 1> counts{};
  for (unsigned mask = 0; mask <= kAllNumbers; ++mask) counts[mask] = static_cast<std::uint8_t>(std::popcount(mask));
  return counts;
}
inline constexpr auto kNumberCounts = make_number_counts();
constexpr std::array<std::uint8_t, kAllNumbers + 1> make_highest_numbers() {
  std::array<std::uint8_t, kAllNumbers + 1> highest{};
  for (unsigned mask = 0; mask <= kAllNumbers; ++mask) highest[mask] = static_cast<std::uint8_t>(std::bit_width(mask));
  return highest;
}
inline constexpr auto kHighestNumbers = make_highest_numbers();
}  // namespace detail

// The sum of the numbers in a mask (what those cards count as stowaways).
constexpr int number_total(NumberMask mask) { return detail::kNumberTotals[mask & kAllNumbers]; }
constexpr int number_count(NumberMask mask) { return detail::kNumberCounts[mask & kAllNumbers]; }
// The highest number in a mask, 0 for none.
constexpr int highest_number(NumberMask mask) { return detail::kHighestNumbers[mask & kAllNumbers]; }

class CardSet {
 public:
  constexpr CardSet() = default;
  // Duplicates collapse; callers that must reject them compare size() with the input's size.
  explicit CardSet(const std::vector<Card>& cards) {
    for (const Card card : cards) insert(card);
  }

  constexpr NumberMask numbers(Colour colour) const { return masks_[static_cast<int>(colour)]; }
  constexpr void set_numbers(Colour colour, NumberMask mask) { masks_[static_cast<int>(colour)] = mask & kAllNumbers; }

  constexpr bool contains(Card card) const { return (numbers(card.colour) & number_bit(card.number)) != 0; }
  constexpr void insert(Card card) { masks_[static_cast<int>(card.colour)] |= number_bit(card.number); }
  constexpr void erase(Card card) {
    masks_[static_cast<int>(card.colour)] &= static_cast<NumberMask>(~number_bit(card.number));
  }

  constexpr int size() const {
    int count = 0;
    for (const NumberMask mask : masks_) count += number_count(mask);
    return count;
  }
  constexpr bool empty() const { return size() == 0; }
  // The sum of the numbers of every card in the set.
  constexpr int total() const {
    int sum = 0;
    for (const NumberMask mask : masks_) sum += number_total(mask);
    return sum;
  }
  // Every number held in any colour.
  constexpr NumberMask all_numbers() const {
    NumberMask all = 0;
    for (const NumberMask mask : masks_) all |= mask;
    return all;
  }

  constexpr CardSet& operator|=(const CardSet& other) {
    for (int c = 0; c < kColourCount; ++c) masks_[c] |= other.masks_[c];
    return *this;
  }
  constexpr CardSet& operator-=(const CardSet& other) {
    for (int c = 0; c < kColourCount; ++c) masks_[c] &= static_cast<NumberMask>(~other.masks_[c]);
    return *this;
  }
  constexpr CardSet& operator&=(const CardSet& other) {
    for (int c = 0; c < kColourCount; ++c) masks_[c] &= other.masks_[c];
    return *this;
  }
  friend constexpr CardSet operator|(CardSet a, const CardSet& b) { return a |= b; }
  friend constexpr CardSet operator-(CardSet a, const CardSet& b) { return a -= b; }
  friend constexpr CardSet operator&(CardSet a, const CardSet& b) { return a &= b; }
  friend constexpr bool operator==(const CardSet&, const CardSet&) = default;

  // The cards in canonical order: colour order of RULINGS.md, then number.
  std::vector<Card> cards() const {
    std::vector<Card> out;
    out.reserve(static_cast<std::size_t>(size()));
    for (int c = 0; c < kColourCount; ++c)
      for (unsigned mask = masks_[c]; mask != 0; mask &= mask - 1)
        out.push_back(Card{static_cast<Colour>(c), std::countr_zero(mask) + 1});
    return out;
  }

 private:
  std::array<NumberMask, kColourCount> masks_{};
};

}  // namespace qm::corsari
