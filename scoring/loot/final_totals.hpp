#pragma once
// Final totals of a game of Loot (RULINGS.md, Loot: End; rules/loot.ja.md, ゲーム終了と得点計算):
// each player scores the gold of the merchants it captured minus the gold of the merchants left
// in its hand; the highest score wins and equal highest share the win. In team play
// (RULINGS.md, Loot: Teams) a team scores the sum of its two partners, and the winners are the
// members of the team(s) with the highest total.
//
//   final_totals({{"Ann", {m5, m3}, {m2}}, {"Bob", {m8}, {}}})
//     -> Ann 8 - 2 = 6, Bob 8 - 0 = 8, winners {Bob}
#include <span>
#include <string>
#include <vector>

#include "scoring/loot/card.hpp"

namespace qm::loot {

// What one player has at the end: the merchants it captured and the cards left in its hand.
// Only merchants in the hand count; other cards may be listed and are worth nothing.
struct PlayerHaul {
  std::string name;
  std::vector<Card> captured;
  std::vector<Card> in_hand;
};

struct PlayerTotal {
  std::string name;
  int captured = 0;  // gold captured
  int in_hand = 0;   // gold of the merchants left in hand
  int total = 0;     // captured - in_hand
  friend bool operator==(const PlayerTotal&, const PlayerTotal&) = default;
};

struct TeamTotal {
  std::vector<std::string> names;
  int total = 0;
  friend bool operator==(const TeamTotal&, const TeamTotal&) = default;
};

struct FinalTotals {
  std::vector<PlayerTotal> players;  // in the order given
  std::vector<TeamTotal> teams;      // in the order given; empty in solo play
  std::vector<std::string> winners;  // in player order
  friend bool operator==(const FinalTotals&, const FinalTotals&) = default;
};

// `teams` lists the partners by name (empty for solo play); every player must be in exactly
// one team of two. Throws InputError for a non-merchant among the captured cards, more copies
// of a merchant than the deck holds, duplicate or unknown names, or a bad team layout.
FinalTotals final_totals(const std::vector<PlayerHaul>& players,
                         const std::vector<std::vector<std::string>>& teams = {});

// The gold of the merchants among `cards` (other cards are worth nothing).
int merchant_gold(std::span<const Card> cards);

// Seats sharing the highest share: with `team_of` empty, the seats with the highest total;
// otherwise team_of[seat] is the seat's team and the winners are every member of the
// team(s) with the highest sum. In seat order.
std::vector<int> winning_seats(std::span<const int> totals, std::span<const int> team_of = {});

}  // namespace qm::loot
