#pragma once
// Dice as the Piraten Kapern tests type them, as players do at the table.
#include <string>

#include "scoring/notation.hpp"
#include "scoring/piraten/dice.hpp"

namespace qm::piraten::testing {

// "3skull 2coin 3monkey": how many dice show each face.
inline FaceCounts dice(const std::string& text) { return notation::parse_dice_counts({text}); }

}  // namespace qm::piraten::testing
