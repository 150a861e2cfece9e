#include "rules/pirates_code/policies.hpp"

#include <algorithm>

namespace qm::pirates_code {

namespace {

// Small costs that break ties between equally informative plays: a reusable card goes back to
// the hand, a single-use card is gone for good and shows the table one more number.
constexpr double kSingleUseCost = 0.05;
constexpr double kReusableCompanionCost = 0.1;
constexpr double kNothingLearned = 1e-9;

constexpr std::size_t pair_index(int low, int high) { return static_cast<std::size_t>(low * 16 + high); }

// How the possible placements of the deducer's notebook split on each question it could ask.
struct Tally {
  double worlds = 0;
  std::vector<std::size_t> pairs;                                  // possible code pairs
  std::array<double, 256> pair_worlds{};                           // placements per pair
  std::array<std::array<NumberSet, kMaxPlayers>, 256> any_hand{};  // per pair: held in some placement
  std::array<std::array<NumberSet, kMaxPlayers>, 256> all_hand{};  // per pair: held in every placement
  std::array<std::array<bool, kMaxPlayers>, 256> any_skeleton{};
  std::array<std::array<double, 16>, kMaxPlayers> holds{};         // placements where seat holds n
  std::array<double, kMaxPlayers> skeleton_weight{};               // sum of skeletons over placements
  std::array<double, 16> in_code{};                                // placements with n in the code

  explicit Tally(const Notebook& notebook) {
    const int players = notebook.players();
    for (World w : notebook.worlds()) {
      const NumberSet code = notebook.code_of(w);
      const int low = code.first();
      const std::size_t k = pair_index(low, code.without(NumberSet::of({low})).first());
      if (pair_worlds[k] == 0) {
        pairs.push_back(k);
        all_hand[k].fill(NumberSet::all());
      }
      pair_worlds[k] += 1;
      for (int seat = 0; seat < players; ++seat) {
        const std::size_t s = static_cast<std::size_t>(seat);
        const NumberSet hand = world_hand(w, seat);
        any_hand[k][s] = any_hand[k][s] | hand;
        all_hand[k][s] = all_hand[k][s] & hand;
        const int skeletons = notebook.hand_size(seat) - hand.size();
        if (skeletons > 0) any_skeleton[k][s] = true;
        skeleton_weight[s] += skeletons;
        for (std::uint16_t bits = hand.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
          holds[s][static_cast<std::size_t>(std::countr_zero(bits))] += 1;
      }
      for (int n : {low, code.without(NumberSet::of({low})).first()}) in_code[static_cast<std::size_t>(n)] += 1;
      worlds += 1;
    }
  }

  double current() const { return static_cast<double>(pairs.size()); }

  // Expected pairs left after asking `seat` whether it holds `number`.
  double after_answer(int seat, int number) const {
    if (!NumberSet::valid(number)) return current();
    const std::size_t s = static_cast<std::size_t>(seat);
    double yes_pairs = 0, no_pairs = 0;
    for (std::size_t k : pairs) {
      if (any_hand[k][s].contains(number)) yes_pairs += 1;
      if (!all_hand[k][s].contains(number)) no_pairs += 1;
    }
    const double yes = holds[s][static_cast<std::size_t>(number)] / worlds;
    return yes * yes_pairs + (1 - yes) * no_pairs;
  }

  // Expected pairs left after seeing a random card of `seat`'s hand of `size` cards.
  double after_seeing_card(int seat, int size) const {
    const std::size_t s = static_cast<std::size_t>(seat);
    double expected = 0;
    for (int n = kLowestNumber; n <= kHighestNumber; ++n) {
      const double chance = holds[s][static_cast<std::size_t>(n)] / (worlds * size);
      if (chance == 0) continue;
      double left = 0;
      for (std::size_t k : pairs) left += any_hand[k][s].contains(n) ? 1 : 0;
      expected += chance * left;
    }
    if (skeleton_weight[s] > 0) {
      double left = 0;
      for (std::size_t k : pairs) left += any_skeleton[k][s] ? 1 : 0;
      expected += skeleton_weight[s] / (worlds * size) * left;
    }
    return expected;
  }

  // Expected pairs left after seeing one code card chosen at random.
  double after_seeing_code() const {
    double expected = 0;
    for (int n = kLowestNumber; n <= kHighestNumber; ++n) {
      const double chance = in_code[static_cast<std::size_t>(n)] / (2 * worlds);
      if (chance == 0) continue;
      double left = 0;
      for (std::size_t k : pairs) left += (static_cast<int>(k / 16) == n || static_cast<int>(k % 16) == n) ? 1 : 0;
      expected += chance * left;
    }
    return expected;
  }

  std::size_t likeliest_pair() const {
    return *std::max_element(pairs.begin(), pairs.end(),
                             [&](std::size_t a, std::size_t b) { return pair_worlds[a] < pair_worlds[b]; });
  }
};

}  // namespace

Action random_action(const State& state, rules::Rng& rng) {
  const std::vector<Action> legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng() % legal.size())];
}

Deducer::Deducer(const State& state, int seat)
    : seat_(seat), notebook_(state.players(), seat, state.dealt(seat)) {
  catch_up(state);
}

void Deducer::catch_up(const State& state) {
  const std::vector<Clue>& clues = state.clues(seat_);
  for (; clues_read_ < clues.size(); ++clues_read_) notebook_.record(clues[clues_read_]);
}

Action Deducer::choose(const State& state) const {
  if (state.phase() == Phase::judgement) return Action::continue_judgement();  // hearing more is free
  if (const auto code = notebook_.certain_code()) return Action::guess(code->low, code->high);

  const Tally tally(notebook_);
  const double current = tally.current();
  const int seen_slots = state.seen_code_slots(seat_);
  const Game& game = state.game();
  const std::vector<Action> legal = state.legal_actions();

  const auto expected_left = [&](const Action& action) {
    switch (action.move) {
      case Move::inquiry: return tally.after_answer(action.target, action.asked);
      case Move::scouting:
      case Move::plunder: return tally.after_seeing_card(action.target, state.hand_size(action.target));
      case Move::clairvoyance: {
        const int slot_bit = 1 << action.slot;
        if (seen_slots & slot_bit) return current;  // already seen
        return seen_slots != 0 ? 1.0 : tally.after_seeing_code();  // the other slot settles it
      }
      default: return current;
    }
  };
  const auto cost = [&](const Action& action) {
    switch (action.move) {
      case Move::plunder: return kSingleUseCost;
      case Move::clairvoyance:
        return kSingleUseCost + (reusable(game.cards.role(action.companion)) ? kReusableCompanionCost : 0.0);
      default: return 0.0;
    }
  };

  const Action* best = nullptr;
  double best_left = current;
  double best_score = current;
  for (const Action& action : legal) {
    if (action.move == Move::guess || action.move == Move::rapid_fire) continue;
    const double left = expected_left(action);
    const double score = left + cost(action);
    if (left < current - kNothingLearned && (best == nullptr || score < best_score)) {
      best = &action;
      best_left = left;
      best_score = score;
    }
  }
  if (best != nullptr) {
    // 連射: two more actions, each expected to narrow the code as much again.
    for (const Action& action : legal)
      if (action.move == Move::rapid_fire && best_left * best_left / current + kSingleUseCost < best_score) return action;
    return *best;
  }
  // Nothing left to learn from a card: guess the pair most placements agree on.
  const std::size_t pair = tally.likeliest_pair();
  return Action::guess(static_cast<int>(pair / 16), static_cast<int>(pair % 16));
}

}  // namespace qm::pirates_code
