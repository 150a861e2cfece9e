#include "rules/piraten/turn.hpp"

#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {
namespace {

// How many dice of a face lie somewhere: "no coin lies in the chest", "only 1 coin lies ...",
// "only 2 coins lie ...".
std::string only_lie(int count, int face, const std::string& where) {
  const std::string name = notation::to_string(static_cast<Face>(face));
  if (count == 0) return "no " + name + " lies " + where;
  return "only " + counted(count, name) + " " + std::string(for_count(count, "lies", "lie")) + " " + where;
}

bool has_negative(const FaceCounts& counts) {
  for (int n : counts)
    if (n < 0) return true;
  return false;
}

void collect_sub_multisets(const FaceCounts& dice, int min_size, int face, FaceCounts& current, int size,
                           std::vector<FaceCounts>& out) {
  if (face == kFaceCount) {
    if (size >= min_size) out.push_back(current);
    return;
  }
  for (int n = 0; n <= dice[face]; ++n) {
    current[face] = n;
    collect_sub_multisets(dice, min_size, face + 1, current, size + n, out);
  }
  current[face] = 0;
}

}  // namespace

std::vector<FaceCounts> sub_multisets(const FaceCounts& dice, int min_size) {
  std::vector<FaceCounts> out;
  FaceCounts current{};
  collect_sub_multisets(dice, min_size, 0, current, 0, out);
  return out;
}

std::vector<FaceCounts> dice_multisets(int size) {
  std::vector<FaceCounts> out;
  FaceCounts current{};
  // Stars and bars: the last face takes whatever the others leave.
  auto fill = [&](auto& self, int face, int left) -> void {
    if (face == kFaceCount - 1) {
      current[face] = left;
      out.push_back(current);
      return;
    }
    for (int n = 0; n <= left; ++n) {
      current[face] = n;
      self(self, face + 1, left - n);
    }
  };
  if (size >= 0) fill(fill, 0, size);
  return out;
}

Turn Turn::start(FortuneCard card) {
  Turn turn;
  turn.card = card;
  return turn;
}

bool Turn::sorceress_available() const {
  return card == FortuneCard::sorceress && !sorceress_used && !skull_island;
}

FaceCounts Turn::loose_dice() const {
  FaceCounts loose{};
  for (int face = 0; face < kFaceCount; ++face) loose[face] = dice[face] - chest[face];
  loose[kSkull] = 0;
  return loose;
}

