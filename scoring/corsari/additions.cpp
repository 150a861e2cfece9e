#include "scoring/corsari/additions.hpp"

#include <array>
#include <string>

#include "scoring/corsari/grouping.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"

namespace qm::corsari {
namespace {

// The (at most two) colours of a crew, in colour order.
struct CrewColours {
  std::array<Colour, 2> colours{};
  int count = 0;
};

CrewColours colours_of(const CardSet& crew) {
  CrewColours out;
  for (int c = 0; c < kColourCount && out.count < 2; ++c)
    if (crew.numbers(static_cast<Colour>(c)) != 0) out.colours[static_cast<std::size_t>(out.count++)] = static_cast<Colour>(c);
  return out;
}

std::string colour_list(const CardSet& crew) {
  std::string list;
  for (const Colour colour : crew_colours(crew)) {
    if (!list.empty()) list += ", ";
    list += notation::to_string(colour);
  }
  return list;
}

}  // namespace

CardSet addable_cards(const CardSet& sailor_crew, const CardSet& hand) {
  const NumberMask open = static_cast<NumberMask>(kAllNumbers & ~sailor_crew.all_numbers());
  const CrewColours crew = colours_of(sailor_crew);
  CardSet addable;
  for (int i = 0; i < crew.count; ++i) {
    const Colour colour = crew.colours[static_cast<std::size_t>(i)];
    addable.set_numbers(colour, hand.numbers(colour) & open);
  }
  return addable;
}

CardSet best_additions(Colour tavern, const CardSet& sailor_crew, const CardSet& hand) {
  const CrewColours crew = colours_of(sailor_crew);
  const CardSet addable = addable_cards(sailor_crew, hand);
  if (crew.count < 2) return addable;  // one colour: never two cards of one number

  const Colour first = crew.colours[0];
  const Colour second = crew.colours[1];
  const NumberMask in_first = addable.numbers(first);
  const NumberMask in_second = addable.numbers(second);
  const NumberMask choices = in_first & in_second;  // numbers the opponent holds in both colours

  // Each bit of `pick` chooses the second colour for one contested number; pick 0 is all-first.
  std::array<int, kMaxNumber> contested{};
  int contested_count = 0;
  for (int number = 1; number <= kMaxNumber; ++number)
    if (choices & number_bit(number)) contested[static_cast<std::size_t>(contested_count++)] = number;

  CardSet best;
  int best_total = -1;
  for (unsigned pick = 0; pick < (1U << contested_count); ++pick) {
    NumberMask from_second = 0;
    for (int i = 0; i < contested_count; ++i)
      if (pick & (1U << i)) from_second |= number_bit(contested[static_cast<std::size_t>(i)]);
    CardSet additions;
    additions.set_numbers(first, in_first & static_cast<NumberMask>(~from_second));
    additions.set_numbers(second, static_cast<NumberMask>((in_second & ~choices) | from_second));
    const int total = best_stowaway_total(tavern, hand - additions);
    if (best_total < 0 || total < best_total) {
      best_total = total;
      best = additions;
    }
  }
  return best;
}

std::vector<Card> best_additions(Colour tavern, const std::vector<Card>& sailor_crew, const std::vector<Card>& hand) {
  return best_additions(tavern, CardSet(sailor_crew), CardSet(hand)).cards();
}

void check_additions(std::string_view player, const CardSet& sailor_crew, const CardSet& hand,
                     const std::vector<Card>& additions) {
  const std::string who(player);
  if (additions.empty()) return;
  if (sailor_crew.empty()) throw RuleViolation(who + " cannot add cards: the sailor has no crew");
  const NumberMask crew_numbers = sailor_crew.all_numbers();
  CardSet seen;
  NumberMask numbers = 0;
  for (const Card card : additions) {
    const std::string name = notation::to_string(card);
    if (seen.contains(card)) throw RuleViolation(who + " lists " + name + " twice");
    if (!hand.contains(card)) throw RuleViolation(who + " cannot add " + name + ": it is not in " + who + "'s hand");
    if (sailor_crew.numbers(card.colour) == 0)
      throw RuleViolation(who + " cannot add " + name + ": " + notation::to_string(card.colour) +
                          " is not a colour of the sailor's crew (" + colour_list(sailor_crew) + ")");
    if (crew_numbers & number_bit(card.number))
      throw RuleViolation(who + " cannot add " + name + ": the sailor's crew already has a " +
                          std::to_string(card.number));
    if (numbers & number_bit(card.number))
      throw RuleViolation(who + " cannot add two cards of number " + std::to_string(card.number) +
                          ": at most one card per number");
    seen.insert(card);
    numbers |= number_bit(card.number);
  }
}

}  // namespace qm::corsari
