#pragma once
// What each fortune card does to a turn, as plain constants (rules: 海賊カードの詳細; RULINGS.md,
// Piraten Kapern). Shared by the scorer and the turn engine so both read the same numbers.
#include "scoring/piraten/dice.hpp"

namespace qm::piraten {

inline constexpr int kDeathSkulls = 3;   // rules: "3個目のドクロが出てしまった場合はクエスト失敗"
inline constexpr int kIslandSkulls = 4;  // rules: "1投目でドクロの出目が4個以上" -> Island of Skulls
inline constexpr int kMinReroll = 2;     // rules: "振り直しは最低でも2個以上のダイス"
inline constexpr int kStormRolls = 2;    // rules (嵐のあと): "ダイスを2度しか振ることができません"
inline constexpr int kPirateMagicKind = 9;  // RULINGS: nine of a kind (eight dice + the card) wins at once

// Skulls printed on the card count like rolled skulls (rules: ドクロ(1)~(2)).
constexpr int card_skulls(FortuneCard card) {
  if (card == FortuneCard::skull_1) return 1;
  if (card == FortuneCard::skull_2) return 2;
  return 0;
}

// The coin and diamond cards add one symbol that joins sets and face value but is no die.
constexpr bool adds_symbol(FortuneCard card) { return card == FortuneCard::coin || card == FortuneCard::diamond; }
constexpr Face card_symbol(FortuneCard card) { return card == FortuneCard::diamond ? Face::diamond : Face::coin; }

constexpr bool is_sea_battle(FortuneCard card) {
  return card == FortuneCard::sea_battle_2 || card == FortuneCard::sea_battle_3 || card == FortuneCard::sea_battle_4;
}
// Sabres a sea battle needs, and the bonus won or lost (rules: 海賊船(2)~(4): 300/500/1000).
constexpr int sea_battle_sabres(FortuneCard card) {
  if (card == FortuneCard::sea_battle_2) return 2;
  if (card == FortuneCard::sea_battle_3) return 3;
  if (card == FortuneCard::sea_battle_4) return 4;
  return 0;
}
constexpr int sea_battle_bonus(FortuneCard card) {
  if (card == FortuneCard::sea_battle_2) return 300;
  if (card == FortuneCard::sea_battle_3) return 500;
  if (card == FortuneCard::sea_battle_4) return 1000;
  return 0;
}

constexpr bool is_promo(FortuneCard card) { return card == FortuneCard::storm || card == FortuneCard::truce; }

// Every die of a turn, total. Skull Island and death count the card's skulls too.
constexpr int dice_total(const FaceCounts& counts) {
  int total = 0;
  for (int n : counts) total += n;
  return total;
}
constexpr int skulls_showing(FortuneCard card, const FaceCounts& dice) {
  return count_of(dice, Face::skull) + card_skulls(card);
}

}  // namespace qm::piraten
