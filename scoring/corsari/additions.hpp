#pragma once
// Additions (rules text "Hoist the sails!"; RULINGS.md, Additions): before grouping, each
// opponent may add any number of its cards to the sailor's crew, each
//   - of one of the crew's colours,
//   - of a number the sailor's crew does not already hold,
//   - at most one card per number for that opponent (two opponents may each add the same number).
// Each opponent's additions are checked against the sailor's own crew only, so opponents are
// independent of each other.
//
// best_additions is exact. Giving a card away never raises an opponent's best stowaway total, so
// an optimum adds one card of every number it can; where it holds that number in both crew
// colours, every choice is tried. Among equal optima the earlier colour (RULINGS.md order) is
// added for the lowest such number first.
#include <string_view>
#include <vector>

#include "scoring/corsari/card.hpp"
#include "scoring/corsari/card_set.hpp"

namespace qm::corsari {

// Every card of the hand that could be added to this crew (several may share a number).
CardSet addable_cards(const CardSet& sailor_crew, const CardSet& hand);

// The additions that minimise the opponent's own stowaway total after its best grouping.
CardSet best_additions(Colour tavern, const CardSet& sailor_crew, const CardSet& hand);
std::vector<Card> best_additions(Colour tavern, const std::vector<Card>& sailor_crew, const std::vector<Card>& hand);

// Throws qm::RuleViolation with a reason that names the player and the card when the stated
// additions break a rule (not in the hand, not a crew colour, number already in the crew, two
// cards of one number, a card listed twice).
void check_additions(std::string_view player, const CardSet& sailor_crew, const CardSet& hand,
                     const std::vector<Card>& additions);

}  // namespace qm::corsari
