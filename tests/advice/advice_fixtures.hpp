#pragma once
// Shared by the advisor's tests: positions typed as at the table, and solvers built once.
#include <string>

#include "advice/position.hpp"
#include "advice/solver.hpp"
#include "scoring/notation.hpp"

namespace qm::advice::testing {

inline piraten::FaceCounts dice(const std::string& text) { return notation::parse_dice_counts({text}); }

// The solver of the player's own points, and one counting Island deductions for two opponents.
inline const Solver& own_points() {
  static const Solver solver;
  return solver;
}
inline const Solver& two_opponents() {
  static const Solver solver(Objective{2});
  return solver;
}

inline piraten::Turn position(piraten::FortuneCard card, const std::string& showing, const std::string& chest = "",
                              bool sorceress_used = false, int rolls = 1) {
  return decision_turn({card, dice(showing), dice(chest), sorceress_used, rolls});
}

inline Advice advise(piraten::FortuneCard card, const std::string& showing, const std::string& chest = "",
                     const Solver& solver = own_points()) {
  return solver.advise(position(card, showing, chest));
}

}  // namespace qm::advice::testing
