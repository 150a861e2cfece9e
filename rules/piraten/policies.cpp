#include "rules/piraten/policies.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {
namespace {

constexpr int kCoin = static_cast<int>(Face::coin);
constexpr int kDiamond = static_cast<int>(Face::diamond);
constexpr int kSabre = static_cast<int>(Face::sabre);
constexpr int kMonkey = static_cast<int>(Face::monkey);
constexpr int kParrot = static_cast<int>(Face::parrot);
constexpr int kCodeBase = kDiceCount + 1;
constexpr int kCodes = kCodeBase * kCodeBase * kCodeBase * kCodeBase * kCodeBase * kCodeBase;  // 9^6

int code_of(const FaceCounts& dice) {
  int code = 0;
  for (int face = kFaceCount - 1; face >= 0; --face) code = code * kCodeBase + dice[face];
  return code;
}

FaceCounts without(const FaceCounts& dice, const FaceCounts& part) {
  FaceCounts out{};
  for (int face = 0; face < kFaceCount; ++face) out[face] = dice[face] - part[face];
  return out;
}

FaceCounts non_skulls(FaceCounts dice) {
  dice[kSkull] = 0;
  return dice;
}

// The chest moves that make the chest hold exactly `wanted`, one at a time; stop() when it does.
Action arrange_chest(const Turn& turn, const FaceCounts& wanted) {
  FaceCounts take{};
  FaceCounts put{};
  for (int face = 0; face < kFaceCount; ++face) {
    take[face] = std::max(0, turn.chest[face] - wanted[face]);
    put[face] = std::max(0, wanted[face] - turn.chest[face]);
  }
  if (dice_total(take) > 0) return Action::chest_take(take);
  if (dice_total(put) > 0) return Action::chest_put(put);
  return Action::stop();
}

// Under the chest card, keep what is kept in the chest before picking the rest up.
Action reroll_keeping(const Turn& turn, const FaceCounts& picked_up) {
  if (turn.card == FortuneCard::chest) {
    const Action chest_move = arrange_chest(turn, non_skulls(without(turn.dice, picked_up)));
    if (chest_move.kind != ActionKind::stop) return chest_move;
  }
  return Action::reroll(picked_up);
}

// Island of Skulls: the player's score plus what each opponent loses, now and after one more throw.
double island_value(const Turn& turn, const FaceCounts& dice) {
  const TurnPoints points = score_points(turn.card, dice, {}, true);
  return points.score + points.deduction;
}

bool island_reroll_pays(const Turn& turn) {
  // Outside the truce the player's score stays 0 and every new skull adds to the deduction, so
  // one more throw always gains; only the truce's sabre penalty needs the expectation.
  if (turn.card != FortuneCard::truce) return true;
  const FaceCounts loose = turn.loose_dice();
  const double now = island_value(turn, turn.dice);
  double expected = 0;
  for (const FaceCounts& faces : dice_multisets(dice_total(loose))) {
    FaceCounts after = without(turn.dice, loose);
    for (int face = 0; face < kFaceCount; ++face) after[face] += faces[face];
    expected += roll_probability(faces) * island_value(turn, after);
  }
  return expected > now;
}

}  // namespace

const std::vector<std::string>& policy_names() {
  static const std::vector<std::string> kNames = {"random", "cautious", "greedy"};
  return kNames;
}

Policy parse_policy(const std::string& name) {
  const auto& names = policy_names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw InputError("unknown policy " + quoted_token(name) + " (known: random, cautious, greedy)");
  return static_cast<Policy>(it - names.begin());
}

// ---- greedy ----

namespace {

constexpr int kEightCodes = kCodeBase * kCodeBase * kCodeBase * kCodeBase * kCodeBase;  // 9^5: the sixth face is implied

int eight_code_of(const FaceCounts& dice) {
  int code = 0;
  for (int face = kFaceCount - 2; face >= 0; --face) code = code * kCodeBase + dice[face];
  return code;
}

std::uint32_t pack(const FaceCounts& dice) {
  std::uint32_t packed = 0;
  for (int face = 0; face < kFaceCount; ++face) packed |= static_cast<std::uint32_t>(dice[face]) << (4 * face);
  return packed;
}

FaceCounts unpack(std::uint32_t packed) {
  FaceCounts dice{};
  for (int face = 0; face < kFaceCount; ++face) dice[face] = static_cast<int>((packed >> (4 * face)) & 0xF);
  return dice;
}

}  // namespace

