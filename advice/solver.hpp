#pragma once
// The Piraten Kapern advisor (issue 10): exact optimal play of one turn, no I/O.
//
// A turn is a Markov decision process whose moves and chance outcomes come from the engine's own
// Turn (rules/piraten/turn.hpp), so the solver and the referee can never disagree on what is legal
// (two dice a reroll, skulls locked, the sorceress once, the Island of Skulls, the storm's two
// rolls, sea battles, truce, the chest). For one fortune card the solver:
//
//   Step 1. Walks every state the turn can reach from the first throw, through Turn::apply:
//           decision states (dice showing, sorceress used, Island or not) and throws (the dice
//           kept, the chest, how many dice fly). A throw lists every multiset of faces of the
//           thrown dice with its multinomial probability; what ends the turn is scored by
//           score_points. Normalised away: the chest at a decision (chest moves are free and
//           change nothing else) and the roll count (it only matters for the storm, whose
//           decisions all come after the first roll).
//   Step 2. Value = max(stop, best reroll's expectation). Rerolls can come back to the same state
//           (no new skull), so the values are the fixed point of that equation, found by value
//           iteration from the stop values upwards until no value moves by 1e-11 points. The
//           error shrinks geometrically (a reroll of two or more dice comes back to as many
//           skulls with at most (5/6)^2 chance, and a skull never goes away except the
//           sorceress's, once): 33 to 67 sweeps, exact up to floating point, not sampling.
//   Step 3. Fixes the optimal decision everywhere (ties go to stopping) and computes, the same
//           way, the chance of death and of a Full Chest under that play.
//
// The chest card: before a reroll, every kept die that could score in the chest goes in it
// (a die in the chest only matters if the roll kills the turn, where more dice never score less);
// the advice names only the chest moves that change the value.
//
// Objective: the change of the player's own total; with `opponents` > 0 every Island deduction
// also counts as a gain once per opponent (for players who count relative points). Pirate magic
// (nine of a kind) is valued at its score, like any eight of a kind.
#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "rules/piraten/state.hpp"
#include "rules/piraten/turn.hpp"

namespace qm::advice {

using piraten::Action;
using piraten::FaceCounts;
using piraten::FortuneCard;
using piraten::Turn;

struct Objective {
  int opponents = 0;  // each Island deduction counts this many times as a gain
  bool operator==(const Objective&) const = default;
};

// The objective advice at a decision of `turn` uses unless the player says otherwise: on the
// Island of Skulls every deduction counts as a gain once per opponent (`opponents`); elsewhere
// the player's own points. On the Island the turn scores nothing of its own (a truce's sabres
// aside), so own points alone value every move at 0 and stop (ties go to stopping), sparing the
// opponents where rolling on costs nothing and takes more from each of them. Off the Island no
// move can lead to a deduction any more (the Island is reached on the first roll only), so
// counting them would change nothing there.
Objective default_objective(const Turn& turn, int opponents);

// One decision at a choosing state and what optimal play gives after it.
struct Decision {
  bool reroll = false;       // false: stop
  FaceCounts dice{};         // the dice picked up (one skull at most: the sorceress's)
  FaceCounts chest_put{};    // chest card: into the chest before the reroll
  FaceCounts chest_take{};   // chest card: out of the chest before the reroll
  double expected = 0;       // expected points of the turn (the objective) after this decision
  double death_chance = 0;   // chance the turn ends in death after it
};

struct Advice {
  Decision best;
  double stop_value = 0;        // the points of stopping now
  bool stopping_dies = false;   // three skulls with the sorceress unused: stopping is death
  double death_chance = 0;      // under optimal play from here (= best.death_chance)
  std::vector<Decision> ranked; // every legal decision, best first (best included)
};

// A whole turn under optimal play, from the moment the card is drawn.
struct TurnOutlook {
  double expected = 0;
  double death_chance = 0;
  double island_chance = 0;
  double full_chest_chance = 0;
};

struct SolverStats {
  int decision_states = 0;
  int throws = 0;
  long outcomes = 0;  // chance edges
  long moves = 0;     // reroll edges
  int sweeps = 0;     // value iteration sweeps
};

// Exact values for one fortune card: about 1,000 decision states (2,300 with the sorceress),
// built in 10-60 ms of one core.
class CardSolver {
 public:
  explicit CardSolver(FortuneCard card, Objective objective = {});

