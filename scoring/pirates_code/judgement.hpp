#pragma once
// Judging a guess (rules/pirates-code.ja.md, 2.2 判定 and 2.3 続行): the declared numbers are
// answered "have" / "don't have" clockwise, the guesser itself first. The first "have" fails the
// guess; "don't have" from everyone wins the game. A guesser that pays its continue token goes on
// asking from the player after the one that said "have", until another "have" or until every
// player has answered once; the guess stays failed.
#include <array>
#include <span>

#include "scoring/pirates_code/card.hpp"

namespace qm::pirates_code {

struct Answers {
  std::array<int, kMaxPlayers> seat{};   // who answered, in order
  std::array<bool, kMaxPlayers> has{};   // what each answered (truthfully)
  int count = 0;
  int holder = -1;         // the seat that said "have", -1 when nobody did
  int next_position = 0;   // position (0 = the guesser) where a continued judgement would start
};

// The seat answering at `position` in the judgement order (0 = the guesser).
constexpr int judge_seat(int players, int guesser, int position) { return (guesser + position) % players; }

// Asks from `start_position` onwards (0 for a new guess, Answers::next_position to continue).
// `hands` holds the number cards of every seat.
Answers judge(std::span<const NumberSet> hands, int guesser, NumberSet declared, int start_position);

}  // namespace qm::pirates_code