GreedyTable::GreedyTable() : kept_rank_of_code_(kCodes, -1), eight_rank_of_code_(kEightCodes, -1) {
  std::vector<FaceCounts> all;
  for (int size = 0; size <= kDiceCount; ++size)
    for (const FaceCounts& dice : dice_multisets(size)) {
      kept_rank_of_code_[code_of(dice)] = static_cast<std::int16_t>(all.size());
      all.push_back(dice);
    }
  kept_multisets_ = static_cast<int>(all.size());
  const std::vector<FaceCounts> eights = dice_multisets(kDiceCount);
  for (std::size_t i = 0; i < eights.size(); ++i) eight_rank_of_code_[eight_code_of(eights[i])] = static_cast<std::int16_t>(i);
  eight_multisets_ = static_cast<int>(eights.size());

  // Expected score of keeping K and throwing the 8 - |K| others once.
  std::vector<std::vector<std::pair<FaceCounts, double>>> throws(kDiceCount + 1);
  for (int size = 0; size <= kDiceCount; ++size)
    for (const FaceCounts& faces : dice_multisets(size)) throws[size].emplace_back(faces, roll_probability(faces));
  kept_value_.assign(static_cast<std::size_t>(kFortuneCardKinds * kept_multisets_), 0.0);
  for (int c = 0; c < kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    for (const FaceCounts& kept : all) {
      const FaceCounts chest = card == FortuneCard::chest ? non_skulls(kept) : FaceCounts{};
      double expected = 0;
      for (const auto& [faces, probability] : throws[kDiceCount - dice_total(kept)]) {
        FaceCounts after = kept;
        for (int face = 0; face < kFaceCount; ++face) after[face] += faces[face];
        expected += probability * score_points(card, after, chest, false).score;
      }
      kept_value_[static_cast<std::size_t>(c * kept_multisets_ + kept_rank(kept))] = expected;
    }
  }

  // The best reroll from every eight dice, with and without the sorceress's skull reroll.
  const std::size_t slots = static_cast<std::size_t>(kFortuneCardKinds * 2 * eight_multisets_);
  packed_choice_.assign(slots, 0);
  expected_.assign(slots, 0.0);
  stop_value_.assign(slots, 0.0);
  for (int c = 0; c < kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    for (int sorceress = 0; sorceress < 2; ++sorceress) {
      for (const FaceCounts& dice : eights) {
        const double stop_value = score_points(card, dice, {}, false).score;
        double best_expected = stop_value;
        FaceCounts best_dice{};
        bool any = false;
        const bool three_skulls = sorceress && dice[kSkull] == kDeathSkulls;
        if (skulls_showing(card, dice) < kDeathSkulls || three_skulls) {
          const FaceCounts loose = non_skulls(dice);
          auto consider = [&](const FaceCounts& picked_up) {
            const double expected = expected_after_reroll(card, without(dice, picked_up));
            if (!any || expected > best_expected) {
              any = true;
              best_expected = expected;
              best_dice = picked_up;
            }
          };
          if (!three_skulls)
            for (const FaceCounts& picked_up : sub_multisets(loose, kMinReroll)) consider(picked_up);
          if (sorceress && dice[kSkull] > 0)
            for (FaceCounts picked_up : sub_multisets(loose, 1)) {
              picked_up[kSkull] = 1;
              consider(picked_up);
            }
        }
        const std::size_t index = static_cast<std::size_t>((c * 2 + sorceress) * eight_multisets_ + eight_rank(dice));
        // Greedy stops unless one more reroll is expected to gain.
        const bool reroll = any && best_expected > stop_value + 1e-9;
        packed_choice_[index] = reroll ? pack(best_dice) : 0;
        expected_[index] = any ? best_expected : stop_value;
        stop_value_[index] = stop_value;
      }
    }
  }
}

int GreedyTable::kept_rank(const FaceCounts& dice) const { return kept_rank_of_code_[code_of(dice)]; }
int GreedyTable::eight_rank(const FaceCounts& dice) const { return eight_rank_of_code_[eight_code_of(dice)]; }

