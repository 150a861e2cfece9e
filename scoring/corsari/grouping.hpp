#pragma once
// Grouping a Corsari hand when a ship sails (rules text "Hoist the sails!"; RULINGS.md, Sailing):
//   prisoners  = every card of the tavern colour (never a penalty);
//   crew       = cards of at most two colours other than the tavern's, no number twice;
//   stowaways  = all the rest; their numbers add up to the stowaway total (the penalty).
// The grouping is the exact minimum of the stowaway total. Among equal optima the tie-break is
// deterministic: the most crew cards, then the crew-colour pair that comes first in the colour
// order of RULINGS.md. When both crew colours hold a number, the card of the colour with more
// cards in the hand joins the crew (the earlier colour on a tie), which keeps the crew in its
// main colour as in the rule text's example (orange 2 in the crew, purple 2 a stowaway).
#include <array>
#include <cstdint>
#include <vector>

#include "scoring/corsari/card.hpp"
#include "scoring/corsari/card_set.hpp"

namespace qm::corsari {

// The best grouping as card sets: what the engine and the simulations use (no allocation).
struct GroupedHand {
  CardSet prisoners;
  CardSet crew;
  CardSet stowaways;
  int stowaway_total = 0;
  friend bool operator==(const GroupedHand&, const GroupedHand&) = default;
};

// The best grouping as lists in canonical order: what the command line prints.
struct Grouping {
  std::vector<Card> prisoners;
  std::vector<Card> crew;
  std::vector<Colour> crew_colours;  // the colours present in the crew: none, one or two
  std::vector<Card> stowaways;
  int stowaway_total = 0;
  friend bool operator==(const Grouping&, const Grouping&) = default;
};

// Only the minimum stowaway total: the fastest question, asked by policies thousands of times.
int best_stowaway_total(Colour tavern, const CardSet& hand);

// The minimum stowaway total of the hand after giving up each of its cards, all at once: entry
// card.index() for every card of the hand (the other entries are left as they were). What a
// player weighs before discarding; one pass over the crew-colour pairs rather than one search
// per card, since giving up a card changes only the pairs of its own colour.
using TotalsByCard = std::array<std::int16_t, kDeckSize>;
void best_stowaway_totals_without_each(Colour tavern, const CardSet& hand, TotalsByCard& totals);
// The least of those totals, without computing each: what a player can get down to by taking
// a card and giving one up (the hand's own total when it holds only tavern cards or none).
int best_stowaway_total_giving_up_one(Colour tavern, const CardSet& hand);

GroupedHand best_grouped_hand(Colour tavern, const CardSet& hand);

// Throws qm::InputError when a card appears twice in the hand (every card is unique).
Grouping best_grouping(Colour tavern, const std::vector<Card>& hand);

Grouping to_grouping(const GroupedHand& grouped);

// The colours present in a crew, in colour order.
std::vector<Colour> crew_colours(const CardSet& crew);

}  // namespace qm::corsari