std::string Turn::refusal(const Action& action) const {
  if (action.kind == ActionKind::draw || action.kind == ActionKind::tally)
    return "the fortune card is drawn before the turn, not during it";
  if (has_negative(action.faces)) return "a count of dice cannot be negative";
  if (phase == TurnPhase::over) {
    if (action.kind == ActionKind::reroll && card == FortuneCard::storm && rolls >= kStormRolls && !died())
      return "the storm allows only one reroll";
    if (died()) return "the turn is over: " + counted(skulls(), "skull");
    return "the turn is over";
  }
  const int chosen = dice_total(action.faces);
  if (action.kind == ActionKind::roll) {
    if (!awaits_roll()) return "no dice are in the air: pick some up with a reroll first";
    if (chosen != in_hand)
      return counted(in_hand, "die", "dice") + " " + std::string(for_count(in_hand, "was", "were")) + " thrown, so name " +
             counted(in_hand, "face") + ", not " + std::to_string(chosen);
    return "";
  }
  if (phase == TurnPhase::first_roll) return "throw the eight dice first";
  if (phase == TurnPhase::rolling) return "say how the " + counted(in_hand, "thrown die", "thrown dice") + " came up first";

  const FaceCounts loose = loose_dice();
  switch (action.kind) {
    case ActionKind::stop:
      return "";
    case ActionKind::reroll: {
      if (skull_island) {
        if (action.faces[kSkull] > 0) return "skulls cannot be rerolled";
        if (action.faces != loose)
          return "on the Island of Skulls every die that is not a skull is rerolled: " + notation::format_dice(loose);
        if (card == FortuneCard::storm && rolls >= kStormRolls) return "the storm allows only one reroll";
        return "";
      }
      if (card == FortuneCard::storm && rolls >= kStormRolls) return "the storm allows only one reroll";
      if (chosen < kMinReroll) return "a reroll needs at least two dice";
      if (action.faces[kSkull] > 0) {
        if (card != FortuneCard::sorceress) return "skulls cannot be rerolled";
        if (sorceress_used) return "the sorceress lets a skull be rerolled only once per turn";
        if (action.faces[kSkull] > 1) return "the sorceress lets only one skull be rerolled";
        if (dice[kSkull] < 1) return "there is no skull to reroll";
      } else if (must_use_sorceress()) {
        return "three skulls: only a reroll of one skull with the sorceress can save the turn";
      }
      for (int face = kSkull + 1; face < kFaceCount; ++face) {
        if (action.faces[face] <= loose[face]) continue;
        if (action.faces[face] <= dice[face])
          return only_lie(loose[face], face, "outside the chest") + ": take dice out of the chest to reroll them";
        const std::string name = notation::to_string(static_cast<Face>(face));
        if (dice[face] == 0) return "there is no " + name + " to reroll";
        return "there " + std::string(for_count(dice[face], "is", "are")) + " only " + counted(dice[face], name) + " to reroll";
      }
      return "";
    }
    case ActionKind::chest_put:
    case ActionKind::chest_take: {
      if (card != FortuneCard::chest) return "dice go into the chest only under the chest card";
      if (skull_island) return "on the Island of Skulls every die is rerolled, so the chest stays empty";
      if (chosen == 0) return "name the dice to move";
      if (action.kind == ActionKind::chest_put) {
        if (action.faces[kSkull] > 0) return "a skull cannot be put in the chest";
        for (int face = kSkull + 1; face < kFaceCount; ++face)
          if (action.faces[face] > loose[face]) return only_lie(loose[face], face, "outside the chest");
      } else {
        for (int face = 0; face < kFaceCount; ++face)
          if (action.faces[face] > chest[face]) return only_lie(chest[face], face, "in the chest");
      }
      return "";
    }
    default:
      return "not a move of the turn";
  }
}

void Turn::apply(const Action& action) {
  if (std::string why = refusal(action); !why.empty()) throw RuleViolation(why);
  switch (action.kind) {
    case ActionKind::roll:
      throw_dice(action.faces);
      break;
    case ActionKind::reroll:
      for (int face = 0; face < kFaceCount; ++face) dice[face] -= action.faces[face];
      if (action.faces[kSkull] > 0) sorceress_used = true;
      in_hand = dice_total(action.faces);
      phase = TurnPhase::rolling;
      break;
    case ActionKind::chest_put:
      for (int face = 0; face < kFaceCount; ++face) chest[face] += action.faces[face];
      break;
    case ActionKind::chest_take:
      for (int face = 0; face < kFaceCount; ++face) chest[face] -= action.faces[face];
      break;
    case ActionKind::stop:
      phase = TurnPhase::over;
      break;
    default:
      break;
  }
}

void Turn::throw_dice(const FaceCounts& faces) {
  for (int face = 0; face < kFaceCount; ++face) dice[face] += faces[face];
  in_hand = 0;
  ++rolls;
  phase = TurnPhase::choosing;
  // Step 1. The first roll decides the Island (never under a sea battle: there it is death).
  if (rolls == 1 && skulls() >= kIslandSkulls && !is_sea_battle(card)) {
    skull_island = true;
    if (dice[kSkull] == kDiceCount) phase = TurnPhase::over;
    return;
  }
  // Step 2. On the Island a roll without a new skull ends the turn, as does the storm's second roll.
  if (skull_island) {
    const bool goes_on = faces[kSkull] > 0 && dice[kSkull] < kDiceCount && !(card == FortuneCard::storm && rolls >= kStormRolls);
    if (!goes_on) phase = TurnPhase::over;
    return;
  }
  // Step 3. Three skulls kill, unless the sorceress can still take one back.
  if (skulls() >= kDeathSkulls && !must_use_sorceress()) {
    phase = TurnPhase::over;
    return;
  }
  // Step 4. The storm's two rolls are spent.
  if (card == FortuneCard::storm && rolls >= kStormRolls) phase = TurnPhase::over;
}

