#pragma once
// One merchant ship at sea and everything played on it (rules/loot.ja.md, ③④⑤; RULINGS.md,
// Loot): the fleets attacking it, one colour per player (per team in team play), and the
// captains and the admiral in the order they were played. Who wins it right now is a Lead.
#include <array>
#include <cstdint>

#include "rules/loot/setup.hpp"
#include "scoring/loot/deck.hpp"

namespace qm::loot {

inline constexpr std::int8_t kNoColour = -1;
// At most the four captains and the admiral can lie on one merchant.
inline constexpr int kMaxHeroes = kColourCount + 1;

struct HeroPlay {
  std::int8_t seat = -1;
  Card card{};  // a captain or the admiral

  friend constexpr bool operator==(const HeroPlay&, const HeroPlay&) = default;
};

enum class LeadReason : std::uint8_t {
  unattacked,    // nobody attacks it: its owner takes it
  strength,      // one fleet has strictly the most skulls
  tie,           // two or more fleets share the most skulls: nobody takes it yet
  last_captain,  // a captain was the last hero played on it
  last_admiral,  // the admiral was the last hero played on it
};

// Who wins a merchant if nothing changes: the side (a seat in solo play, a team in team play),
// the seat that takes the merchant, and the winning skull total (the tied total for a tie).
struct Lead {
  LeadReason reason = LeadReason::unattacked;
  int side = -1;   // -1 for a tie
  int taker = -1;  // -1 for a tie
  int skulls = 0;

  friend constexpr bool operator==(const Lead&, const Lead&) = default;
};

struct Battle {
  int number = 0;   // #1, #2, ... in the order merchants were floated
  int gold = 0;
  int owner = -1;   // the seat that floated it
  bool at_sea = false;
  std::array<std::int8_t, kMaxPlayers> colour{kNoColour, kNoColour, kNoColour, kNoColour,
                                              kNoColour, kNoColour, kNoColour, kNoColour};  // per seat
  std::array<std::int8_t, kMaxPlayers> fleet{kNoColour, kNoColour, kNoColour, kNoColour,
                                             kNoColour, kNoColour, kNoColour, kNoColour};  // per side: its fleet's colour
  std::uint8_t colours_taken = 0;                  // a bit per colour attacking it
  std::array<std::uint8_t, kMaxPlayers> skulls{};  // per seat: skulls of its pirate ships here
  std::array<std::uint8_t, kMaxPlayers> joined{};  // per seat: 1, 2, ... in the order they sent a first ship; 0 none
  std::array<HeroPlay, kMaxHeroes> heroes{};       // captains and admiral in play order
  int hero_count = 0;
  CardCounts cards{};  // every card lying on the merchant (not the merchant itself)
  Lead lead{};         // who wins it if nothing changes, judged again by the board after every card played on it

  friend bool operator==(const Battle&, const Battle&) = default;
};

}  // namespace qm::loot
