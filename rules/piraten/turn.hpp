#pragma once
// One Piraten Kapern turn as a state machine (rules: ゲームの流れ, クエスト失敗, ドクロ島, 海賊カードの詳細;
// RULINGS.md, Rolling, Death, Island of Skulls). A small value type: the game engine, the policies
// and a future solver (expected value of a turn state) all work on it.
//
//   first_roll --roll(8 faces)--> choosing --reroll(dice)--> rolling --roll(faces)--> choosing ...
//                                  |  chest_put / chest_take (chest card), stop
//                                  '--> over (stop, death, end of the Island, no skull on an Island roll)
//
// Checks, each refused with a RuleViolation before anything changes:
//   - a reroll needs at least two dice; skulls cannot be rerolled, except one skull once per turn
//     under the sorceress, with at least one other die, never on the Island;
//   - three skulls (dice + card) end the turn, unless the sorceress is still unused: then only a
//     reroll of one skull can save it, and stopping is death;
//   - four or more skulls on the first roll (not under a sea battle) lead to the Island of Skulls,
//     where every non-skull die is rerolled while each roll adds a skull (the player may stop);
//   - the storm allows two rolls in all, on the Island too;
//   - chest dice cannot be rerolled before they are taken out; skulls never go in the chest.
#include <random>
#include <string>
#include <vector>

#include "rules/engine.hpp"
#include "rules/piraten/action.hpp"
#include "scoring/piraten/turn_score.hpp"

namespace qm::piraten {

enum class TurnPhase : std::uint8_t {
  first_roll,  // chance: eight dice to throw
  choosing,    // the player: reroll, chest, stop
  rolling,     // chance: the picked-up dice to throw
  over,
};

struct Turn {
  FortuneCard card = FortuneCard::chest;
  TurnPhase phase = TurnPhase::first_roll;
  FaceCounts dice{};   // dice lying on the table, chest and skulls included
  FaceCounts chest{};  // of those, the ones in the chest
  int in_hand = kDiceCount;  // dice picked up and not yet thrown
  int rolls = 0;             // throws so far, the first included
  bool sorceress_used = false;
  bool skull_island = false;

  static Turn start(FortuneCard card);
  bool operator==(const Turn&) const = default;

  int skulls() const { return skulls_showing(card, dice); }
  bool is_over() const { return phase == TurnPhase::over; }
  bool awaits_roll() const { return phase == TurnPhase::first_roll || phase == TurnPhase::rolling; }
  bool died() const { return is_over() && !skull_island && skulls() >= kDeathSkulls; }
  // The sorceress can still save a player showing three skulls.
  bool sorceress_available() const;
  // Three skulls with the sorceress unused: only a reroll with one skull goes on.
  bool must_use_sorceress() const { return sorceress_available() && skulls() == kDeathSkulls; }
  // Non-skull dice outside the chest: what a reroll may pick up.
  FaceCounts loose_dice() const;

  // Throws RuleViolation (state unchanged) when the move is illegal here.
  void apply(const Action& action);
  // Why the move is illegal, or "" when it is legal.
  std::string refusal(const Action& action) const;

  // Every legal move of the player (choosing), or every distinct outcome of the throw (chance).
  std::vector<Action> legal_moves() const;
  // Probability of a chance outcome (a roll of in_hand dice).
  double outcome_probability(const FaceCounts& faces) const;
  Action sample_roll(rules::Rng& rng) const;

  // The table as score_turn reads it (precondition for scoring: is_over()).
  TurnInput table() const { return {card, dice, chest, skull_island}; }
  TurnPoints points() const { return score_points(card, dice, chest, skull_island); }
  TurnResult result() const { return score_turn(table()); }

  std::string to_string() const;

 private:
  void throw_dice(const FaceCounts& faces);
};

// Probability that fair dice thrown together show exactly these faces (multinomial).
double roll_probability(const FaceCounts& faces);
// Every multiset of `size` dice (C(size+5, 5) of them), in a fixed order.
std::vector<FaceCounts> dice_multisets(int size);
// Every sub-multiset of `dice` with at least `min_size` dice, in a fixed order.
std::vector<FaceCounts> sub_multisets(const FaceCounts& dice, int min_size);

}  // namespace qm::piraten
