#pragma once
// Corsari cards: ten colours x numbers 1-11, every card unique (RULINGS.md, Corsari: Deck).
#include <array>
#include <compare>
#include <cstdint>

namespace qm::corsari {

// Canonical order from RULINGS.md; it is also the tie-break order of groupings.
enum class Colour : std::uint8_t { pink, purple, blue, lightblue, grey, brown, red, orange, yellow, green };
inline constexpr int kColourCount = 10;
inline constexpr int kMaxNumber = 11;
inline constexpr int kDeckSize = kColourCount * kMaxNumber;  // 110

struct Card {
  Colour colour = Colour::pink;
  int number = 1;  // 1..11

  // A dense index 0..109, handy for bitsets of cards.
  constexpr int index() const { return static_cast<int>(colour) * kMaxNumber + (number - 1); }
  static constexpr Card from_index(int index) {
    return Card{static_cast<Colour>(index / kMaxNumber), index % kMaxNumber + 1};
  }
  friend constexpr auto operator<=>(const Card&, const Card&) = default;
};

}  // namespace qm::corsari
