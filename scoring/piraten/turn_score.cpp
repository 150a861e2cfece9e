#include "scoring/piraten/turn_score.hpp"

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {
namespace {

constexpr int index_of(Face face) { return static_cast<int>(face); }
constexpr int kCoin = index_of(Face::coin);
constexpr int kDiamond = index_of(Face::diamond);
constexpr int kSabre = index_of(Face::sabre);
constexpr int kMonkey = index_of(Face::monkey);
constexpr int kParrot = index_of(Face::parrot);

std::string face_name(int face) { return notation::to_string(static_cast<Face>(face)); }
std::string card_name(FortuneCard card) { return notation::to_string(card); }

// ---- fast path ----

// Dice in the chest when the player died: they score alone, without Full Chest (RULINGS: Death).
int chest_points(const FaceCounts& chest) {
  int points = kFaceValue * (chest[kCoin] + chest[kDiamond]);
  for (int face = kCoin; face < kFaceCount; ++face) points += set_points(chest[face]);
  return points;
}

}  // namespace

TurnPoints score_points(FortuneCard card, const FaceCounts& dice, const FaceCounts& chest, bool skull_island) {
  const int skulls = skulls_showing(card, dice);
  const int sabres = dice[kSabre];
  if (skull_island) {
    if (card == FortuneCard::truce && sabres > 0) return {-kTruceSabrePenalty * sabres, 0, false, false};
    const int factor = card == FortuneCard::captain ? kCaptainFactor : 1;
    return {0, kIslandSkullPoints * skulls * factor, false, false};
  }
  if (skulls >= kDeathSkulls) {
    int score = 0;
    if (card == FortuneCard::chest) score = chest_points(chest);
    if (is_sea_battle(card)) score = -sea_battle_bonus(card);
    if (card == FortuneCard::truce) score = -kTruceSabrePenalty * sabres;
    return {score, 0, true, false};
  }
  if (is_sea_battle(card) && sabres < sea_battle_sabres(card)) return {-sea_battle_bonus(card), 0, false, false};
  if (card == FortuneCard::truce && sabres > 0) return {-kTruceSabrePenalty * sabres, 0, false, false};

  FaceCounts kinds = dice;
  kinds[kSkull] = 0;
  if (adds_symbol(card)) ++kinds[index_of(card_symbol(card))];
  const bool instant_win = adds_symbol(card) && kinds[index_of(card_symbol(card))] >= kPirateMagicKind;
  if (card == FortuneCard::storm) {
    const int points = kFaceValue * (kinds[kCoin] + kinds[kDiamond]) + set_points(kinds[kCoin]) + set_points(kinds[kDiamond]);
    return {kStormFactor * points, 0, false, false};
  }
  const bool monkey_business = card == FortuneCard::monkey_business;
  if (monkey_business) {
    kinds[kMonkey] += kinds[kParrot];
    kinds[kParrot] = 0;
  }
  int points = kFaceValue * (kinds[kCoin] + kinds[kDiamond]);
  for (int face = kCoin; face < kFaceCount; ++face) points += set_points(kinds[face]);

  const bool sabres_score = sabres == 0 || kinds[kSabre] >= 3 || is_sea_battle(card);
  const bool monkeys_score = dice[kMonkey] == 0 || kinds[kMonkey] >= 3;
  const bool parrots_score = dice[kParrot] == 0 || (monkey_business ? kinds[kMonkey] : kinds[kParrot]) >= 3;
  if (dice[kSkull] == 0 && sabres_score && monkeys_score && parrots_score) points += kFullChestBonus;
  points += sea_battle_bonus(card);
  if (card == FortuneCard::captain) points *= kCaptainFactor;
  if (card == FortuneCard::truce) points *= kTruceFactor;
  return {points, 0, false, instant_win};
}

// ---- validation ----

void validate_turn(const TurnInput& input) {
  for (int face = 0; face < kFaceCount; ++face) {
    if (input.dice[face] < 0 || input.chest[face] < 0) throw InputError("a count of dice cannot be negative");
  }
  const int total = dice_total(input.dice);
  if (total != kDiceCount)
    throw InputError("a turn ends with " + counted(kDiceCount, "die", "dice") + " on the table, not " + std::to_string(total));
  const int in_chest = dice_total(input.chest);
  if (in_chest > 0 && input.card != FortuneCard::chest)
    throw InputError("dice lie in the chest only under the chest card, not under " + card_name(input.card));
  if (input.chest[kSkull] > 0) throw InputError("a skull cannot be put in the chest");
  for (int face = 0; face < kFaceCount; ++face) {
    if (input.chest[face] > input.dice[face])
      throw InputError("the chest holds " + counted(input.chest[face], face_name(face)) + " but only " +
                       std::to_string(input.dice[face]) + " " + std::string(for_count(input.dice[face], "lies", "lie")) +
                       " among the eight dice");
  }
  if (!input.skull_island) return;
  if (is_sea_battle(input.card)) throw InputError("there is no Island of Skulls under a sea battle card");
  const int skulls = skulls_showing(input.card, input.dice);
  if (skulls < kIslandSkulls)
    throw InputError("the Island of Skulls needs at least " + std::to_string(kIslandSkulls) +
                     " skulls (dice + card), not " + std::to_string(skulls));
  if (in_chest > 0) throw InputError("on the Island of Skulls every die is rerolled, so the chest stays empty");
}

// ---- itemised path ----

namespace {

struct Breakdown {
  std::vector<BreakdownItem> items;
  int total() const {
    int sum = 0;
    for (const BreakdownItem& item : items) sum += item.points;
    return sum;
  }
  void add(std::string text, int points) { items.push_back({std::move(text), points}); }
  // Doubles everything so far, as one item worth the current total.
  void double_all(const std::string& why) { add(why, total()); }
};

// Face value of the coin and diamond dice, itemised. `label` prefixes every item ("chest: ").
void add_face_value(Breakdown& out, const FaceCounts& counts, const std::string& label) {
  for (int face : {kCoin, kDiamond}) {
    if (counts[face] > 0) out.add(label + "face value of " + counted(counts[face], face_name(face)), kFaceValue * counts[face]);
  }
}

// Sets of three or more of one kind, itemised (monkey business joins monkeys and parrots).
void add_sets(Breakdown& out, const FaceCounts& counts, const std::string& label, bool monkey_business, bool only_treasure) {
  for (int face = kCoin; face < kFaceCount; ++face) {
    if (only_treasure && face != kCoin && face != kDiamond) continue;
    if (monkey_business && face == kParrot) continue;
    int count = counts[face];
    std::string name = face_name(face), names;
    if (monkey_business && face == kMonkey) {
      count += counts[kParrot];
      name = "monkey or parrot";
      names = "monkeys and parrots";
    }
    if (count >= 3) out.add(label + "set of " + counted(count, name, names), set_points(count));
  }
}

TurnResult island_result(const TurnInput& input) {
  TurnResult result;
  result.skull_island = true;
  const int skulls = skulls_showing(input.card, input.dice);
  const int sabres = input.dice[kSabre];
  Breakdown out;
  if (input.card == FortuneCard::truce && sabres > 0) {
    out.add("truce: " + counted(sabres, "sabre") + " on the Island " + std::string(for_count(sabres, "costs", "cost")) +
                " the player",
            -kTruceSabrePenalty * sabres);
    out.add("truce: the opponents are spared", 0);
  } else {
    const int per_skull = kIslandSkullPoints * (input.card == FortuneCard::captain ? kCaptainFactor : 1);
    result.deduction = per_skull * skulls;
    out.add("Island of Skulls: " + counted(skulls, "skull") + " x " + std::to_string(per_skull) +
                (input.card == FortuneCard::captain ? " (captain doubles)" : "") + " from every opponent",
            0);
  }
  result.score = out.total();
  result.breakdown = std::move(out.items);
  return result;
}

TurnResult death_result(const TurnInput& input) {
  TurnResult result;
  result.died = true;
  const int skulls = skulls_showing(input.card, input.dice);
  Breakdown out;
  out.add("dead: " + counted(skulls, "skull") + (card_skulls(input.card) > 0 ? " (dice + card)" : ""), 0);
  if (input.card == FortuneCard::chest) {
    add_face_value(out, input.chest, "chest: ");
    add_sets(out, input.chest, "chest: ", false, false);
  }
  if (is_sea_battle(input.card)) out.add("sea battle lost", -sea_battle_bonus(input.card));
  if (input.card == FortuneCard::truce && input.dice[kSabre] > 0)
    out.add("truce: " + counted(input.dice[kSabre], "sabre"), -kTruceSabrePenalty * input.dice[kSabre]);
  result.score = out.total();
  result.breakdown = std::move(out.items);
  return result;
}

bool every_die_scores(const TurnInput& input, bool monkey_business) {
  const FaceCounts& dice = input.dice;
  FaceCounts with_card = dice;
  if (adds_symbol(input.card)) ++with_card[index_of(card_symbol(input.card))];
  if (dice[kSkull] > 0) return false;
  for (int face : {kSabre, kMonkey, kParrot}) {
    if (dice[face] == 0) continue;
    int group = with_card[face];
    if (monkey_business && (face == kMonkey || face == kParrot)) group = with_card[kMonkey] + with_card[kParrot];
    const bool in_won_battle = face == kSabre && is_sea_battle(input.card);  // reached here only when won
    if (group < 3 && !in_won_battle) return false;
  }
  return true;
}

}  // namespace

TurnResult score_turn(const TurnInput& input) {
  validate_turn(input);
  if (input.skull_island) return island_result(input);
  if (skulls_showing(input.card, input.dice) >= kDeathSkulls) return death_result(input);

  const FortuneCard card = input.card;
  const int sabres = input.dice[kSabre];
  TurnResult result;
  Breakdown out;
  if (is_sea_battle(card) && sabres < sea_battle_sabres(card)) {
    out.add("sea battle lost: " + counted(sabres, "sabre") + " of " + std::to_string(sea_battle_sabres(card)), -sea_battle_bonus(card));
  } else if (card == FortuneCard::truce && sabres > 0) {
    out.add("truce broken: " + counted(sabres, "sabre"), -kTruceSabrePenalty * sabres);
  } else {
    FaceCounts counts = input.dice;
    counts[kSkull] = 0;
    add_face_value(out, counts, "");
    if (adds_symbol(card)) {
      const int symbol = index_of(card_symbol(card));
      out.add(card_name(card) + " card: one more " + face_name(symbol), kFaceValue);
      ++counts[symbol];
      result.instant_win = counts[symbol] >= kPirateMagicKind;
    }
    const bool monkey_business = card == FortuneCard::monkey_business;
    add_sets(out, counts, "", monkey_business, card == FortuneCard::storm);
    if (card == FortuneCard::storm) {
      out.double_all("storm doubles coins and diamonds");
    } else {
      if (every_die_scores(input, monkey_business)) out.add("Full Chest", kFullChestBonus);
      if (is_sea_battle(card)) out.add("sea battle won: " + counted(sabres, "sabre"), sea_battle_bonus(card));
      if (card == FortuneCard::captain) out.double_all("captain doubles");
      if (card == FortuneCard::truce) out.double_all("truce kept: no sabre, doubled");
    }
    if (result.instant_win) out.add("pirate magic: nine " + plural(face_name(index_of(card_symbol(card)))) + " win the game", 0);
  }
  result.score = out.total();
  result.breakdown = std::move(out.items);
  return result;
}

}  // namespace qm::piraten
