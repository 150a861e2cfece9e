#include "scoring/pirates_code/notebook.hpp"

#include <algorithm>
#include <cassert>
#include <functional>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::pirates_code {

namespace {

constexpr World seat_bits(int seat, NumberSet numbers) { return static_cast<World>(numbers.mask()) << (16 * seat); }

// Hands at the deal (カードの配付): four number cards each with three players; three number
// cards and a skeleton with four.
constexpr int dealt_numbers(int players) { return players == kMinPlayers ? kHandSize : kHandSize - 1; }

// The subset of `from` picked by the bits of `index_mask` (bit i: the i-th smallest number).
// Increasing index masks give increasing number masks.
std::uint16_t spread(std::uint32_t index_mask, std::uint16_t from) {
  std::uint16_t out = 0;
  for (std::uint16_t bits = from; bits != 0 && index_mask != 0; bits &= static_cast<std::uint16_t>(bits - 1), index_mask >>= 1)
    if (index_mask & 1U) out = static_cast<std::uint16_t>(out | (bits & -bits));
  return out;
}

// Every way to deal `left` to the seats below `seat` (room cards each, none to `me`), the code
// taking the rest. Seats are filled from the highest, each through its subsets in increasing
// order, so the worlds come out sorted.
void deal_worlds(int seat, int me, int room, std::uint16_t left, World world, std::vector<World>& out) {
  if (seat < 0) {
    out.push_back(world);
    return;
  }
  if (seat == me) {
    deal_worlds(seat - 1, me, room, left, world, out);
    return;
  }
  const int n = std::popcount(left);
  for (std::uint32_t pick = (1U << room) - 1; pick < (1U << n);) {
    const std::uint16_t hand = spread(pick, left);
    deal_worlds(seat - 1, me, room, static_cast<std::uint16_t>(left & ~hand),
                world | (static_cast<World>(hand) << (16 * seat)), out);
    // Gosper's hack: the next index mask with the same number of bits.
    const std::uint32_t lowest = pick & -pick;
    const std::uint32_t ripple = pick + lowest;
    pick = (((ripple ^ pick) >> 2) / lowest) | ripple;
  }
}

World move_number(World world, int from, int to, int number) {
  const World bit = World{1} << number;
  return (world & ~(bit << (16 * from))) | (bit << (16 * to));
}

}  // namespace

Notebook::Notebook(int players, int me, NumberSet my_numbers) : players_(players), me_(me) {
  if (players < kMinPlayers || players > kMaxPlayers) throw InputError("Pirate's Code is played by 3 or 4 players");
  if (me < 0 || me >= players) throw InputError("the notebook's owner must be one of the players");
  if (my_numbers.size() != dealt_numbers(players))
    throw InputError("with " + counted(players, "player") + " a hand is dealt " +
                     counted(dealt_numbers(players), "number card") + ", not " +
                     std::to_string(my_numbers.size()) + " (" + to_string(my_numbers) + ")");
  for (int seat = 0; seat < players; ++seat) hand_size_[static_cast<std::size_t>(seat)] = kHandSize;
  // 10!/(4!4!2!) = 3150 placements with three players, 11!/(3!3!3!2!) = 92400 with four.
  worlds_.reserve(players == kMinPlayers ? 3150 : 92400);
  deal_worlds(players - 1, me, dealt_numbers(players), NumberSet::all().without(my_numbers).mask(),
              seat_bits(me, my_numbers), worlds_);
  // Debug builds check what deal_worlds promises: sorted and distinct.
  assert(std::adjacent_find(worlds_.begin(), worlds_.end(), std::greater_equal<World>()) == worlds_.end());
}

NumberSet Notebook::code_of(World world) const {
  NumberSet held = face_up_;
  for (int seat = 0; seat < players_; ++seat) held = held | world_hand(world, seat);
  return NumberSet::all().without(held);
}

bool Notebook::allows(std::span<const NumberSet> hands) const {
  World world = 0;
  for (std::size_t seat = 0; seat < hands.size() && seat < kMaxPlayers; ++seat)
    world |= seat_bits(static_cast<int>(seat), hands[seat]);
  return std::binary_search(worlds_.begin(), worlds_.end(), world);
}

