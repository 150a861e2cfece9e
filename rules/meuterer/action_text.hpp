#pragma once
// Meuterer's actions as text, in the state they are taken in: the words a player types for a move
// (parse_action reads them, notation writes them) and the line that tells people what a move does
// (describe). The engine itself never reads or writes text.
#include <string>
#include <string_view>

#include "rules/meuterer/action.hpp"
#include "rules/meuterer/state.hpp"

namespace qm::meuterer {

// For people: what the action does here, e.g. "captain card 2/3 showing 3 (the mate gets 3 VP from
// the captain)", "pass with 4 cards: destination Karge Zunge", "sell 2 salt on Grünland". The
// action need not be legal. Not notation: parse_action does not read it back.
std::string describe(const State& state, const Action& action);

// The words parse_action reads back as this action, e.g. "draw salt", "card 3", "display wine",
// "pass", "pass ships-boy", "combat 2", "sell 2salt@grunland 1wine@kargezunge", "sell nothing",
// "return ruby". A captain card is written by the side it shows, so of two cards showing the same
// number only the first one's action reads back (both make the same offer).
std::string notation(const State& state, const Action& action);

// Reads an action as a player would type it:
//   draw GOOD | card N (the side showing N) | display GOOD | pass [ROLE] | combat N |
//   sell [N]GOOD@ISLAND ... (or "sell nothing") | return GOOD
// Throws NotationError for words it cannot read; legality is checked by apply_action.
Action parse_action(const State& state, std::string_view text);

}  // namespace qm::meuterer
