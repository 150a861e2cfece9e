#pragma once
// Every step of a Piraten Kapern game, by the players or by chance. Chance actions carry their
// outcome (the card drawn, the faces that came up), so a table can enter what really happened
// and replaying the history reproduces the game exactly.
#include <string>
#include <vector>

#include "scoring/piraten/dice.hpp"

namespace qm::piraten {

enum class ActionKind : std::uint8_t {
  draw,        // chance: the fortune card drawn for the turn
  roll,        // chance: the faces of the dice just thrown (the first eight, or the rerolled ones)
  reroll,      // player: picks up these dice to throw them again
  chest_put,   // player: puts these dice in the chest (chest card)
  chest_take,  // player: takes these dice out of the chest
  stop,        // player: ends the turn and scores
  tally,       // at a draw: a whole turn typed at once (card, eight final dice, chest, Island)
};

struct Action {
  ActionKind kind = ActionKind::stop;
  FortuneCard card = FortuneCard::chest;  // draw, tally
  FaceCounts faces{};  // roll: faces that came up; reroll, chest_*: the dice chosen; tally: the eight dice
  FaceCounts chest{};  // tally: the dice in the chest
  bool skull_island = false;  // tally
  bool operator==(const Action&) const = default;

  static Action draw(FortuneCard card) { return {ActionKind::draw, card, {}, {}, false}; }
  static Action roll(const FaceCounts& faces) { return {ActionKind::roll, FortuneCard::chest, faces, {}, false}; }
  static Action reroll(const FaceCounts& dice) { return {ActionKind::reroll, FortuneCard::chest, dice, {}, false}; }
  static Action chest_put(const FaceCounts& dice) { return {ActionKind::chest_put, FortuneCard::chest, dice, {}, false}; }
  static Action chest_take(const FaceCounts& dice) { return {ActionKind::chest_take, FortuneCard::chest, dice, {}, false}; }
  static Action stop() { return {}; }
  static Action tally(FortuneCard card, const FaceCounts& dice, const FaceCounts& chest, bool skull_island) {
    return {ActionKind::tally, card, dice, chest, skull_island};
  }
};

// "draw captain", "roll 2coin skull sabre", "reroll 2parrot", "chest put coin", "chest take coin",
// "stop", "tally captain: 3coin 5monkey | chest: ... | island": the same words parse_action reads.
std::string describe(const Action& action);

// Reads the words of describe() (and `chest put|take`, `card X` for draw). Throws InputError.
Action parse_action(const std::string& text);

}  // namespace qm::piraten