void Notebook::validate(const Clue& clue) const {
  const auto seat_ok = [&](int seat) { return seat >= 0 && seat < players_; };
  switch (clue.kind) {
    case ClueKind::face_up:
    case ClueKind::holds:
      if (!seat_ok(clue.player)) throw InputError("no such player in the clue");
      if (!NumberSet::valid(clue.card)) throw InputError("a number card is 1-14, not " + std::to_string(clue.card));
      return;
    case ClueKind::holds_skeleton:
    case ClueKind::holds_one_of:
    case ClueKind::answer:
      if (!seat_ok(clue.player)) throw InputError("no such player in the clue");
      return;
    case ClueKind::offset_answer:
      if (!seat_ok(clue.player) || !seat_ok(clue.other)) throw InputError("no such player in the clue");
      if (clue.player == clue.other) throw InputError("an inquiry is shown to another player");
      return;
    case ClueKind::moved:
    case ClueKind::moved_unseen:
      if (!seat_ok(clue.player) || !seat_ok(clue.other)) throw InputError("no such player in the clue");
      if (clue.player == clue.other) throw InputError("a card moves between two different players");
      if (clue.kind == ClueKind::moved && clue.card != kSkeleton && !NumberSet::valid(clue.card))
        throw InputError("a moved card is a number 1-14 or a skeleton");
      if (clue.kind == ClueKind::moved_unseen && (clue.player == me_ || clue.other == me_))
        throw InputError("a card taken from or by the notebook's owner is seen: record which one");
      return;
    case ClueKind::code_seen:
      if (!NumberSet::valid(clue.card)) throw InputError("a code card is a number 1-14");
      return;
  }
}

bool Notebook::record(const Clue& clue) {
  validate(clue);
  clues_.push_back(clue);
  if (apply(clue)) {
    summary_.fresh = false;
    return true;
  }
  contradictions_.push_back({static_cast<int>(clues_.size()) - 1,
                             fmt::format("\"{}\" cannot be true together with the earlier clues", describe(clue))});
  return false;
}

template <class Keep>
bool Notebook::filter(Keep keep) {
  // Count first, so that a contradicting clue leaves the worlds as they were.
  if (std::none_of(worlds_.begin(), worlds_.end(), keep)) return false;
  worlds_.erase(std::remove_if(worlds_.begin(), worlds_.end(), [&](World w) { return !keep(w); }), worlds_.end());
  return true;
}