int GreedyTable::slot(FortuneCard card, bool sorceress_available, const FaceCounts& dice) const {
  return (static_cast<int>(card) * 2 + (sorceress_available ? 1 : 0)) * eight_multisets_ + eight_rank(dice);
}

double GreedyTable::expected_after_reroll(FortuneCard card, const FaceCounts& kept) const {
  return kept_value_[static_cast<std::size_t>(static_cast<int>(card) * kept_multisets_ + kept_rank(kept))];
}

bool GreedyTable::reroll(FortuneCard card, bool sorceress_available, const FaceCounts& dice, FaceCounts& picked_up) const {
  const std::uint32_t packed = packed_choice_[static_cast<std::size_t>(slot(card, sorceress_available, dice))];
  if (packed == 0) return false;
  picked_up = unpack(packed);
  return true;
}

GreedyTable::Choice GreedyTable::best(FortuneCard card, bool sorceress_available, const FaceCounts& dice) const {
  const auto index = static_cast<std::size_t>(slot(card, sorceress_available, dice));
  return {packed_choice_[index] != 0, unpack(packed_choice_[index]), expected_[index], stop_value_[index]};
}

Action Players::greedy(const Turn& turn, int opponents) const {
  if (turn.skull_island) {
    if (opponents > 0 && island_reroll_pays(turn)) return Action::reroll(turn.loose_dice());
    return Action::stop();
  }
  FaceCounts picked_up{};
  if (!greedy_.reroll(turn.card, turn.sorceress_available(), turn.dice, picked_up)) return Action::stop();
  return reroll_keeping(turn, picked_up);
}

// ---- cautious ----

Action cautious_move(const Turn& turn) {
  const FaceCounts& dice = turn.dice;
  if (turn.skull_island) {
    // Nothing to lose on the Island, except sabres under the truce.
    if (turn.card == FortuneCard::truce && dice[kSabre] == 0) return Action::stop();
    return Action::reroll(turn.loose_dice());
  }
  if (!turn.must_use_sorceress() && turn.skulls() >= 2) return Action::stop();

  // What scores: coins and diamonds, sabres a sea battle needs, the largest other set.
  FaceCounts kept{};
  kept[kSkull] = dice[kSkull];
  kept[kCoin] = dice[kCoin];
  kept[kDiamond] = dice[kDiamond];
  if (turn.card != FortuneCard::storm) {
    const bool monkey_business = turn.card == FortuneCard::monkey_business;
    if (is_sea_battle(turn.card)) kept[kSabre] = dice[kSabre];
    int best_face = -1;
    int best_count = 1;  // a lone die is no set worth keeping
    for (int face : {kSabre, kMonkey, kParrot}) {
      if (face == kSabre && (turn.card == FortuneCard::truce || is_sea_battle(turn.card))) continue;
      if (face == kParrot && monkey_business) continue;
      const int count = face == kMonkey && monkey_business ? dice[kMonkey] + dice[kParrot] : dice[face];
      if (count > best_count) {
        best_face = face;
        best_count = count;
      }
    }
    if (best_face >= 0) kept[best_face] = dice[best_face];
    if (best_face == kMonkey && monkey_business) kept[kParrot] = dice[kParrot];
  }
  FaceCounts picked_up = without(dice, kept);
  if (turn.must_use_sorceress()) {
    if (dice_total(picked_up) == 0) {
      // Give up the smallest kept group's die rather than die with three skulls.
      for (int face : {kParrot, kMonkey, kSabre, kDiamond, kCoin})
        if (dice[face] > 0) {
          picked_up[face] = 1;
          break;
        }
    }
    picked_up[kSkull] = 1;
    return reroll_keeping(turn, picked_up);
  }
  if (dice_total(picked_up) < kMinReroll || (turn.card == FortuneCard::storm && turn.rolls >= kStormRolls))
    return Action::stop();
  return reroll_keeping(turn, picked_up);
}

// ---- random ----

Action random_move(const State& state, rules::Rng& rng) {
  const std::vector<Action> moves = state.legal_actions();
  return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
}

Action Players::choose(Policy policy, const State& state, rules::Rng& rng) const {
  switch (policy) {
    case Policy::random:
      return random_move(state, rng);
    case Policy::cautious:
      return cautious_move(state.turn());
    case Policy::greedy:
      return greedy(state.turn(), state.players() - 1);
  }
  return Action::stop();
}

}  // namespace qm::piraten
