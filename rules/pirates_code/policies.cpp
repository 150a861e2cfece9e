#include "rules/pirates_code/policies.hpp"

#include <algorithm>
#include <optional>

namespace qm::pirates_code {

namespace {

// Small costs that break ties between equally informative plays: a reusable card goes back to
// the hand, a single-use card is gone for good and shows the table one more number.
constexpr double kSingleUseCost = 0.05;
constexpr double kReusableCompanionCost = 0.1;
constexpr double kNothingLearned = 1e-9;

// How the possible worlds of the deducer's notebook split on each question it could ask.
struct Tally {
  const Notebook& notebook;
  const Census& census;
  double worlds;

  explicit Tally(const Notebook& book) : notebook(book), census(book.census()), worlds(static_cast<double>(census.worlds)) {}

  double holds(std::size_t seat, int number) const {
    return static_cast<double>(census.holds[seat][static_cast<std::size_t>(number)]);
  }

  double current() const { return static_cast<double>(census.pairs.size()); }

  // Expected pairs left after asking `seat` whether it holds `number`.
  double after_answer(int seat, int number) const {
    if (!NumberSet::valid(number)) return current();
    const std::size_t s = static_cast<std::size_t>(seat);
    double yes_pairs = 0, no_pairs = 0;
    for (std::size_t k : census.pairs) {
      if (census.any_hand[k][s].contains(number)) yes_pairs += 1;
      if (!census.all_hand[k][s].contains(number)) no_pairs += 1;
    }
    const double yes = holds(s, number) / worlds;
    return yes * yes_pairs + (1 - yes) * no_pairs;
  }

  // Expected pairs left after seeing a random card of `seat`'s hand of `size` cards.
  double after_seeing_card(int seat, int size) const {
    const std::size_t s = static_cast<std::size_t>(seat);
    double expected = 0;
    for (int n = kLowestNumber; n <= kHighestNumber; ++n) {
      const double chance = holds(s, n) / (worlds * size);
      if (chance == 0) continue;
      double left = 0;
      for (std::size_t k : census.pairs) left += census.any_hand[k][s].contains(n) ? 1 : 0;
      expected += chance * left;
    }
    const double skeleton_weight = static_cast<double>(census.skeletons[s]);
    if (skeleton_weight > 0) {
      double left = 0;
      for (std::size_t k : census.pairs) left += census.any_skeleton[k][s] ? 1 : 0;
      expected += skeleton_weight / (worlds * size) * left;
    }
    return expected;
  }

  // Expected pairs left after seeing one code card chosen at random.
  double after_seeing_code() const {
    std::array<double, 16> in_code{};  // worlds with n in the code
    for (std::size_t k : census.pairs) {
      in_code[k / 16] += static_cast<double>(census.pair_worlds[k]);
      in_code[k % 16] += static_cast<double>(census.pair_worlds[k]);
    }
    double expected = 0;
    for (int n = kLowestNumber; n <= kHighestNumber; ++n) {
      const double chance = in_code[static_cast<std::size_t>(n)] / (2 * worlds);
      if (chance == 0) continue;
      double left = 0;
      for (std::size_t k : census.pairs) left += (static_cast<int>(k / 16) == n || static_cast<int>(k % 16) == n) ? 1 : 0;
      expected += chance * left;
    }
    return expected;
  }

  // The pair most worlds agree on; between equals, the one whose first world comes first.
  std::size_t likeliest_pair() const {
    std::uint64_t most = 0;
    for (std::size_t k : census.pairs) most = std::max(most, census.pair_worlds[k]);
    std::size_t likeliest = 0;
    std::optional<World> first;
    for (std::size_t k : census.pairs) {
      if (census.pair_worlds[k] != most) continue;
      const std::optional<World> w = notebook.first_world_with({static_cast<int>(k / 16), static_cast<int>(k % 16)});
      if (!first || (w && *w < *first)) {
        first = w;
        likeliest = k;
      }
    }
    return likeliest;
  }
};

}  // namespace
Action random_action(const State& state, rules::Rng& rng) {
  const std::vector<Action> legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng() % legal.size())];
}

Deducer::Deducer(const State& state, int seat, Keeping keeping)
    : seat_(seat), notebook_(state.players(), seat, state.dealt(seat), keeping) {
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
