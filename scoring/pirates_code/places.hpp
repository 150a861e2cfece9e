#pragma once
// The worlds of the deduction notebook (notebook.hpp) held as rules instead of a list, while that
// is possible: where each number can lie (which hands, the code), how many numbers and skeletons
// each hand holds, and which hands hold at least one of some numbers. The worlds are exactly the
// placements those rules allow.
//
// Every clue about one hand or the code at a time keeps that form: a guess's answers, a card
// shown or scouted, a card put face up, a code card seen, a card moving in view. Two clues do
// not: a bystander's inquiry (it ties the shown card in one hand to the answer of another) and a
// card moving unseen; the notebook then lists the worlds the rules allow and goes on from the
// list.
//
// What for: right after the deal a four-player notebook has 92,400 worlds, and every clue early
// in a game leaves tens of thousands. The rules are a few bytes, and counting what a player wants
// to know (the Census) over them takes a small dynamic programme over groups of numbers the
// clues cannot tell apart, where the list needs a pass over every world.
#include <array>
#include <cstdint>
#include <vector>

#include "scoring/pirates_code/card.hpp"
#include "scoring/pirates_code/clue.hpp"

namespace qm::pirates_code {

// One possible placement of the number cards: seat s holds the numbers of bits 16s..16s+15.
using World = std::uint64_t;
constexpr NumberSet world_hand(World world, int seat) {
  return NumberSet::from_mask(static_cast<std::uint16_t>(world >> (16 * seat)));
}

// Code pairs by index: low * 16 + high.
constexpr std::size_t pair_index(int low, int high) { return static_cast<std::size_t>(low * 16 + high); }
inline constexpr std::size_t kPairIndexes = 256;

// How the worlds still possible split, counted: what a player weighing its next move asks.
struct Census {
  std::uint64_t worlds = 0;
  std::vector<std::uint8_t> pairs;                                          // possible code pairs, increasing
  std::array<std::uint64_t, kPairIndexes> pair_worlds{};                    // worlds per code pair
  std::array<std::array<NumberSet, kMaxPlayers>, kPairIndexes> any_hand{};  // per pair: held in some world
  std::array<std::array<NumberSet, kMaxPlayers>, kPairIndexes> all_hand{};  // per pair: held in every world
  std::array<std::array<bool, kMaxPlayers>, kPairIndexes> any_skeleton{};   // per pair: a skeleton in some world
  std::array<std::array<std::uint64_t, 16>, kMaxPlayers> holds{};           // worlds where the seat holds n
  std::array<std::uint64_t, kMaxPlayers> skeletons{};                       // skeletons summed over the worlds
  std::array<int, kMaxPlayers> min_skeletons{};
  std::array<int, kMaxPlayers> max_skeletons{};

  // Back to no world at all, ready to count.
  void clear();

  friend bool operator==(const Census&, const Census&) = default;
};

class Places {
 public:
  // Seat `me` of `players` right after the deal, holding `my_numbers` (checked by the notebook).
  Places(int players, int me, NumberSet my_numbers);

  // Whether a clue of this kind keeps the rules' form (see above).
  static bool keeps_form(ClueKind kind) { return kind != ClueKind::offset_answer && kind != ClueKind::moved_unseen; }

  enum class Outcome : std::uint8_t {
    narrowed,    // the rules now allow exactly the worlds where the clue held, moved on as it says
    impossible,  // no world allows the clue (other impossible rules show only as no world at all)
    too_many,    // more "at least one of" rules than the form keeps: list the worlds instead
  };
  // `clue` (validated, of a kind that keeps_form) as it happened after the earlier ones.
  Outcome apply(const Clue& clue);

  // Whether the rules allow this world.
  bool allows(World world) const;
  // Some world the rules allow; false when there is none.
  bool find_world(World& world) const;
  // Every world the rules allow, sorted.
  void list(std::vector<World>& out) const;
  // How many worlds the rules allow.
  std::uint64_t world_count() const;
  void count(Census& census) const;
  // A rough cost of count() in steps, to weigh it against a pass over a list of worlds.
  long count_cost() const;

 private:
  static constexpr int kCode = kMaxPlayers;  // the place bit of the code
  static constexpr int kPlaces = kMaxPlayers + 1;
  static constexpr std::size_t kMaxRules = 6;
  struct OneOf {
    int seat = 0;
    NumberSet numbers;
  };
  // Numbers the rules cannot tell apart: the same places, in the same "at least one of" rules.
  struct Kind {
    NumberSet numbers;
    std::uint8_t places = 0;  // place bits
    std::uint8_t rules = 0;   // bit i: in one_of_[i]
  };
  struct Kinds {
    std::array<Kind, kNumberCount> of{};
    std::size_t count = 0;
  };
  // The kinds of the numbers not settled to one place.
  Kinds kinds() const;

  int room(int place) const { return place == kCode ? kCodeCards : numbers_[static_cast<std::size_t>(place)]; }
  std::uint8_t& place_of(int number) { return places_[static_cast<std::size_t>(number)]; }
  std::uint8_t place_of(int number) const { return places_[static_cast<std::size_t>(number)]; }
  // The numbers that can lie only at `place`, and those that can lie there.
  NumberSet only_at(int place) const;
  NumberSet may_be_at(int place) const;
  // Draws the consequences of the rules until none is left: a full place takes no more, a
  // place with just enough candidates takes them all, an "at least one of" with one candidate
  // left places it. False when a rule cannot be kept.
  bool settle();
  // What the search for worlds looks up at every step, worked out once per search.
  struct Layout {
    std::array<std::uint16_t, kMaxPlayers> may{};    // numbers the hand can hold
    std::array<std::uint16_t, kMaxPlayers> lower{};  // numbers that can lie at a lower seat or in the code
    std::uint16_t code = 0;                          // numbers the code can hold
    std::array<std::array<std::uint16_t, kMaxRules>, kMaxPlayers> rules{};  // the hand's "at least one of"
    std::array<std::size_t, kMaxPlayers> rule_count{};
    std::array<bool, kMaxPlayers> open{};  // whether the hand is not known for certain (the owner's is)
    int last_open = -1;                    // the lowest open seat: after it the rest is the code
    World known = 0;                       // the hands known for certain
    std::uint16_t unplaced = 0;            // the numbers in play outside them
  };
  Layout layout() const;
  template <class Visit>
  bool visit_worlds(const Layout& layout, int seat, std::uint16_t left, World world, Visit& visit) const;

  int players_ = 0;
  NumberSet in_play_;                          // the numbers not face up
  std::array<std::uint8_t, 16> places_{};      // per number in play: bit s for seat s, bit kCode for the code
  std::array<int, kMaxPlayers> numbers_{};     // number cards in each hand
  std::array<int, kMaxPlayers> skeletons_{};   // skeletons in each hand
  std::array<OneOf, kMaxRules> one_of_{};      // hand `seat` holds at least one of `numbers`
  std::size_t rules_ = 0;
};

}  // namespace qm::pirates_code
