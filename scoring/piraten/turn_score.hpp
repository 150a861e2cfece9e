#pragma once
// Scoring one Piraten Kapern turn from what lies on the table when it ends (rules: 基本的な得点計算,
// 海賊カードの詳細; RULINGS.md, Piraten Kapern).
//
//   Sets of one kind: 3 = 100, 4 = 200, 5 = 500, 6 = 1000, 7 = 2000, 8+ = 4000; coins and diamonds
//   are also worth 100 each; Full Chest (all eight dice score) +500. Three skulls (dice + card)
//   kill the turn; four on the first roll send the player to the Island of Skulls, where every
//   opponent loses 100 per skull. The fortune card changes these as described in fortune_card.hpp.
//
// Two entry points give the same numbers (a test checks every dice multiset against every card):
//   score_turn   validates the input and itemises the result, for people (CLI `score piraten`, REPL);
//   score_points trusts its input and only counts, for simulations, benchmarks and solvers.
#include <string>
#include <vector>

#include "scoring/piraten/dice.hpp"
#include "scoring/piraten/fortune_card.hpp"

namespace qm::piraten {

inline constexpr int kFaceValue = 100;          // rules: "「ダイヤモンド」「金貨」の出目は1個ごとに…+100点"
inline constexpr int kFullChestBonus = 500;     // rules: "8個の出目すべてが得点に絡んでいる場合は追加で+500点"
inline constexpr int kIslandSkullPoints = 100;  // rules: "ドクロの個数×100点" from every opponent
inline constexpr int kTruceSabrePenalty = 1000; // rules (平和): "サーベルの出目1個につき-1000点"
inline constexpr int kCaptainFactor = 2;        // rules (海賊): "得点が2倍"
inline constexpr int kStormFactor = 2;          // rules (嵐のあと): coins and diamonds "2倍"
inline constexpr int kTruceFactor = 2;          // rules (平和): no sabre "2倍"

// Points of a set of `count` dice of one kind (rules: the largest set only, 8 and more = 4000).
constexpr int set_points(int count) {
  constexpr int kSetPoints[] = {0, 0, 0, 100, 200, 500, 1000, 2000, 4000};
  if (count >= 8) return kSetPoints[8];
  return count < 0 ? 0 : kSetPoints[count];
}

struct TurnInput {
  FortuneCard card = FortuneCard::chest;
  FaceCounts dice{};   // all eight dice as they lie at the end, skulls included
  FaceCounts chest{};  // which of those eight lie in the chest (chest card only)
  bool skull_island = false;  // the turn was played on the Island of Skulls
};

struct BreakdownItem {
  std::string item;
  int points = 0;
  bool operator==(const BreakdownItem&) const = default;
};

struct TurnResult {
  int score = 0;            // change of the active player's total (negative for a penalty)
  bool died = false;        // three or more skulls outside the Island
  bool skull_island = false;
  int deduction = 0;        // what every opponent loses (>= 0)
  bool instant_win = false; // nine of a kind: pirate magic (the engine honours it only with pirate_magic=on)
  std::vector<BreakdownItem> breakdown;  // the items add up to `score`
};

// Throws qm::InputError for a table that cannot occur: not eight dice, a negative count, chest
// dice that are not among the eight or lie there without the chest card, a skull in the chest,
// the Island without four skulls (dice + card), under a sea battle, or with dice in the chest.
void validate_turn(const TurnInput& input);

// Validates, then scores with an itemised breakdown.
TurnResult score_turn(const TurnInput& input);

// The numbers of score_turn without validation or strings (precondition: validate_turn passes).
struct TurnPoints {
  int score = 0;
  int deduction = 0;
  bool died = false;
  bool instant_win = false;
  bool operator==(const TurnPoints&) const = default;
};
TurnPoints score_points(FortuneCard card, const FaceCounts& dice, const FaceCounts& chest, bool skull_island);

}  // namespace qm::piraten
