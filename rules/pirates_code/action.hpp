#pragma once
// Every move of Pirate's Code, the chance outcomes included. A chance action carries what
// happened (the order of the shuffled numbers, the card a scout saw or a plunder took), so the
// REPL can enter what happened at a real table and a replayed history reproduces the game.
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "scoring/pirates_code/card.hpp"

namespace qm::pirates_code {

enum class Move : std::uint8_t {
  deal,                // chance: `deck`, the shuffled numbers (see Action::deal)
  draw,                // chance: `card` (a number or kSkeleton) scouting looked at / plunder took
  inquiry,             // show `card` to `target`, ask whether it holds `asked`
  scouting,            // show `card` to `target`; a draw from its hand follows
  clairvoyance,        // put `card` and `companion` face up, look at code card `slot` (0 or 1)
  rapid_fire,          // put `card` face up; two more actions this turn
  plunder,             // put `card` face up; a draw from `target`'s hand follows
  guess,               // declare `card` and `asked` (both also in the set `declared`)
  continue_judgement,  // pay the continue token after a failed guess
  stop_judgement,      // keep the token; the failed guess ends there
};

struct Action {
  Move move = Move::guess;
  std::int8_t card = 0;
  std::int8_t target = -1;
  std::int8_t asked = 0;
  std::int8_t companion = 0;
  std::int8_t slot = 0;
  NumberSet declared;
  std::array<std::int8_t, kNumberCount> deck{};

  // The deal: with k numbers per hand (4, or 3 with four players), seat s gets deck[s*k ..
  // s*k+k-1]; the next two are the code cards in slots 0 and 1; any rest is unused (three
  // players use all fourteen). Skeletons (four players) go one to each hand.
  static Action deal(const std::array<std::int8_t, kNumberCount>& deck);
  // The deal from the hands and code as they lie (e.g. typed in at a table).
  static Action deal_of(std::span<const NumberSet> hands, int code_slot0, int code_slot1);
  static Action draw(int card);
  static Action inquiry(int card, int target, int asked);
  static Action scouting(int card, int target);
  static Action clairvoyance(int card, int companion, int slot);
  static Action rapid_fire(int card);
  static Action plunder(int card, int target);
  static Action guess(int first, int second);
  static Action continue_judgement();
  static Action stop_judgement();

  friend bool operator==(const Action&, const Action&) = default;
};

// One line for people, e.g. "inquiry: show 3 to Bob, ask about 6". `names` gives the seats'
// names (P1, P2, ... when empty).
std::string describe(const Action& action, std::span<const std::string> names = {});

}  // namespace qm::pirates_code
