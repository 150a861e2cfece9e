#pragma once
// Players for simulations (issue 3, item 5):
//   random    uniformly random legal moves (chest moves included);
//   cautious  keeps coins, diamonds and its largest set, rerolls the rest, and stops at two skulls
//             (it uses the sorceress to escape three, and keeps rerolling on the Island);
//   greedy    stops when the expected gain of one more reroll is not positive: for every reroll it
//             may make, the expected score if it stopped after that reroll, against stopping now.
//             With the chest card it first puts every die it keeps in the chest.
#include <string>
#include <vector>

#include "rules/engine.hpp"
#include "rules/piraten/state.hpp"

namespace qm::piraten {

enum class Policy : std::uint8_t { random, cautious, greedy };

const std::vector<std::string>& policy_names();  // in enum order
Policy parse_policy(const std::string& name);     // throws InputError

// Greedy's one-reroll look-ahead, computed once for every card and every eight dice (~0.1 s).
class GreedyTable {
 public:
  GreedyTable();

  struct Choice {
    bool reroll = false;
    FaceCounts dice{};        // the dice to pick up (one skull at most, the sorceress's)
    double expected = 0;      // expected score after that reroll, stopping then
    double stop_value = 0;    // the score now
  };
  // The best reroll from these eight dice (all non-skull dice count as loose: the chest can be emptied).
  Choice best(FortuneCard card, bool sorceress_available, const FaceCounts& dice) const;
  // The hot path of best(): whether to reroll, and which dice.
  bool reroll(FortuneCard card, bool sorceress_available, const FaceCounts& dice, FaceCounts& picked_up) const;
  // Expected score of keeping `kept` and throwing the other dice once (chest card: kept dice in the chest).
  double expected_after_reroll(FortuneCard card, const FaceCounts& kept) const;

 private:
  int kept_rank(const FaceCounts& dice) const;
  int eight_rank(const FaceCounts& dice) const;
  int slot(FortuneCard card, bool sorceress_available, const FaceCounts& dice) const;

  std::vector<std::int16_t> kept_rank_of_code_;  // base-9 code of 0..8 dice -> dense rank (1 MB, cold)
  std::vector<std::int16_t> eight_rank_of_code_; // base-9 code of the first five faces of eight dice (118 kB)
  int kept_multisets_ = 0;
  int eight_multisets_ = 0;
  std::vector<double> kept_value_;          // [card][kept rank]
  // [card][sorceress available][eight rank]: the dice to pick up, 4 bits a face, 0 = stop (hot, 134 kB)
  std::vector<std::uint32_t> packed_choice_;
  std::vector<double> expected_;            // same index: expected score after the best reroll
  std::vector<double> stop_value_;          // same index: the score now
};

class Players {
 public:
  // The move of `policy` at a player's node of `state`.
  Action choose(Policy policy, const State& state, rules::Rng& rng) const;
  const GreedyTable& greedy_table() const { return greedy_; }

 private:
  Action greedy(const Turn& turn, int opponents) const;
  GreedyTable greedy_;
};

Action cautious_move(const Turn& turn);
Action random_move(const State& state, rules::Rng& rng);

}  // namespace qm::piraten