std::vector<Action> Turn::legal_moves() const {
  std::vector<Action> moves;
  if (awaits_roll()) {
    for (const FaceCounts& faces : dice_multisets(in_hand)) moves.push_back(Action::roll(faces));
    return moves;
  }
  if (phase != TurnPhase::choosing) return moves;
  moves.push_back(Action::stop());
  const FaceCounts loose = loose_dice();
  if (skull_island) {
    moves.push_back(Action::reroll(loose));
    return moves;
  }
  if (!must_use_sorceress()) {
    for (const FaceCounts& dice_up : sub_multisets(loose, kMinReroll)) moves.push_back(Action::reroll(dice_up));
  }
  if (sorceress_available() && dice[kSkull] > 0) {
    for (FaceCounts dice_up : sub_multisets(loose, 1)) {
      dice_up[kSkull] = 1;
      moves.push_back(Action::reroll(dice_up));
    }
  }
  if (card == FortuneCard::chest) {
    for (const FaceCounts& dice_in : sub_multisets(loose, 1)) moves.push_back(Action::chest_put(dice_in));
    for (const FaceCounts& dice_out : sub_multisets(chest, 1)) moves.push_back(Action::chest_take(dice_out));
  }
  return moves;
}

double roll_probability(const FaceCounts& faces) {
  if (has_negative(faces)) return 0.0;
  double probability = 1.0;
  int thrown = 0;
  // n! / (k1! ... k6!) / 6^n, built up one die at a time.
  for (int face = 0; face < kFaceCount; ++face) {
    for (int k = 1; k <= faces[face]; ++k) {
      ++thrown;
      probability *= static_cast<double>(thrown) / k / kFaceCount;
    }
  }
  return probability;
}

double Turn::outcome_probability(const FaceCounts& faces) const {
  if (!awaits_roll() || dice_total(faces) != in_hand) return 0.0;
  return roll_probability(faces);
}

Action Turn::sample_roll(rules::Rng& rng) const {
  // One 64-bit draw below 3 * 6^24 is exactly uniform over 24 base-6 digits: up to 24 fair dice
  // for one call of the generator (redrawn with probability 0.23).
  constexpr std::uint64_t kSixPow24 = 4738381338321616896ULL;
  constexpr std::uint64_t kLimit = 3 * kSixPow24;
  std::uint64_t bits = rng();
  while (bits >= kLimit) bits = rng();
  bits %= kSixPow24;
  FaceCounts faces{};
  for (int i = 0; i < in_hand; ++i) {
    ++faces[bits % kFaceCount];
    bits /= kFaceCount;
  }
  return Action::roll(faces);
}

std::string Turn::to_string() const {
  static constexpr const char* kPhaseNames[] = {"first roll", "choosing", "rolling", "over"};
  std::string out = notation::to_string(card) + ", " + kPhaseNames[static_cast<int>(phase)] + ", rolls " +
                    std::to_string(rolls) + ", dice [" + notation::format_dice(dice) + "]";
  if (dice_total(chest) > 0) out += ", chest [" + notation::format_dice(chest) + "]";
  if (in_hand > 0) out += ", in hand " + std::to_string(in_hand);
  if (sorceress_used) out += ", sorceress used";
  if (skull_island) out += ", Island of Skulls";
  if (died()) out += ", dead";
  return out;
}

}  // namespace qm::piraten
