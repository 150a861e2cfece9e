#pragma once
// What one player learns at the table: the vocabulary of the deduction notebook. The engine
// hands every seat the clues it is entitled to (its own view); at a real table the REPL builds
// the same clues from typed events (`guess Bob 5 11 -> Cy has`, `scout Bob sees 4`, ...).
// Seats are numbered clockwise from the start player, 0 to players-1.
//
// Table events as clues, from the notebook owner's ("me") point of view (base set roles; use
// CardSet::numbers_with(role) for the "card of a role" sets):
//   guess G a b -> H has [continue -> K has]   guess_clues(players, G, a, b, H, K)
//   inquiry me->T "has q?" yes/no              answer(T, {q}, yes)
//   inquiry A->T "has q?" yes/no (heard)       answer(T, {q}, yes) and holds_one_of(A, inquiry numbers)
//   inquiry A->T "this + k?" yes/no (heard)    offset_answer(A, T, inquiry numbers, k, yes)
//   inquiry A->me showing c                    holds(A, c)
//   scout me->T sees c (or a skeleton)         holds(T, c) / holds_skeleton(T)
//   scout A->me showing c                      holds(A, c)
//   scout A->T (heard)                         holds_one_of(A, scouting numbers)
//   clairvoyance A puts c d face up            face_up(A, c), face_up(A, d); if A is me: code_seen(x)
//   rapid fire A puts c face up                face_up(A, c)
//   plunder A puts c face up, takes from V     face_up(A, c), then moved(V, A, card) if me is A or V,
//                                              else moved_unseen(V, A)
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scoring/pirates_code/card.hpp"

namespace qm::pirates_code {

enum class ClueKind : std::uint8_t {
  face_up,         // `player` put number `card` face up in front of it (public)
  holds,           // `player` holds number `card` now (it showed it to me, or I scouted it)
  holds_skeleton,  // `player` holds a skeleton now (I scouted it)
  holds_one_of,    // `player` holds at least one of `numbers` (it showed someone else a card of a role)
  answer,          // `player` answered truthfully whether it holds any of `numbers` (`has`)
  offset_answer,   // inquiry heard by a bystander: `other` showed `player` a card c of `numbers`
                   // and asked about c + `offset`; `player` answered `has`
  moved,           // card `card` (a number or kSkeleton) went from `player`'s hand to `other`'s
  moved_unseen,    // some card went from `player`'s hand to `other`'s (plunder I did not see)
  code_seen,       // number `card` is one of the two code cards (clairvoyance)
};

struct Clue {
  ClueKind kind = ClueKind::answer;
  std::int8_t player = -1;
  std::int8_t other = -1;
  std::int8_t card = 0;
  bool has = false;
  std::int16_t offset = 0;
  NumberSet numbers;

  static Clue face_up(int player, int number);
  static Clue holds(int player, int number);
  static Clue holds_skeleton(int player);
  static Clue holds_one_of(int player, NumberSet numbers);
  static Clue answer(int player, NumberSet asked, bool has);
  static Clue offset_answer(int asker, int target, NumberSet shown_may_be, int offset, bool has);
  static Clue moved(int from, int to, int card);
  static Clue moved_unseen(int from, int to);
  static Clue code_seen(int number);

  friend bool operator==(const Clue&, const Clue&) = default;
};

// One line for people; `names` gives the seats' names (seat numbers "P1".. when empty).
std::string describe(const Clue& clue, std::span<const std::string> names = {});

// The answers of a guess as a table reports them (2.2 判定, 2.3 続行): the guesser answered
// first, then clockwise; `holder` is the seat that said "have" (-1: everybody said "don't
// have", the guesser won). With a continue, `continued_holder` is the seat that said "have"
// next (-1: nobody until every seat had answered); std::nullopt when the guesser did not
// continue. Throws InputError for impossible input (same numbers, a continue without a holder).
std::vector<Clue> guess_clues(int players, int guesser, int first, int second, int holder,
                              std::optional<int> continued_holder = std::nullopt);

}  // namespace qm::pirates_code
