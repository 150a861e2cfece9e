#include "scoring/pirates_code/clue.hpp"

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/pirates_code/judgement.hpp"

namespace qm::pirates_code {

namespace {

std::int8_t seat8(int seat) { return static_cast<std::int8_t>(seat); }

std::string seat_name(int seat, std::span<const std::string> names) {
  if (seat >= 0 && static_cast<std::size_t>(seat) < names.size()) return names[static_cast<std::size_t>(seat)];
  return fmt::format("P{}", seat + 1);
}

}  // namespace

Clue Clue::face_up(int player, int number) { return {ClueKind::face_up, seat8(player), -1, seat8(number), false, 0, {}}; }
Clue Clue::holds(int player, int number) { return {ClueKind::holds, seat8(player), -1, seat8(number), false, 0, {}}; }
Clue Clue::holds_skeleton(int player) { return {ClueKind::holds_skeleton, seat8(player), -1, kSkeleton, false, 0, {}}; }
Clue Clue::holds_one_of(int player, NumberSet numbers) {
  return {ClueKind::holds_one_of, seat8(player), -1, 0, false, 0, numbers};
}
Clue Clue::answer(int player, NumberSet asked, bool has) { return {ClueKind::answer, seat8(player), -1, 0, has, 0, asked}; }
Clue Clue::offset_answer(int asker, int target, NumberSet shown_may_be, int offset, bool has) {
  return {ClueKind::offset_answer, seat8(target), seat8(asker), 0, has, static_cast<std::int16_t>(offset), shown_may_be};
}
Clue Clue::moved(int from, int to, int card) { return {ClueKind::moved, seat8(from), seat8(to), seat8(card), false, 0, {}}; }
Clue Clue::moved_unseen(int from, int to) { return {ClueKind::moved_unseen, seat8(from), seat8(to), 0, false, 0, {}}; }
Clue Clue::code_seen(int number) { return {ClueKind::code_seen, -1, -1, seat8(number), false, 0, {}}; }

std::string describe(const Clue& clue, std::span<const std::string> names) {
  const std::string player = seat_name(clue.player, names);
  const std::string other = seat_name(clue.other, names);
  switch (clue.kind) {
    case ClueKind::face_up: return player + " put " + card_name(clue.card) + " face up";
    case ClueKind::holds: return player + " holds " + card_name(clue.card);
    case ClueKind::holds_skeleton: return player + " holds a skeleton";
    case ClueKind::holds_one_of: return player + " holds one of " + to_string(clue.numbers);
    case ClueKind::answer:
      return player + (clue.has ? " has " : " has none of ") + to_string(clue.numbers) +
             (clue.has && clue.numbers.size() > 1 ? " (at least one)" : "");
    case ClueKind::offset_answer: {
      const std::string sign = clue.offset < 0 ? " - " + std::to_string(-clue.offset) : " + " + std::to_string(clue.offset);
      return other + " showed " + player + " a card of " + to_string(clue.numbers) + " and asked \"this" + sign +
             "?\": " + (clue.has ? "yes" : "no");
    }
    case ClueKind::moved: return card_name(clue.card) + " went from " + player + " to " + other;
    case ClueKind::moved_unseen: return "a card went from " + player + " to " + other;
    case ClueKind::code_seen: return card_name(clue.card) + " is a code card";
  }
  return "?";
}

std::vector<Clue> guess_clues(int players, int guesser, int first, int second, int holder,
                              std::optional<int> continued_holder) {
  if (players < kMinPlayers || players > kMaxPlayers) throw InputError("a table has 3 or 4 players");
  if (guesser < 0 || guesser >= players) throw InputError("no such guesser");
  if (!NumberSet::valid(first) || !NumberSet::valid(second) || first == second)
    throw InputError("a guess names two different numbers 1-14");
  if (holder < -1 || holder >= players) throw InputError("no such player answered \"have\"");
  if (continued_holder && holder < 0) throw InputError("a continue follows a \"have\"; nobody said it");
  const NumberSet declared = NumberSet::of({first, second});
  const auto position_of = [&](int seat) { return (seat - guesser + players) % players; };
  std::vector<Clue> clues;
  const int stop = holder < 0 ? players - 1 : position_of(holder);
  for (int position = 0; position <= stop; ++position)
    clues.push_back(Clue::answer(judge_seat(players, guesser, position), declared, position == stop && holder >= 0));
  if (!continued_holder) return clues;
  const int resume = stop + 1;
  if (resume >= players) throw InputError("nobody is left to ask after the last player's \"have\"");
  int end = players - 1;
  if (*continued_holder >= 0) {
    end = position_of(*continued_holder);
    if (*continued_holder >= players || end < resume)
      throw InputError("the continued judgement goes on clockwise after the first \"have\"");
  }
  for (int position = resume; position <= end; ++position)
    clues.push_back(Clue::answer(judge_seat(players, guesser, position), declared,
                                 position == end && *continued_holder >= 0));
  return clues;
}

}  // namespace qm::pirates_code
