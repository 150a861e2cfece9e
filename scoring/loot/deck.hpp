#pragma once
// The 78 Loot cards (RULINGS.md, Loot: Deck) as 28 card types, so that a hand, the deck or the
// cards lying on a merchant are a fixed array of counts: cheap to copy, compare and conserve.
//   types 0-6    merchants m2..m8
//   types 7-22   pirate ships, colour by colour (blue, green, purple, gold), 1..4 skulls
//   types 23-26  captains, one per colour
//   type  27     the admiral
#include <array>
#include <cstdint>

#include "scoring/loot/card.hpp"

namespace qm::loot {

// RULINGS.md, Loot: "25 merchant ships (5x2, 6x3, 5x4, 5x5, 2x6, 1x7, 1x8 gold = 100)".
inline constexpr int kMinGold = 2;
inline constexpr int kMaxGold = 8;
inline constexpr std::array<int, kMaxGold - kMinGold + 1> kMerchantsOfGold = {5, 6, 5, 5, 2, 1, 1};
inline constexpr int kMerchantCount = 25;
inline constexpr int kTotalGold = 100;
// RULINGS.md, Loot: "each colour 2x1, 4x2, 4x3, 2x4 skulls".
inline constexpr int kMaxSkulls = 4;
inline constexpr std::array<int, kMaxSkulls> kPiratesOfSkulls = {2, 4, 4, 2};
// RULINGS.md, Loot: "four captains (one per colour), one admiral".
inline constexpr int kDeckSize = 78;
// RULINGS.md, Loot: "Deal 6 each".
inline constexpr int kHandAtDeal = 6;

inline constexpr int kMerchantTypes = kMaxGold - kMinGold + 1;
inline constexpr int kFirstPirateType = kMerchantTypes;
inline constexpr int kFirstCaptainType = kFirstPirateType + kColourCount * kMaxSkulls;
inline constexpr int kAdmiralType = kFirstCaptainType + kColourCount;
inline constexpr int kCardTypes = kAdmiralType + 1;

using CardCounts = std::array<std::uint8_t, kCardTypes>;

constexpr int type_of(Card card) {
  switch (card.kind) {
    case CardKind::merchant: return card.value - kMinGold;
    case CardKind::pirate: return kFirstPirateType + static_cast<int>(card.colour) * kMaxSkulls + card.value - 1;
    case CardKind::captain: return kFirstCaptainType + static_cast<int>(card.colour);
    case CardKind::admiral: return kAdmiralType;
  }
  return 0;
}

constexpr Card card_of_type(int type) {
  if (type < kFirstPirateType) return Card::merchant(type + kMinGold);
  if (type < kFirstCaptainType) {
    const int pirate = type - kFirstPirateType;
    return Card::pirate(static_cast<Colour>(pirate / kMaxSkulls), pirate % kMaxSkulls + 1);
  }
  if (type < kAdmiralType) return Card::captain(static_cast<Colour>(type - kFirstCaptainType));
  return Card::admiral();
}

// Whether a Card names a card that exists (merchants m2-m8, pirates of 1-4 skulls).
constexpr bool is_real(Card card) {
  switch (card.kind) {
    case CardKind::merchant: return card.value >= kMinGold && card.value <= kMaxGold;
    case CardKind::pirate: return card.value >= 1 && card.value <= kMaxSkulls;
    case CardKind::captain: return card.value == 0;
    case CardKind::admiral: return card.value == 0 && card.colour == Colour::blue;
  }
  return false;
}

// How many copies of a card type the deck holds.
constexpr int copies_of_type(int type) {
  if (type < kFirstPirateType) return kMerchantsOfGold[static_cast<std::size_t>(type)];
  if (type < kFirstCaptainType) return kPiratesOfSkulls[static_cast<std::size_t>((type - kFirstPirateType) % kMaxSkulls)];
  return 1;
}

constexpr CardCounts full_deck() {
  CardCounts counts{};
  for (int type = 0; type < kCardTypes; ++type) counts[static_cast<std::size_t>(type)] = static_cast<std::uint8_t>(copies_of_type(type));
  return counts;
}

// The gold of a merchant, 0 for every other card.
constexpr int gold_of(Card card) { return card.kind == CardKind::merchant ? card.value : 0; }

constexpr int gold_of_type(int type) { return type < kFirstPirateType ? type + kMinGold : 0; }

namespace deck_checks {
constexpr int total_cards() {
  int total = 0;
  for (const auto count : full_deck()) total += count;
  return total;
}
constexpr int total_gold() {
  int total = 0;
  for (int type = 0; type < kMerchantTypes; ++type) total += copies_of_type(type) * gold_of_type(type);
  return total;
}
constexpr bool types_round_trip() {
  for (int type = 0; type < kCardTypes; ++type)
    if (type_of(card_of_type(type)) != type) return false;
  return true;
}
static_assert(total_cards() == kDeckSize, "RULINGS.md: 78 cards");
static_assert(total_gold() == kTotalGold, "RULINGS.md: merchants worth 100 gold in all");
static_assert(types_round_trip());
}  // namespace deck_checks

}  // namespace qm::loot
