#include "advice/position.hpp"

#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::advice {

using namespace piraten;

Turn decision_turn(const Position& position) {
  const FortuneCard card = position.card;
  const int total = dice_total(position.dice);
  if (total != kDiceCount)
    throw InputError("--dice: name the " + counted(kDiceCount, "die", "dice") + " on the table (skulls included), not " +
                     std::to_string(total));
  if (position.rolls < 1) throw InputError("--rolls: the first roll counts, so at least 1");
  if (position.sorceress_used && card != FortuneCard::sorceress)
    throw InputError("--sorceress-used: only the sorceress card lets a skull be rerolled");
  const int skulls = skulls_showing(card, position.dice);
  const bool island = skulls >= kIslandSkulls && !is_sea_battle(card);
  // The scorer's checks of a table: chest dice among the eight, no skull in the chest, the chest
  // only under the chest card and never on the Island.
  validate_turn({card, position.dice, position.chest, island});
  if (island && position.sorceress_used)
    throw InputError("--sorceress-used: the Island of Skulls starts on the first roll, before any reroll");

  Turn turn = Turn::start(card);
  turn.phase = TurnPhase::choosing;
  turn.dice = position.dice;
  turn.chest = position.chest;
  turn.in_hand = 0;
  turn.rolls = position.rolls;
  turn.sorceress_used = position.sorceress_used;
  turn.skull_island = island;
  // Over already: the throw that led here ended the turn (turn.cpp, Turn::throw_dice).
  if (island && position.dice[static_cast<int>(Face::skull)] == kDiceCount)
    throw RuleViolation("the turn is over: eight skulls on the Island of Skulls");
  if (!island && skulls >= kDeathSkulls && !turn.must_use_sorceress())
    throw RuleViolation("the turn is over: " + counted(skulls, "skull"));
  if (card == FortuneCard::storm && position.rolls >= kStormRolls)
    throw RuleViolation("the turn is over: the storm allows two rolls in all");
  return turn;
}

}  // namespace qm::advice