  FortuneCard card() const { return card_; }
  const Objective& objective() const { return objective_; }
  TurnOutlook outlook() const { return outlook_; }
  const SolverStats& stats() const { return stats_; }

  // The turn must be at a decision (phase choosing) under this card. Throws RuleViolation when
  // the turn is over or waits for a throw, InputError for a position no turn can reach.
  Advice advise(const Turn& turn) const;
  // Expected points from a decision state under optimal play.
  double value(const Turn& turn) const;
  // The engine's next move for optimal play: the chest moves first (one per call), then the
  // reroll; or stop. Fast: no ranking, no allocation.
  Action choose(const Turn& turn) const;

 private:
  struct Throw {
    Turn turn;            // the turn with the dice in the air
    double value_base = 0;  // sum of probability x value of the outcomes that end the turn
    double death_base = 0;
    double full_chest_base = 0;
    std::uint32_t first_outcome = 0, end_outcome = 0;
  };
  struct Outcome {
    int state;  // decision state it leads to
    double probability;
  };
  struct State {
    Turn turn;  // normalised: empty chest, roll count 1
    double stop_value = 0;
    bool stop_dies = false;
    bool stop_full_chest = false;
    std::uint32_t first_move = 0, end_move = 0;
  };
  struct Move {
    FaceCounts dice;  // picked up
    int next_throw;
  };

  int state_of(const Turn& turn) const;  // -1 when no turn reaches it
  int add_state(const Turn& turn);
  int add_throw(const Turn& turn);
  void explore();
  void solve_values();
  void solve_chances();
  int best_move(int state) const;  // -1: stop
  Decision decision(const Turn& turn, int state, int move) const;
  double terminal_value(const Turn& over) const;
  bool full_chest(const Turn& over) const;

  FortuneCard card_;
  Objective objective_;
  std::vector<State> states_;
  std::vector<Throw> throws_;
  std::vector<Outcome> outcomes_;
  std::vector<Move> moves_;
  std::unordered_map<std::uint64_t, int> state_index_;
  std::unordered_map<std::uint64_t, int> throw_index_;
  std::vector<double> value_;        // per state
  std::vector<double> throw_value_;  // per throw
  std::vector<double> death_;        // per state, under optimal play
  std::vector<double> throw_death_;
  std::vector<double> full_chest_;
  std::vector<double> throw_full_chest_;
  std::vector<int> best_;  // per state: index into moves_, or -1 for stop
  TurnOutlook outlook_;
  SolverStats stats_;
};

// Every card's solver, each built on first use (not thread-safe).
class Solver {
 public:
  explicit Solver(Objective objective = {}) : objective_(objective) {}
  const CardSolver& card(FortuneCard card) const;
  Advice advise(const Turn& turn) const { return card(turn.card).advise(turn); }
  Action choose(const Turn& turn) const { return card(turn.card).choose(turn); }

 private:
  Objective objective_;
  mutable std::array<std::unique_ptr<CardSolver>, piraten::kFortuneCardKinds> cards_;
};

// The `optimal` simulation policy: the solver's move at a player's node of a game (the turn in
// progress must be at a decision). With the solver's objective, e.g. Objective{players - 1}.
Action optimal_move(const Solver& solver, const piraten::State& state);

// The per-card table of issue 10, item 3: each card's turn under optimal play, and the deck as
// drawn (weighted by the card counts), without and with the promo cards.
struct CardRow {
  FortuneCard card;
  TurnOutlook outlook;
};
struct DeckTable {
  std::vector<CardRow> cards;  // in FortuneCard order
  TurnOutlook deck;            // the 35-card deck
  TurnOutlook deck_promo;      // with storm and truce (37 cards)
};
DeckTable deck_table(const Solver& solver);

}  // namespace qm::advice
