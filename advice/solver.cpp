#include "advice/solver.hpp"

#include <algorithm>
#include <cmath>

#include "rules/piraten/fortune_deck.hpp"
#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::advice {
namespace {

using piraten::Face;
using piraten::kSkull;
using piraten::kDiceCount;
using piraten::kFaceCount;

constexpr double kConverged = 1e-11;         // points: a sweep moving no value more is the fixed point
constexpr double kChanceConverged = 1e-13;   // the same for the chances of death and Full Chest
constexpr double kStopPreference = 1e-9;  // a reroll must beat stopping by more than rounding to be chosen
constexpr int kMaxSweeps = 10000;         // never reached: each sweep shrinks the error by (5/6)^2 at least
const char* const kFullChestItem = "Full Chest";  // the breakdown item of score_turn

std::uint64_t pack(const FaceCounts& dice) {
  std::uint64_t packed = 0;
  for (int face = 0; face < kFaceCount; ++face) packed |= static_cast<std::uint64_t>(dice[face]) << (4 * face);
  return packed;
}

std::uint64_t state_key(const Turn& turn) {
  return pack(turn.dice) | static_cast<std::uint64_t>(turn.sorceress_used) << 24 |
         static_cast<std::uint64_t>(turn.skull_island) << 25;
}

std::uint64_t throw_key(const Turn& turn) {
  return pack(turn.dice) | pack(turn.chest) << 24 | static_cast<std::uint64_t>(std::min(turn.rolls, 1)) << 48 |
         static_cast<std::uint64_t>(turn.sorceress_used) << 50 | static_cast<std::uint64_t>(turn.skull_island) << 51;
}

// A decision state as the solver keys it: the chest emptied (chest moves are free) and one roll
// made (later rolls behave the same, and the storm has no decision after its second roll).
Turn normalised(Turn turn) {
  turn.chest = {};
  turn.rolls = 1;
  return turn;
}

FaceCounts minus(const FaceCounts& a, const FaceCounts& b) {
  FaceCounts out{};
  for (int face = 0; face < kFaceCount; ++face) out[face] = a[face] - b[face];
  return out;
}

FaceCounts clamped_difference(const FaceCounts& a, const FaceCounts& b) {
  FaceCounts out{};
  for (int face = 0; face < kFaceCount; ++face) out[face] = std::max(0, a[face] - b[face]);
  return out;
}

// What the chest scores if the roll kills the turn (the engine's own count: a dead table).
int chest_value(const FaceCounts& chest) {
  FaceCounts dead = chest;
  dead[kSkull] = kDiceCount - piraten::dice_total(chest);
  return piraten::score_points(FortuneCard::chest, dead, chest, false).score;
}

// The chest a reroll needs under the chest card. The solver's values assume every kept non-skull
// die lies in the chest; this is the smallest chest worth the same, keeping what lies there
// already (no needless moves). When the throw cannot kill, the chest does not matter.
FaceCounts chest_for(const Turn& turn, const FaceCounts& picked_up) {
  FaceCounts kept = minus(turn.dice, picked_up);
  const int skulls_kept = kept[kSkull];
  kept[kSkull] = 0;
  FaceCounts target{};  // what may stay in the chest
  for (int face = 0; face < kFaceCount; ++face) target[face] = std::min(turn.chest[face], kept[face]);
  const bool can_die = piraten::skulls_showing(turn.card, turn.dice) - turn.dice[kSkull] + skulls_kept +
                           piraten::dice_total(picked_up) >= piraten::kDeathSkulls;
  if (!can_die) return target;
  const int full = chest_value(kept);
  FaceCounts chest = kept;
  for (int face = kSkull + 1; face < kFaceCount; ++face) {
    while (chest[face] > target[face]) {
      --chest[face];
      if (chest_value(chest) == full) continue;
      ++chest[face];
      break;
    }
  }
  return chest;
}

}  // namespace

// ---- Step 1: every reachable state, through the engine ----

CardSolver::CardSolver(FortuneCard card, Objective objective) : card_(card), objective_(objective) {
  if (objective_.opponents < 0) throw InputError("the number of opponents cannot be negative");
  explore();
  solve_values();
  solve_chances();
}

double CardSolver::terminal_value(const Turn& over) const {
  const piraten::TurnPoints points = over.points();
  return points.score + static_cast<double>(objective_.opponents) * points.deduction;
}

