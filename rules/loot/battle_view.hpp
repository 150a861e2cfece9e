#pragma once
// The battle view (issue item 2): for each merchant at sea, who attacks it with which colour
// and strength, who is winning right now and why, and who takes it at the start of whose turn
// if nothing changes. Data only; the CLI formats it (explain() gives a plain sentence).
#include <string>
#include <vector>

#include "rules/loot/battle.hpp"
#include "rules/loot/board.hpp"

namespace qm::loot {

struct FleetView {
  int side = -1;
  std::vector<int> seats;  // the players with ships in it (two partners in a team fleet)
  Colour colour = Colour::blue;
  int skulls = 0;
  bool captain = false;  // its captain lies on it
};

struct BattleView {
  int number = 0;  // #n
  int gold = 0;
  int owner = -1;
  std::vector<FleetView> fleets;  // in the order they arrived
  std::vector<HeroPlay> heroes;   // captains and the admiral, in play order (the last one counts)
  Lead lead;                      // who is winning and why
  int taken_at_turn_of = -1;      // the seat whose turn start hands it to lead.taker; -1 on a tie
};

// Every merchant at sea, by number.
std::vector<BattleView> battle_view(const Board& board);
BattleView battle_view(const Board& board, const Battle& battle);
// One sentence: "#2 m5 (Ann): Bob wins with 7 skulls against 5; Bob takes it at the start of Bob's turn".
std::string explain(const Board& board, const BattleView& view);

}  // namespace qm::loot
