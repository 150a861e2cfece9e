#include "scoring/pirates_code/notebook.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
#include <iterator>
#include <memory>
#include <numeric>
#include <type_traits>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::pirates_code {

namespace {

// When the rules would take more than kCheapCount steps to count, and more than
// kCountStepsPerWorld per world, the notebook lists the worlds instead (a census pass over a
// list takes a handful of steps per world, and the list only shrinks).
constexpr long kCheapCount = 20000;
constexpr double kCountStepsPerWorld = 8;

constexpr World seat_bits(int seat, NumberSet numbers) { return static_cast<World>(numbers.mask()) << (16 * seat); }

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

// The code a world leaves face down: every number no hand holds and not face up. Seats beyond
// the table's hold nothing, so all four are read.
NumberSet code_in(World world, NumberSet face_up) {
  const auto held = static_cast<std::uint16_t>(world | world >> 16 | world >> 32 | world >> 48);
  return NumberSet::all().without(face_up | NumberSet::from_mask(held));
}

}  // namespace

Notebook::Notebook(int players, int me, NumberSet my_numbers, Keeping keeping) : players_(players), me_(me) {
  if (players < kMinPlayers || players > kMaxPlayers) throw InputError("Pirate's Code is played by 3 or 4 players");
  if (me < 0 || me >= players) throw InputError("the notebook's owner must be one of the players");
  if (my_numbers.size() != dealt_numbers(players))
    throw InputError("with " + counted(players, "player") + " a hand is dealt " +
                     counted(dealt_numbers(players), "number card") + ", not " +
                     std::to_string(my_numbers.size()) + " (" + to_string(my_numbers) + ")");
  for (int seat = 0; seat < players; ++seat) board_.hand_size[static_cast<std::size_t>(seat)] = kHandSize;
  if (keeping == Keeping::as_rules_first) {
    places_.emplace(players, me, my_numbers);
    worlds_listed_ = false;
    [[maybe_unused]] const bool found = places_->find_world(witness_);
    assert(found);
    return;
  }
  // 10!/(4!4!2!) = 3150 placements with three players, 11!/(3!3!3!2!) = 92400 with four.
  worlds_.reserve(players == kMinPlayers ? 3150 : 92400);
  deal_worlds(players - 1, me, dealt_numbers(players), NumberSet::all().without(my_numbers).mask(),
              seat_bits(me, my_numbers), worlds_);
  // Debug builds check what deal_worlds promises: sorted and distinct.
  assert(std::adjacent_find(worlds_.begin(), worlds_.end(), std::greater_equal<World>()) == worlds_.end());
}

NumberSet Notebook::code_of(World world) const { return code_in(world, board_.face_up); }

std::span<const Clue> Notebook::line(int index) const {
  if (index < 0 || index >= line_count()) throw InputError("no such line in the notebook");
  const std::size_t end = line_ends_[static_cast<std::size_t>(index)];
  const std::size_t begin = index == 0 ? 0 : line_ends_[static_cast<std::size_t>(index) - 1];
  return std::span<const Clue>(clues_).subspan(begin, end - begin);
}

std::span<const World> Notebook::worlds() const {
  if (!worlds_listed_) {
    places_->list(worlds_);
    worlds_listed_ = true;
  }
  return worlds_;
}

std::optional<World> Notebook::first_world_with(CodePair code) const {
  const NumberSet wanted = NumberSet::of({code.low, code.high});
  if (places_) {
    // The rules' worlds with both numbers in the code come in the list's order: the first found
    // is the first.
    Places with_code = *places_;
    World first = 0;
    if (with_code.apply(Clue::code_seen(code.low)) != Places::Outcome::narrowed ||
        with_code.apply(Clue::code_seen(code.high)) != Places::Outcome::narrowed || !with_code.find_world(first))
      return std::nullopt;
    return first;
  }
  const auto found = std::find_if(worlds_.begin(), worlds_.end(), [&](World w) { return code_of(w) == wanted; });
  if (found == worlds_.end()) return std::nullopt;
  return *found;
}