bool CardSolver::full_chest(const Turn& over) const {
  if (over.died() || over.skull_island || over.dice[kSkull] > 0) return false;  // Full Chest needs no skull die
  for (const piraten::BreakdownItem& item : over.result().breakdown)
    if (item.item == kFullChestItem) return true;
  return false;
}

int CardSolver::add_state(const Turn& turn) {
  const auto [it, inserted] = state_index_.try_emplace(state_key(turn), static_cast<int>(states_.size()));
  if (inserted) states_.push_back({turn, 0, false, false, 0, 0});
  return it->second;
}

int CardSolver::add_throw(const Turn& turn) {
  const auto [it, inserted] = throw_index_.try_emplace(throw_key(turn), static_cast<int>(throws_.size()));
  if (inserted) throws_.push_back({turn, 0, 0, 0, 0, 0});
  return it->second;
}

int CardSolver::state_of(const Turn& turn) const {
  const auto it = state_index_.find(state_key(turn));
  return it == state_index_.end() ? -1 : it->second;
}

void CardSolver::explore() {
  std::vector<std::vector<std::pair<FaceCounts, double>>> rolls(kDiceCount + 1);
  for (int size = 0; size <= kDiceCount; ++size)
    for (const FaceCounts& faces : piraten::dice_multisets(size)) rolls[size].emplace_back(faces, piraten::roll_probability(faces));

  add_throw(Turn::start(card_));  // throw 0: the first roll of eight dice
  std::size_t next_throw = 0;
  std::size_t next_state = 0;
  double island = 0;
  std::unordered_map<std::uint64_t, bool> full_chest_of;  // final dice -> Full Chest (alive, off the Island)
  while (next_throw < throws_.size() || next_state < states_.size()) {
    // A throw: every outcome, scored when it ends the turn.
    for (; next_throw < throws_.size(); ++next_throw) {
      const Turn flying = throws_[next_throw].turn;
      double value = 0, death = 0, full = 0;
      const auto first = static_cast<std::uint32_t>(outcomes_.size());
      for (const auto& [faces, probability] : rolls[static_cast<std::size_t>(flying.in_hand)]) {
        Turn after = flying;
        after.apply(Action::roll(faces));
        if (next_throw == 0 && after.skull_island) island += probability;
        if (!after.is_over()) {
          outcomes_.push_back({add_state(normalised(after)), probability});
          continue;
        }
        value += probability * terminal_value(after);
        if (after.died()) death += probability;
        const auto [it, inserted] = full_chest_of.try_emplace(pack(after.dice), false);
        if (inserted) it->second = full_chest(after);
        if (it->second) full += probability;
      }
      Throw& node = throws_[next_throw];
      node.value_base = value;
      node.death_base = death;
      node.full_chest_base = full;
      node.first_outcome = first;
      node.end_outcome = static_cast<std::uint32_t>(outcomes_.size());
    }
    // A decision: stopping, and every reroll the engine allows (chest card: kept dice in the chest).
    for (; next_state < states_.size(); ++next_state) {
      const Turn turn = states_[next_state].turn;
      Turn stopped = turn;
      stopped.apply(Action::stop());
      const auto first = static_cast<std::uint32_t>(moves_.size());
      for (const Action& move : turn.legal_moves()) {
        if (move.kind != piraten::ActionKind::reroll) continue;
        Turn rerolled = turn;
        if (turn.card == FortuneCard::chest && !turn.skull_island) {
          const FaceCounts chest = chest_for(turn, move.faces);
          if (piraten::dice_total(chest) > 0) rerolled.apply(Action::chest_put(chest));
        }
        rerolled.apply(move);
        moves_.push_back({move.faces, add_throw(rerolled)});
      }
      State& state = states_[next_state];
      state.stop_value = terminal_value(stopped);
      state.stop_dies = stopped.died();
      state.stop_full_chest = full_chest(stopped);
      state.first_move = first;
      state.end_move = static_cast<std::uint32_t>(moves_.size());
    }
  }
  outlook_.island_chance = island;
  stats_.decision_states = static_cast<int>(states_.size());
  stats_.throws = static_cast<int>(throws_.size());
  stats_.outcomes = static_cast<long>(outcomes_.size());
  stats_.moves = static_cast<long>(moves_.size());
}

// ---- Step 2: values, by value iteration from the stop values up ----