bool Notebook::apply(const Clue& clue) {
  const int player = clue.player;
  const std::size_t p = static_cast<std::size_t>(player < 0 ? 0 : player);
  const auto skeletons = [&](World w, int seat) {
    return hand_size_[static_cast<std::size_t>(seat)] - world_hand(w, seat).size();
  };
  switch (clue.kind) {
    case ClueKind::face_up: {
      const NumberSet card = NumberSet::of({clue.card});
      if (!filter([&](World w) { return world_hand(w, player).contains(clue.card); })) return false;
      for (World& w : worlds_) w &= ~seat_bits(player, card);
      // Removing the same bit from every world keeps them sorted and distinct.
      face_up_ = face_up_ | card;
      --hand_size_[p];
      return true;
    }
    case ClueKind::holds:
      return filter([&](World w) { return world_hand(w, player).contains(clue.card); });
    case ClueKind::holds_skeleton:
      return filter([&](World w) { return skeletons(w, player) > 0; });
    case ClueKind::holds_one_of:
      return filter([&](World w) { return !(world_hand(w, player) & clue.numbers).empty(); });
    case ClueKind::answer:
      return filter([&](World w) { return (world_hand(w, player) & clue.numbers).empty() != clue.has; });
    case ClueKind::offset_answer:
      return filter([&](World w) {
        const NumberSet target = world_hand(w, player);
        const std::uint16_t shown = (world_hand(w, clue.other) & clue.numbers).mask();
        for (std::uint16_t bits = shown; bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
          if (target.contains(std::countr_zero(bits) + clue.offset) == clue.has) return true;
        return false;
      });
    case ClueKind::moved: {
      const int to = clue.other;
      if (clue.card == kSkeleton) {
        if (!filter([&](World w) { return skeletons(w, player) > 0; })) return false;
      } else {
        if (!filter([&](World w) { return world_hand(w, player).contains(clue.card); })) return false;
        // Every world holds the card at the same place, so moving it keeps them sorted.
        for (World& w : worlds_) w = move_number(w, player, to, clue.card);
      }
      --hand_size_[p];
      ++hand_size_[static_cast<std::size_t>(to)];
      return true;
    }
    case ClueKind::moved_unseen: {
      if (hand_size_[p] == 0) return false;
      const int to = clue.other;
      std::vector<World> next;
      next.reserve(worlds_.size() * static_cast<std::size_t>(hand_size_[p]));
      for (World w : worlds_) {
        for (std::uint16_t bits = world_hand(w, player).mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
          next.push_back(move_number(w, player, to, std::countr_zero(bits)));
        if (skeletons(w, player) > 0) next.push_back(w);
      }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      worlds_ = std::move(next);
      --hand_size_[p];
      ++hand_size_[static_cast<std::size_t>(to)];
      return true;
    }
    case ClueKind::code_seen:
      return filter([&](World w) { return code_of(w).contains(clue.card); });
  }
  return false;
}

void Notebook::summarise() const {
  Summary& sum = summary_;
  sum.union_of.fill(NumberSet());
  sum.intersection_of.fill(NumberSet::all());
  sum.code_union = NumberSet();
  sum.code_intersection = NumberSet::all();
  sum.min_skeletons.fill(kMaxPlayers);
  sum.max_skeletons.fill(0);
  sum.code_pairs.fill(0);
  for (World w : worlds_) {
    for (int seat = 0; seat < players_; ++seat) {
      const std::size_t s = static_cast<std::size_t>(seat);
      const NumberSet hand = world_hand(w, seat);
      sum.union_of[s] = sum.union_of[s] | hand;
      sum.intersection_of[s] = sum.intersection_of[s] & hand;
      const int skeletons = hand_size_[s] - hand.size();
      sum.min_skeletons[s] = std::min(sum.min_skeletons[s], skeletons);
      sum.max_skeletons[s] = std::max(sum.max_skeletons[s], skeletons);
    }
    const NumberSet code = code_of(w);
    sum.code_union = sum.code_union | code;
    sum.code_intersection = sum.code_intersection & code;
    const int low = code.first();
    const int high = code.without(NumberSet::of({low})).first();
    sum.code_pairs[static_cast<std::size_t>(low)] =
        static_cast<std::uint16_t>(sum.code_pairs[static_cast<std::size_t>(low)] | (1U << high));
  }
  sum.code_pair_count = 0;
  for (std::uint16_t row : sum.code_pairs) sum.code_pair_count += std::popcount(row);
  sum.fresh = true;
}

std::vector<CodePair> Notebook::possible_codes() const {
  std::vector<CodePair> codes;
  for (int low = kLowestNumber; low <= kHighestNumber; ++low)
    for (int high = low + 1; high <= kHighestNumber; ++high)
      if ((summary().code_pairs[static_cast<std::size_t>(low)] >> high) & 1U) codes.push_back({low, high});
  return codes;
}

std::optional<CodePair> Notebook::certain_code() const {
  if (code_pair_count() != 1) return std::nullopt;
  return possible_codes().front();
}

Holding Notebook::holding(int seat, int number) const {
  if (seat < 0 || seat >= players_) throw InputError("no such player");
  const std::size_t s = static_cast<std::size_t>(seat);
  if (summary().intersection_of[s].contains(number)) return Holding::must;
  return summary().union_of[s].contains(number) ? Holding::may : Holding::cannot;
}

Holding Notebook::code_holding(int number) const {
  if (summary().code_intersection.contains(number)) return Holding::must;
  return summary().code_union.contains(number) ? Holding::may : Holding::cannot;
}

}  // namespace qm::pirates_code
