#pragma once
// Loot cards (RULINGS.md, Loot: Deck): merchant ships worth 2-8 gold, pirate ships of four
// colours with 1-4 skulls, one captain per colour, and the admiral.
#include <compare>
#include <cstdint>

namespace qm::loot {

enum class Colour : std::uint8_t { blue, green, purple, gold };
inline constexpr int kColourCount = 4;

enum class CardKind : std::uint8_t { merchant, pirate, captain, admiral };

struct Card {
  CardKind kind = CardKind::merchant;
  Colour colour = Colour::blue;  // pirates and captains only
  int value = 0;                 // merchant: gold; pirate: skulls; otherwise 0

  static constexpr Card merchant(int gold) { return {CardKind::merchant, Colour::blue, gold}; }
  static constexpr Card pirate(Colour colour, int skulls) { return {CardKind::pirate, colour, skulls}; }
  static constexpr Card captain(Colour colour) { return {CardKind::captain, colour, 0}; }
  static constexpr Card admiral() { return {CardKind::admiral, Colour::blue, 0}; }

  friend constexpr auto operator<=>(const Card&, const Card&) = default;
};

}  // namespace qm::loot