void CardSolver::solve_values() {
  value_.resize(states_.size());
  for (std::size_t s = 0; s < states_.size(); ++s) value_[s] = states_[s].stop_value;
  throw_value_.assign(throws_.size(), 0.0);
  int sweeps = 0;
  for (double change = 1; change >= kConverged && sweeps < kMaxSweeps; ++sweeps) {
    for (std::size_t t = 0; t < throws_.size(); ++t) {
      double value = throws_[t].value_base;
      for (std::uint32_t o = throws_[t].first_outcome; o < throws_[t].end_outcome; ++o)
        value += outcomes_[o].probability * value_[static_cast<std::size_t>(outcomes_[o].state)];
      throw_value_[t] = value;
    }
    change = 0;
    for (std::size_t s = 0; s < states_.size(); ++s) {
      double value = states_[s].stop_value;
      for (std::uint32_t m = states_[s].first_move; m < states_[s].end_move; ++m)
        value = std::max(value, throw_value_[static_cast<std::size_t>(moves_[m].next_throw)]);
      change = std::max(change, std::abs(value - value_[s]));
      value_[s] = value;
    }
  }
  // The throws once more, from the final values.
  for (std::size_t t = 0; t < throws_.size(); ++t) {
    double value = throws_[t].value_base;
    for (std::uint32_t o = throws_[t].first_outcome; o < throws_[t].end_outcome; ++o)
      value += outcomes_[o].probability * value_[static_cast<std::size_t>(outcomes_[o].state)];
    throw_value_[t] = value;
  }
  stats_.sweeps = sweeps;
  outlook_.expected = throw_value_[0];
}

int CardSolver::best_move(int state) const {
  const State& node = states_[static_cast<std::size_t>(state)];
  int best = -1;
  double best_value = node.stop_value + kStopPreference;
  for (std::uint32_t m = node.first_move; m < node.end_move; ++m) {
    const double value = throw_value_[static_cast<std::size_t>(moves_[m].next_throw)];
    if (value > best_value) {
      best = static_cast<int>(m);
      best_value = value;
    }
  }
  return best;
}

// ---- Step 3: the chances of death and of a Full Chest under that play ----

void CardSolver::solve_chances() {
  best_.resize(states_.size());
  for (std::size_t s = 0; s < states_.size(); ++s) best_[s] = best_move(static_cast<int>(s));
  death_.assign(states_.size(), 0.0);
  full_chest_.assign(states_.size(), 0.0);
  throw_death_.assign(throws_.size(), 0.0);
  throw_full_chest_.assign(throws_.size(), 0.0);
  auto sweep_throws = [&] {
    for (std::size_t t = 0; t < throws_.size(); ++t) {
      double death = throws_[t].death_base;
      double full = throws_[t].full_chest_base;
      for (std::uint32_t o = throws_[t].first_outcome; o < throws_[t].end_outcome; ++o) {
        death += outcomes_[o].probability * death_[static_cast<std::size_t>(outcomes_[o].state)];
        full += outcomes_[o].probability * full_chest_[static_cast<std::size_t>(outcomes_[o].state)];
      }
      throw_death_[t] = death;
      throw_full_chest_[t] = full;
    }
  };
  int sweeps = 0;
  for (double change = 1; change >= kChanceConverged && sweeps < kMaxSweeps; ++sweeps) {
    sweep_throws();
    change = 0;
    for (std::size_t s = 0; s < states_.size(); ++s) {
      const int best = best_[s];
      const double death = best < 0 ? (states_[s].stop_dies ? 1.0 : 0.0)
                                    : throw_death_[static_cast<std::size_t>(moves_[static_cast<std::size_t>(best)].next_throw)];
      const double full = best < 0 ? (states_[s].stop_full_chest ? 1.0 : 0.0)
                                   : throw_full_chest_[static_cast<std::size_t>(moves_[static_cast<std::size_t>(best)].next_throw)];
      change = std::max({change, std::abs(death - death_[s]), std::abs(full - full_chest_[s])});
      death_[s] = death;
      full_chest_[s] = full;
    }
  }
  sweep_throws();
  outlook_.death_chance = throw_death_[0];
  outlook_.full_chest_chance = throw_full_chest_[0];
}

// ---- queries ----

namespace {

int checked_state(int state, const Turn& turn) {
  if (state < 0) throw InputError("no turn reaches this position: " + turn.to_string());
  return state;
}

void require_decision(const Turn& turn) {
  if (turn.is_over()) throw RuleViolation(turn.died() ? "the turn is over: " + counted(turn.skulls(), "skull") : "the turn is over");
  if (turn.awaits_roll()) throw RuleViolation("the dice are not thrown yet: enter the roll first");
}

}  // namespace