bool Notebook::allows(std::span<const NumberSet> hands) const {
  World world = 0;
  for (std::size_t seat = 0; seat < hands.size() && seat < kMaxPlayers; ++seat)
    world |= seat_bits(static_cast<int>(seat), hands[seat]);
  if (places_) return places_->allows(world);
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

bool Notebook::record(std::span<const Clue> line) {
  for (const Clue& clue : line) validate(clue);
  clues_.insert(clues_.end(), line.begin(), line.end());
  line_ends_.push_back(clues_.size());
  std::optional<std::size_t> broken_in_places;
  if (places_) {
    broken_in_places = record_in_places(line);
    if (!broken_in_places) list_worlds();
  }
  const std::size_t broken = broken_in_places ? *broken_in_places : first_impossible(line);
  if (broken < line.size()) {
    contradictions_.push_back({line_count() - 1, static_cast<int>(broken),
                               fmt::format("\"{}\" cannot be true together with the earlier clues{}",
                                           describe(line[broken]),
                                           line.size() > 1 ? ": the whole line is left out" : "")});
    return false;
  }
  if (!broken_in_places)
    for (const Clue& clue : line) apply(clue);
  census_fresh_ = false;
  summary_.fresh = false;
  if (places_) {
    worlds_listed_ = false;
    // Rules split into many kinds of numbers count slowly; by then the worlds are usually few.
    const long cost = places_->count_cost();
    if (cost > kCheapCount && static_cast<double>(places_->world_count()) * kCountStepsPerWorld < static_cast<double>(cost))
      list_worlds();
  }
  return true;
}

std::optional<std::size_t> Notebook::record_in_places(std::span<const Clue> line) {
  if (!std::all_of(line.begin(), line.end(), [](const Clue& clue) { return Places::keeps_form(clue.kind); }))
    return std::nullopt;
  Places places = *places_;
  Board board = board_;
  World witness = witness_;
  for (std::size_t i = 0; i < line.size(); ++i) {
    // A world known to be possible shows most clues possible without a search.
    bool witness_holds = false;
    with_rule(line[i], board, [&](const auto& allows, const auto& next) {
      witness_holds = allows(witness);
      if constexpr (!std::is_same_v<std::decay_t<decltype(next)>, Unchanged>)
        if (witness_holds) witness = next(witness);
    });
    const Places::Outcome outcome = places.apply(line[i]);
    if (outcome == Places::Outcome::too_many) return std::nullopt;
    if (outcome == Places::Outcome::impossible) return i;
    board = after(board, line[i]);
    if (!witness_holds && !places.find_world(witness)) return i;
    assert(places.allows(witness));
  }
  places_ = places;
  board_ = board;
  witness_ = witness;
  return line.size();
}

void Notebook::list_worlds() {
  worlds();
  places_.reset();
}

Notebook::Board Notebook::after(Board board, const Clue& clue) {
  const auto from = static_cast<std::size_t>(clue.player < 0 ? 0 : clue.player);
  switch (clue.kind) {
    case ClueKind::face_up:
      board.face_up.insert(clue.card);
      --board.hand_size[from];
      break;
    case ClueKind::moved:
    case ClueKind::moved_unseen:
      --board.hand_size[from];
      ++board.hand_size[static_cast<std::size_t>(clue.other)];
      break;
    default: break;
  }
  return board;
}

template <class Body>
void Notebook::with_rule(const Clue& clue, const Board& board, Body&& body) {
  const int player = clue.player;
  const int held_at = 16 * player + clue.card;  // the bit of `card` in `player`'s hand
  const int cards_held = board.hand_size[static_cast<std::size_t>(player < 0 ? 0 : player)];
  const auto has_skeleton = [player, cards_held](World w) { return cards_held > world_hand(w, player).size(); };
  const auto holds_card = [held_at](World w) { return ((w >> held_at) & 1U) != 0; };
  switch (clue.kind) {
    case ClueKind::face_up:
      // Every world left holds the card at the same place, so clearing it keeps them sorted.
      return body(holds_card, [held_at](World w) { return w & ~(World{1} << held_at); });
    case ClueKind::holds: return body(holds_card, Unchanged{});
    case ClueKind::holds_skeleton: return body(has_skeleton, Unchanged{});
    case ClueKind::holds_one_of:
      return body([player, numbers = clue.numbers](World w) { return !(world_hand(w, player) & numbers).empty(); },
                  Unchanged{});
    case ClueKind::answer:
      return body([player, numbers = clue.numbers, has = clue.has](
                      World w) { return (world_hand(w, player) & numbers).empty() != has; },
                  Unchanged{});
    case ClueKind::offset_answer:
      return body(
          [player, other = clue.other, numbers = clue.numbers, offset = clue.offset, has = clue.has](World w) {
            const NumberSet target = world_hand(w, player);
            const std::uint16_t shown = (world_hand(w, other) & numbers).mask();
            for (std::uint16_t bits = shown; bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
              if (target.contains(std::countr_zero(bits) + offset) == has) return true;
            return false;
          },
          Unchanged{});
    case ClueKind::moved:
      if (clue.card == kSkeleton) return body(has_skeleton, Unchanged{});
      // As for face_up: the card moves from the same place in every world left.
      return body(holds_card, [player, other = clue.other, card = clue.card](World w) {
        return move_number(w, player, other, card);
      });
    case ClueKind::moved_unseen:
      return body([cards_held](World) { return cards_held > 0; }, Unchanged{});
    case ClueKind::code_seen:
      return body([face_up = board.face_up, card = clue.card](World w) { return code_in(w, face_up).contains(card); },
                  Unchanged{});
  }
}

template <class Visit>
void Notebook::branch_unseen(World w, const Clue& clue, const Board& board, Visit&& visit) {
  const NumberSet hand = world_hand(w, clue.player);
  for (std::uint16_t bits = hand.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
    visit(move_number(w, clue.player, clue.other, std::countr_zero(bits)));
  if (board.hand_size[static_cast<std::size_t>(clue.player)] > hand.size()) visit(w);  // a skeleton moved
}

std::size_t Notebook::first_impossible(std::span<const Clue> line) const {
  if (line.empty()) return 0;
  if (line.size() == 1) {
    // The common case (and every clue of a simulation): does some world allow the clue?
    bool allowed = false;
    with_rule(line[0], board_, [&](const auto& allows, const auto&) {
      allowed = std::any_of(worlds_.begin(), worlds_.end(), allows);
    });
    return allowed ? 1 : 0;
  }
  std::vector<Board> boards(line.size());  // the board before each clue
  boards[0] = board_;
  for (std::size_t i = 1; i < line.size(); ++i) boards[i] = after(boards[i - 1], line[i - 1]);
  // How far into the line a world gets, following every way an unseen card could have moved.
  std::size_t deepest = 0;
  const auto follow = [&](const auto& self, World w, std::size_t i) -> void {
    deepest = std::max(deepest, i);
    if (i == line.size() || deepest == line.size()) return;
    if (line[i].kind == ClueKind::moved_unseen) {
      branch_unseen(w, line[i], boards[i], [&](World next) { self(self, next, i + 1); });
      return;
    }
    with_rule(line[i], boards[i], [&](const auto& allows, const auto& next) {
      if (!allows(w)) return;
      if constexpr (std::is_same_v<std::decay_t<decltype(next)>, Unchanged>)
        self(self, w, i + 1);
      else
        self(self, next(w), i + 1);
    });
  };
  for (const World w : worlds_) {
    follow(follow, w, 0);
    if (deepest == line.size()) break;
  }
  return deepest;
}

void Notebook::apply(const Clue& clue) {
  if (clue.kind == ClueKind::moved_unseen) {
    // The worlds where the giver held card c, each with c moved, stay in the list's order (the
    // same bit moves in all of them), and so do those where a skeleton moved (unchanged): merging
    // these runs sorts the list far quicker than sorting it.
    const int cards_held = hand_size(clue.player);
    std::array<std::size_t, kHighestNumber + 2> run_end{};  // run_end[c + 1]: where card c's run ends
    for (const World w : worlds_) {
      const NumberSet hand = world_hand(w, clue.player);
      for (std::uint16_t bits = hand.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
        ++run_end[static_cast<std::size_t>(std::countr_zero(bits)) + 1];
      if (cards_held > hand.size()) ++run_end[kSkeleton + 1];
    }
    std::partial_sum(run_end.begin(), run_end.end(), run_end.begin());
    const std::size_t total = run_end.back();
    auto runs = std::make_unique_for_overwrite<World[]>(total);
    auto merged = std::make_unique_for_overwrite<World[]>(total);
    std::array<std::size_t, kHighestNumber + 2> filled = run_end;  // filled[c]: the next place in card c's run
    for (const World w : worlds_) {
      const NumberSet hand = world_hand(w, clue.player);
      for (std::uint16_t bits = hand.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1)) {
        const int card = std::countr_zero(bits);
        runs[filled[static_cast<std::size_t>(card)]++] = move_number(w, clue.player, clue.other, card);
      }
      if (cards_held > hand.size()) runs[filled[kSkeleton]++] = w;
    }
    // Neighbouring runs merge in pairs until one is left.
    std::vector<std::size_t> bounds(run_end.begin(), run_end.end());
    bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
    while (bounds.size() > 2) {
      std::vector<std::size_t> joined{0};
      for (std::size_t i = 0; i + 1 < bounds.size(); i += 2) {
        const std::size_t end = i + 2 < bounds.size() ? bounds[i + 2] : bounds[i + 1];
        std::merge(&runs[bounds[i]], &runs[bounds[i + 1]], &runs[bounds[i + 1]], &runs[end], &merged[bounds[i]]);
        joined.push_back(end);
      }
      std::swap(runs, merged);
      bounds = std::move(joined);
    }
    // Two worlds can become one: the giver's cards c and d, the taker getting either.
    worlds_.clear();
    worlds_.reserve(total);
    std::unique_copy(&runs[0], &runs[0] + total, std::back_inserter(worlds_));
  } else {
    with_rule(clue, board_, [&](const auto& allows, const auto& next) {
      std::erase_if(worlds_, [&](World w) { return !allows(w); });
      if constexpr (!std::is_same_v<std::decay_t<decltype(next)>, Unchanged>)
        for (World& w : worlds_) w = next(w);
    });
  }
  board_ = after(board_, clue);
}

const Census& Notebook::census() const {
  if (!census_fresh_) count_worlds();
  return census_;
}

void Notebook::count_worlds() const {
  Census& census = census_;
  census.clear();
  census_fresh_ = true;
  if (places_) {
    places_->count(census);
    return;
  }
  for (const World w : worlds_) {
    const NumberSet code = code_of(w);
    const int low = code.first();
    const std::size_t k = pair_index(low, code.without(NumberSet::of({low})).first());
    if (census.pair_worlds[k] == 0) {
      census.pairs.push_back(static_cast<std::uint8_t>(k));
      census.all_hand[k].fill(NumberSet::all());
    }
    ++census.pair_worlds[k];
    ++census.worlds;
    for (int seat = 0; seat < players_; ++seat) {
      const std::size_t s = static_cast<std::size_t>(seat);
      const NumberSet hand = world_hand(w, seat);
      census.any_hand[k][s] = census.any_hand[k][s] | hand;
      census.all_hand[k][s] = census.all_hand[k][s] & hand;
      // The numbers are counted on the way: a popcount is a library call on this build's target.
      int numbers = 0;
      for (std::uint16_t bits = hand.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1), ++numbers)
        ++census.holds[s][static_cast<std::size_t>(std::countr_zero(bits))];
      const int skeletons = board_.hand_size[s] - numbers;
      if (skeletons > 0) census.any_skeleton[k][s] = true;
      census.skeletons[s] += static_cast<std::uint64_t>(skeletons);
      census.min_skeletons[s] = std::min(census.min_skeletons[s], skeletons);
      census.max_skeletons[s] = std::max(census.max_skeletons[s], skeletons);
    }
  }
  std::sort(census.pairs.begin(), census.pairs.end());
}

void Notebook::summarise() const {
  const Census& counted = census();
  Summary& sum = summary_;
  sum.union_of.fill(NumberSet());
  sum.intersection_of.fill(NumberSet::all());
  sum.code_union = NumberSet();
  sum.code_intersection = NumberSet::all();
  sum.min_skeletons = counted.min_skeletons;
  sum.max_skeletons = counted.max_skeletons;
  sum.code_pairs.fill(0);
  for (const std::size_t k : counted.pairs) {
    const int low = static_cast<int>(k / 16);
    const int high = static_cast<int>(k % 16);
    for (int seat = 0; seat < players_; ++seat) {
      const std::size_t s = static_cast<std::size_t>(seat);
      sum.union_of[s] = sum.union_of[s] | counted.any_hand[k][s];
      sum.intersection_of[s] = sum.intersection_of[s] & counted.all_hand[k][s];
    }
    const NumberSet code = NumberSet::of({low, high});
    sum.code_union = sum.code_union | code;
    sum.code_intersection = sum.code_intersection & code;
    sum.code_pairs[static_cast<std::size_t>(low)] =
        static_cast<std::uint16_t>(sum.code_pairs[static_cast<std::size_t>(low)] | (1U << high));
  }
  sum.code_pair_count = static_cast<int>(counted.pairs.size());
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
