#pragma once
// The deduction notebook (メモルール, the memo variant): what one player can know about the two
// code cards and the other hands, from its own point of view.
//
// It is an exact search, not rules of thumb: the notebook keeps every way the unseen number
// cards could lie right now (a "world": which seat holds which numbers; the code is what no hand
// holds and is not face up) that agrees with every clue recorded so far. A clue about a moment
// of the game filters the worlds of that moment; a card moving unseen (a plunder between two
// other players) branches each world into every card that could have moved. So the possible
// code pairs and the must / may / cannot table are consistent with all clues at once.
//
// A clue that no remaining world allows (an answer that cannot be true, a mistyped event) is not
// applied: it is listed in contradictions() and the notebook carries on from the earlier clues.
//
// Hand sizes are public and tracked by the notebook; skeletons (four players) are what a hand
// holds beyond its number cards.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scoring/pirates_code/card.hpp"
#include "scoring/pirates_code/clue.hpp"

namespace qm::pirates_code {

// Must / may / cannot hold.
enum class Holding : std::uint8_t { cannot, may, must };

struct CodePair {
  int low = 0;
  int high = 0;
  friend constexpr auto operator<=>(const CodePair&, const CodePair&) = default;
};

// One possible placement of the number cards: seat s holds the numbers of bits 16s..16s+15.
using World = std::uint64_t;
constexpr NumberSet world_hand(World world, int seat) {
  return NumberSet::from_mask(static_cast<std::uint16_t>(world >> (16 * seat)));
}

struct Contradiction {
  int clue_index = 0;  // position in clues()
  std::string reason;
  friend bool operator==(const Contradiction&, const Contradiction&) = default;
};

class Notebook {
 public:
  // The notebook of seat `me` at a table of `players` (3 or 4) right after the deal, holding
  // `my_numbers`: four numbers with three players, three (and a skeleton) with four.
  // Throws InputError for a wrong count.
  Notebook(int players, int me, NumberSet my_numbers);

  // Records one clue. Returns false (and lists a contradiction, leaving the notebook as it
  // was) when no possible placement of the cards agrees with it. Throws InputError for a
  // malformed clue (unknown seat, a card moving to its own holder, ...).
  bool record(const Clue& clue);
  void record(std::span<const Clue> clues) {
    for (const Clue& clue : clues) record(clue);
  }

  int players() const { return players_; }
  int me() const { return me_; }
  int hand_size(int seat) const { return hand_size_[static_cast<std::size_t>(seat)]; }
  NumberSet my_numbers() const { return summary().union_of[static_cast<std::size_t>(me_)]; }
  NumberSet face_up() const { return face_up_; }

  // The code pairs still possible, in increasing order.
  std::vector<CodePair> possible_codes() const;
  int code_pair_count() const { return summary().code_pair_count; }
  // The code, once only one pair is possible.
  std::optional<CodePair> certain_code() const;

  // Whether `seat` holds `number` now, in every / some / no possible placement.
  Holding holding(int seat, int number) const;
  // Whether `number` is a code card, in every / some / no possible placement.
  Holding code_holding(int number) const;
  // The fewest / most skeletons `seat` may hold now.
  int min_skeletons(int seat) const { return summary().min_skeletons[static_cast<std::size_t>(seat)]; }
  int max_skeletons(int seat) const { return summary().max_skeletons[static_cast<std::size_t>(seat)]; }

  const std::vector<Clue>& clues() const { return clues_; }
  const std::vector<Contradiction>& contradictions() const { return contradictions_; }
  bool contradicted() const { return !contradictions_.empty(); }

  // Every placement still possible, sorted (for policies that weigh what a move would teach).
  std::span<const World> worlds() const { return worlds_; }
  // Whether this exact placement of every seat's numbers is still possible.
  bool allows(std::span<const NumberSet> hands) const;

  // The code a world leaves face down: every number no hand holds and not face up.
  NumberSet code_of(World world) const;

  friend bool operator==(const Notebook& a, const Notebook& b) {
    return a.players_ == b.players_ && a.me_ == b.me_ && a.hand_size_ == b.hand_size_ && a.face_up_ == b.face_up_ &&
           a.worlds_ == b.worlds_ && a.clues_ == b.clues_ && a.contradictions_ == b.contradictions_;
  }

 private:
  bool apply(const Clue& clue);
  void validate(const Clue& clue) const;
  // The summary below is refreshed lazily: simulations record many clues between queries.
  void summarise() const;
  template <class Keep>
  bool filter(Keep keep);

  int players_ = 0;
  int me_ = 0;
  std::array<int, kMaxPlayers> hand_size_{};
  NumberSet face_up_;
  std::vector<World> worlds_;
  std::vector<Clue> clues_;
  std::vector<Contradiction> contradictions_;
  struct Summary {
    bool fresh = false;
    std::array<NumberSet, kMaxPlayers> union_of{};
    std::array<NumberSet, kMaxPlayers> intersection_of{};
    NumberSet code_union;
    NumberSet code_intersection;
    std::array<int, kMaxPlayers> min_skeletons{};
    std::array<int, kMaxPlayers> max_skeletons{};
    std::array<std::uint16_t, kNumberCount + 2> code_pairs{};  // bit b of entry a: pair (a, b) possible
    int code_pair_count = 0;
  };
  const Summary& summary() const {
    if (!summary_.fresh) summarise();
    return summary_;
  }
  mutable Summary summary_;
};

}  // namespace qm::pirates_code
