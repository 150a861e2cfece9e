#pragma once
// Who sits at a Loot table: the player count, the names in seat order and, in team play, the
// pairs of partners (RULINGS.md, Loot: Teams). Seats are 0-based in the code; seat 0 sits left
// of the dealer and plays first; turns go clockwise, seat by seat.
//
// Game options (`--option key=value`):
//   name   default  meaning
//   teams  off      off: everyone plays alone (2-5 players).
//                   on: teams of two, partners side by side: seats 1+2, 3+4, ... (4, 6 or 8 players).
//                   a layout of 1-based seats, e.g. "2+3,4+1": the partners, who must be adjacent.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game_options.hpp"

namespace qm::loot {

// rules/loot.ja.md, ゲーム方式: "2～5人の個人戦と4、6、8人でのチーム戦".
inline constexpr int kMinSoloPlayers = 2;
inline constexpr int kMaxSoloPlayers = 5;
inline constexpr std::array<int, 3> kTeamPlayerCounts = {4, 6, 8};
inline constexpr int kMaxPlayers = 8;

struct Setup {
  int players = 0;
  std::vector<std::array<int, 2>> teams;  // empty: solo play; otherwise pairs of adjacent seats
  std::vector<std::string> names;         // one per seat, one word each ("P1", "P2", ... when not given)

  friend bool operator==(const Setup&, const Setup&) = default;
};

// Everyone for themselves; names default to "P1", "P2", ...
Setup solo_setup(int players);
// Teams of two: seats 1+2, 3+4, ...
Setup team_setup(int players);
// A real table: names in seat order (clockwise from the player left of the dealer) and the
// teams by name, e.g. {{"Ann", "Bob"}, {"Cy", "Dee"}}; partners must sit side by side.
Setup table_setup(std::vector<std::string> names, const std::vector<std::vector<std::string>>& teams = {});
// Reads the `teams` option (see the table above).
Setup setup_from_options(int players, const rules::GameOptions& options);
// Throws InputError for a player count or team layout the rules do not allow.
void validate(const Setup& setup);

}  // namespace qm::loot
