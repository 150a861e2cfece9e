#pragma once
// A turn at a decision as a player describes it at the table (`advise piraten`): the fortune card,
// the eight dice showing, the chest, whether the sorceress was used, how many rolls were made.
// The Island of Skulls follows from the dice: four or more skulls (dice + card) can only still be
// playing on the Island (outside it three skulls end the turn).
#include "rules/piraten/turn.hpp"

namespace qm::advice {

struct Position {
  piraten::FortuneCard card = piraten::FortuneCard::chest;
  piraten::FaceCounts dice{};   // the eight dice showing, skulls and chest included
  piraten::FaceCounts chest{};  // of those, the ones in the chest (chest card)
  bool sorceress_used = false;
  int rolls = 1;                // throws so far, the first included (matters under the storm)
};

// The engine's Turn at that decision. Throws InputError for a table that cannot be (not eight
// dice, chest dice not among them, the sorceress flag under another card, ...) and RuleViolation
// when the turn is already over (three skulls, the storm's second roll, eight skulls on the Island).
piraten::Turn decision_turn(const Position& position);

}  // namespace qm::advice