Decision CardSolver::decision(const Turn& turn, int state, int move) const {
  Decision out;
  if (move < 0) {
    out.expected = states_[static_cast<std::size_t>(state)].stop_value;
    out.death_chance = states_[static_cast<std::size_t>(state)].stop_dies ? 1.0 : 0.0;
    return out;
  }
  const Move& m = moves_[static_cast<std::size_t>(move)];
  out.reroll = true;
  out.dice = m.dice;
  if (turn.card == FortuneCard::chest && !turn.skull_island) {
    const FaceCounts chest = chest_for(turn, m.dice);
    out.chest_take = clamped_difference(turn.chest, chest);
    out.chest_put = clamped_difference(chest, turn.chest);
  }
  out.expected = throw_value_[static_cast<std::size_t>(m.next_throw)];
  out.death_chance = throw_death_[static_cast<std::size_t>(m.next_throw)];
  return out;
}

Advice CardSolver::advise(const Turn& turn) const {
  if (turn.card != card_) throw InputError("this solver plays another fortune card");
  require_decision(turn);
  const int state = checked_state(state_of(normalised(turn)), turn);
  const State& node = states_[static_cast<std::size_t>(state)];
  Advice advice;
  advice.stop_value = node.stop_value;
  advice.stopping_dies = node.stop_dies;
  // Ranked as best_move() chooses: by expectation, stopping first unless a reroll beats it.
  std::vector<std::pair<double, Decision>> ranked;
  ranked.emplace_back(node.stop_value + kStopPreference, decision(turn, state, -1));
  for (std::uint32_t m = node.first_move; m < node.end_move; ++m)
    ranked.emplace_back(throw_value_[static_cast<std::size_t>(moves_[m].next_throw)], decision(turn, state, static_cast<int>(m)));
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& [key, decision] : ranked) advice.ranked.push_back(std::move(decision));
  advice.best = advice.ranked.front();
  advice.death_chance = advice.best.death_chance;
  return advice;
}

double CardSolver::value(const Turn& turn) const {
  require_decision(turn);
  return value_[static_cast<std::size_t>(checked_state(state_of(normalised(turn)), turn))];
}

Action CardSolver::choose(const Turn& turn) const {
  require_decision(turn);
  const int state = checked_state(state_of(normalised(turn)), turn);
  const int best = best_[static_cast<std::size_t>(state)];
  if (best < 0) return Action::stop();
  const FaceCounts& picked_up = moves_[static_cast<std::size_t>(best)].dice;
  if (turn.card == FortuneCard::chest && !turn.skull_island) {
    const FaceCounts chest = chest_for(turn, picked_up);
    const FaceCounts take = clamped_difference(turn.chest, chest);
    if (piraten::dice_total(take) > 0) return Action::chest_take(take);
    const FaceCounts put = clamped_difference(chest, turn.chest);
    if (piraten::dice_total(put) > 0) return Action::chest_put(put);
  }
  return Action::reroll(picked_up);
}

const CardSolver& Solver::card(FortuneCard card) const {
  std::unique_ptr<CardSolver>& slot = cards_[static_cast<std::size_t>(card)];
  if (!slot) slot = std::make_unique<CardSolver>(card, objective_);
  return *slot;
}

Objective default_objective(const Turn& turn, int opponents) { return Objective{turn.skull_island ? opponents : 0}; }

Action optimal_move(const Solver& solver, const piraten::State& state) { return solver.choose(state.turn()); }

// ---- the per-card table ----

DeckTable deck_table(const Solver& solver) {
  DeckTable table;
  const piraten::CardCounts base = piraten::fortune_deck(false);
  const piraten::CardCounts promo = piraten::fortune_deck(true);
  auto weigh = [](TurnOutlook& sum, const TurnOutlook& card, double weight) {
    sum.expected += weight * card.expected;
    sum.death_chance += weight * card.death_chance;
    sum.island_chance += weight * card.island_chance;
    sum.full_chest_chance += weight * card.full_chest_chance;
  };
  for (int c = 0; c < piraten::kFortuneCardKinds; ++c) {
    const auto card = static_cast<FortuneCard>(c);
    const TurnOutlook outlook = solver.card(card).outlook();
    table.cards.push_back({card, outlook});
    weigh(table.deck, outlook, static_cast<double>(base[static_cast<std::size_t>(c)]) / piraten::card_total(base));
    weigh(table.deck_promo, outlook, static_cast<double>(promo[static_cast<std::size_t>(c)]) / piraten::card_total(promo));
  }
  return table;
}

}  // namespace qm::advice
