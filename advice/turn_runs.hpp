#pragma once
// Plays many turns of one fortune card through the full game engine, for the simulation check of
// issue 10, item 5 (tests/advice, bench/advice): each turn is a fresh two-seat game (promo deck)
// whose first draw is the card, played by `choose(state, rng)` until the turn ends; every move is
// checked by State::apply_action like any simulated game.
#include <cmath>
#include <cstdint>

#include "rules/engine.hpp"
#include "rules/piraten/state.hpp"

namespace qm::advice {

struct TurnRuns {
  long turns = 0;
  double mean = 0;        // points per turn (the player's own score)
  double sd = 0;          // standard deviation of one turn's points
  double death_share = 0;
  double island_share = 0;
  double standard_error() const { return turns > 0 ? sd / std::sqrt(static_cast<double>(turns)) : 0; }
};

template <class Choose>
TurnRuns run_turns(piraten::FortuneCard card, long turns, std::uint64_t seed, Choose&& choose) {
  piraten::Options options;
  options.promo = true;
  rules::Rng rng(seed);
  double sum = 0, sum_squares = 0;
  long died = 0, island = 0;
  for (long i = 0; i < turns; ++i) {
    piraten::State state(options);
    state.apply_action(piraten::Action::draw(card));
    while (state.turns_played() == 0) {
      const bool chance = state.current_player() == rules::kChancePlayer;
      state.apply_action(chance ? state.sample_chance(rng) : choose(state, rng));
    }
    const piraten::TurnRecord& record = state.last_turn();
    const double points = record.points.score;
    sum += points;
    sum_squares += points * points;
    if (record.turn.died()) ++died;
    if (record.turn.skull_island) ++island;
  }
  TurnRuns runs;
  runs.turns = turns;
  if (turns == 0) return runs;
  const double n = static_cast<double>(turns);
  runs.mean = sum / n;
  runs.sd = turns > 1 ? std::sqrt(std::max(0.0, (sum_squares - n * runs.mean * runs.mean) / (n - 1))) : 0;
  runs.death_share = static_cast<double>(died) / n;
  runs.island_share = static_cast<double>(island) / n;
  return runs;
}

}  // namespace qm::advice
