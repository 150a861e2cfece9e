#pragma once
// Players for simulations (issue 7, item 4).
//   random   a uniformly random legal action.
//   deducer  keeps a notebook from its own view (only its own clues), guesses as soon as the
//            code is certain, and otherwise plays the card expected to leave the fewest
//            possible code pairs: each outcome (an answer, the card seen or taken, the code
//            card seen) weighted by how many placements of the cards give it. Rapid fire is
//            worth its two extra actions; with nothing left to learn it guesses the likeliest
//            pair; after a failed guess it always pays the continue token to hear more.
#include <string>
#include <vector>

#include "rules/engine.hpp"
#include "rules/pirates_code/state.hpp"
#include "scoring/pirates_code/notebook.hpp"

namespace qm::pirates_code {

inline const std::vector<std::string> kPolicyNames = {"random", "deducer"};

Action random_action(const State& state, rules::Rng& rng);

class Deducer {
 public:
  // For `seat`, once the cards are dealt. `keeping` changes how fast, never what, it chooses.
  Deducer(const State& state, int seat, Keeping keeping = Keeping::as_rules_first);
  // Records the clues the seat received since the last call.
  void catch_up(const State& state);
  // The deducer's action; `state` must be at this seat's decision.
  Action choose(const State& state) const;
  const Notebook& notebook() const { return notebook_; }

 private:
  int seat_;
  std::size_t clues_read_ = 0;
  Notebook notebook_;
};

}  // namespace qm::pirates_code
