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
// Clues are recorded a line at a time: the clues of one event at the table (a guess and all its
// answers, a clairvoyance's two cards and the code card seen, ...). A line enters the deductions
// whole or not at all. Answers are truthful by the rules, so a line that no remaining world allows
// as a whole was mistyped as a whole: applying the part of it that still fits would turn the
// mistake into false certainties (and flag true lines later). Such a line is listed in
// contradictions() and the notebook carries on from the earlier lines.
//
// Hand sizes are public and tracked by the notebook; skeletons (four players) are what a hand
// holds beyond its number cards.
//
// How the worlds are kept does not change any answer. A fresh four-player notebook has 92,400
// worlds, so while every clue concerns one hand or the code at a time the notebook keeps them as
// rules (places.hpp) and counts over the rules; the first clue that ties two hands together (a
// bystander's inquiry, an unseen plunder), or a state the rules would count more slowly than a
// list, turns them into the list of worlds, filtered by each clue from then on.
// Keeping::listed keeps the list from the deal on: the plain search, which tests hold the other
// against.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scoring/pirates_code/card.hpp"
#include "scoring/pirates_code/clue.hpp"
#include "scoring/pirates_code/places.hpp"

namespace qm::pirates_code {

// Must / may / cannot hold.
enum class Holding : std::uint8_t { cannot, may, must };

struct CodePair {
  int low = 0;
  int high = 0;
  friend constexpr auto operator<=>(const CodePair&, const CodePair&) = default;
};

struct Contradiction {
  int line = 0;  // position among the lines recorded (line(index)); the whole line was left out
  int clue = 0;  // position in that line of the first clue that could not be true after the ones before it
  std::string reason;
  friend bool operator==(const Contradiction&, const Contradiction&) = default;
};

// How a notebook keeps its worlds (see above); the answers are the same.
enum class Keeping : std::uint8_t { as_rules_first, listed };

class Notebook {
 public:
  // The notebook of seat `me` at a table of `players` (3 or 4) right after the deal, holding
  // `my_numbers`: four numbers with three players, three (and a skeleton) with four.
  // Throws InputError for a wrong count.
  Notebook(int players, int me, NumberSet my_numbers, Keeping keeping = Keeping::as_rules_first);

  // Records one line: its clues, in the order they happened. Returns false (and lists a
  // contradiction, leaving the deductions as they were) when no possible placement of the cards
  // agrees with the whole line. Throws InputError for a malformed clue (unknown seat, a card
  // moving to its own holder, ...); then nothing is recorded.
  bool record(std::span<const Clue> line);
  // A line of one clue.
  bool record(const Clue& clue) { return record(std::span<const Clue>(&clue, 1)); }

  int players() const { return players_; }
  int me() const { return me_; }
  int hand_size(int seat) const { return board_.hand_size[static_cast<std::size_t>(seat)]; }
  NumberSet my_numbers() const { return summary().union_of[static_cast<std::size_t>(me_)]; }
  NumberSet face_up() const { return board_.face_up; }

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

  // Every clue recorded, the lines left out included, and the lines they form.
  const std::vector<Clue>& clues() const { return clues_; }
  int line_count() const { return static_cast<int>(line_ends_.size()); }
  std::span<const Clue> line(int index) const;
  const std::vector<Contradiction>& contradictions() const { return contradictions_; }
  bool contradicted() const { return !contradictions_.empty(); }

  // How the worlds still possible split, counted (for policies that weigh what a move would teach).
  const Census& census() const;
  // Every world still possible, sorted. While the worlds are kept as rules this lists them: a
  // pass over every world, for the rare question a census does not answer.
  std::span<const World> worlds() const;
  // Whether this exact placement of every seat's numbers is still possible.
  bool allows(std::span<const NumberSet> hands) const;
  // The first world, in the order of worlds(), whose code is `code` (a search, not a listing,
  // while the worlds are kept as rules); nullopt when no world has that code.
  std::optional<World> first_world_with(CodePair code) const;
  // Whether the worlds are still kept as rules (see above).
  bool kept_as_rules() const { return places_.has_value(); }

  // The code a world leaves face down: every number no hand holds and not face up.
  NumberSet code_of(World world) const;

  friend bool operator==(const Notebook& a, const Notebook& b) {
    return a.players_ == b.players_ && a.me_ == b.me_ && a.board_ == b.board_ && a.clues_ == b.clues_ &&
           a.line_ends_ == b.line_ends_ && a.contradictions_ == b.contradictions_ &&
           std::ranges::equal(a.worlds(), b.worlds());
  }

 private:
  // What lies open on the table, as far as the worlds depend on it: it changes as the clues of a
  // line apply one after the other (cards put face up, cards moving between hands).
  struct Board {
    std::array<int, kMaxPlayers> hand_size{};
    NumberSet face_up;
    friend bool operator==(const Board&, const Board&) = default;
  };
  static Board after(Board board, const Clue& clue);
  // What `clue` does to the worlds, on `board` (the board before the clue): calls
  // body(allows, next) once, where allows(world) says whether the clue can be true in a world and
  // next(world) is what an allowed world becomes (a card put face up or moving leaves its
  // holder), or Unchanged. The clue's kind is looked at once, outside the loops over the worlds.
  // A card moving unseen makes several worlds of one: `next` is then left to branch_unseen.
  struct Unchanged {};
  template <class Body>
  static void with_rule(const Clue& clue, const Board& board, Body&& body);
  // Calls visit(next) for every world a card moving unseen (moved_unseen) makes of `world`.
  template <class Visit>
  static void branch_unseen(World world, const Clue& clue, const Board& board, Visit&& visit);
  // The first clue of the line that no world allows after the ones before it; line.size() when
  // some world allows them all.
  std::size_t first_impossible(std::span<const Clue> line) const;
  // Applies a clue some world allows.
  void apply(const Clue& clue);
  // Records a line while the worlds are kept as rules: the first clue no world allows after the
  // ones before it, line.size() when the line was applied; nullopt when the rules cannot take
  // the line (the worlds must be listed first).
  std::optional<std::size_t> record_in_places(std::span<const Clue> line);
  // From rules to the list of worlds, for good.
  void list_worlds();
  void validate(const Clue& clue) const;
  // The census and the summary below are refreshed lazily: simulations record many clues
  // between queries.
  void count_worlds() const;
  void summarise() const;

  int players_ = 0;
  int me_ = 0;
  Board board_;
  // While engaged, the worlds are the placements these rules allow, witness_ is one of them and
  // worlds_ lists them only once someone asked (worlds_listed_); otherwise worlds_ is the worlds.
  std::optional<Places> places_;
  World witness_ = 0;
  mutable std::vector<World> worlds_;
  mutable bool worlds_listed_ = true;
  mutable Census census_;
  mutable bool census_fresh_ = false;
  std::vector<Clue> clues_;
  std::vector<std::size_t> line_ends_;  // line i is clues_[line_ends_[i-1] .. line_ends_[i])
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
