#include "scoring/pirates_code/places.hpp"

#include <algorithm>
#include <numeric>
#include <span>

namespace qm::pirates_code {

namespace {

constexpr std::uint8_t bit_of(int place) { return static_cast<std::uint8_t>(1U << place); }

// Gosper's hack: the next index mask with as many bits (dividing by the lowest bit as a shift).
std::uint32_t next_pick(std::uint32_t pick) {
  const std::uint32_t ripple = pick + (pick & -pick);
  return (((ripple ^ pick) >> 2) >> std::countr_zero(pick)) | ripple;
}

constexpr std::uint64_t factorial(int n) { return n <= 1 ? 1 : static_cast<std::uint64_t>(n) * factorial(n - 1); }

// Numbers the rules cannot tell apart: the same places, the same "at least one of" rules.
struct Group {
  NumberSet numbers;
  int size = 0;
  std::uint8_t places = 0;  // place bits
  std::uint8_t rules = 0;   // rule bits: the rules whose numbers include the group's
};

constexpr int kPlaceCount = kMaxPlayers + 1;

// Counts the ways to put groups of interchangeable numbers into places, every place filled to
// its room and every rule kept (a rule: a number of its own lies at its seat): a dynamic
// programme over the groups, whose state is how many numbers each place has taken so far and
// which rules are kept. Forward and backward tables give, for each group and place, the ways
// with one given number of the group at the place. One Tabulation serves many counts in a row
// and keeps its tables' memory between them.
//
// The state leaves out the count of the roomiest place: it is what the groups before have
// placed minus the others' counts.
class Tabulation {
 public:
  void count(const std::array<int, kPlaceCount>& room, std::span<const int> rule_seats, std::span<const Group> groups,
             bool with_backward) {
    groups_ = groups;
    rule_count_ = static_cast<int>(rule_seats.size());
    room_ = room;
    derived_ = static_cast<std::size_t>(std::max_element(room.begin(), room.end()) - room.begin());
    counts_ = 1;
    for (std::size_t p = 0; p < kPlaceCount; ++p) {
      stride_[p] = p == derived_ ? 0 : counts_;
      if (p != derived_) counts_ *= room[p] + 1;
    }
    states_ = counts_ << rule_count_;
    const auto states = static_cast<std::size_t>(states_);
    left_.resize(static_cast<std::size_t>(counts_));
    others_.resize(static_cast<std::size_t>(counts_));
    for (int index = 0; index < counts_; ++index) {
      const std::size_t i = static_cast<std::size_t>(index);
      others_[i] = 0;
      for (std::size_t p = 0; p < kPlaceCount; ++p) {
        const int taken = p == derived_ ? 0 : index / stride_[p] % (room[p] + 1);
        left_[i][p] = static_cast<std::uint8_t>(room[p] - taken);
        others_[i] += taken;
      }
    }
    placed_before_.clear();
    int placed = 0;
    for (const Group& group : groups) {
      placed_before_.push_back(placed);
      placed += group.size;
    }
    placed_before_.push_back(placed);
    // Every place filled to its room, no more and no less.
    empty_ = placed != std::accumulate(room.begin(), room.end(), 0);
    moves_.clear();
    first_move_.clear();
    for (const Group& group : groups) {
      first_move_.push_back(moves_.size());
      add_moves(group, room, rule_seats);
    }
    first_move_.push_back(moves_.size());
    const std::size_t layers = groups.size() + 1;
    forward_.assign(layers * states, 0);
    forward_[0] = 1;
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (int state = 0; state < states_; ++state) {
        const std::uint64_t ways = forward_[g * states + static_cast<std::size_t>(state)];
        if (ways == 0) continue;
        for (const Move& move : moves_of(g))
          if (const int next = after(state, g, move); next >= 0)
            forward_[(g + 1) * states + static_cast<std::size_t>(next)] += ways * move.ways;
      }
    int full = 0;
    for (int place = 0; place < kPlaceCount; ++place)
      full += room[static_cast<std::size_t>(place)] * stride_[static_cast<std::size_t>(place)];
    final_ = full + (((1 << rule_count_) - 1) * counts_);
    if (!with_backward) return;
    backward_.assign(layers * states, 0);
    backward_[groups.size() * states + static_cast<std::size_t>(final_)] = 1;
    for (std::size_t g = groups.size(); g-- > 0;)
      for (int state = 0; state < states_; ++state) {
        std::uint64_t ways = 0;
        for (const Move& move : moves_of(g))
          if (const int next = after(state, g, move); next >= 0)
            ways += move.ways * backward_[(g + 1) * states + static_cast<std::size_t>(next)];
        backward_[g * states + static_cast<std::size_t>(state)] = ways;
      }
  }

  std::uint64_t total() const {
    if (empty_) return 0;
    return forward_[groups_.size() * static_cast<std::size_t>(states_) + static_cast<std::size_t>(final_)];
  }

  // The ways with one given number of group `g` at `place` (needs the backward table).
  std::uint64_t with_one_at(std::size_t g, int place) const {
    if (empty_) return 0;
    const Group& group = groups_[g];
    const auto states = static_cast<std::size_t>(states_);
    std::uint64_t sum = 0;
    for (int state = 0; state < states_; ++state) {
      const std::uint64_t before = forward_[g * states + static_cast<std::size_t>(state)];
      if (before == 0) continue;
      for (const Move& move : moves_of(g)) {
        const int taken = move.take[static_cast<std::size_t>(place)];
        if (taken == 0) continue;
        if (const int next = after(state, g, move); next >= 0)
          // Of the move's ways, taken/size put the given number at the place.
          sum += before * (move.ways * static_cast<std::uint64_t>(taken) / static_cast<std::uint64_t>(group.size)) *
                 backward_[(g + 1) * states + static_cast<std::size_t>(next)];
      }
    }
    return sum;
  }

 private:
  // One way to split a group among its places: how many each takes, in how many ways.
  struct Move {
    std::array<std::uint8_t, kPlaceCount> take{};
    std::uint64_t ways = 0;
    int step = 0;        // added to the count part of the state
    int kept_rules = 0;  // rules the split keeps
  };

  std::span<const Move> moves_of(std::size_t g) const {
    return std::span<const Move>(moves_).subspan(first_move_[g], first_move_[g + 1] - first_move_[g]);
  }

  void add_moves(const Group& group, const std::array<int, kPlaceCount>& room, std::span<const int> rule_seats) {
    Move move;
    const auto split = [&](const auto& self, int place, int left) -> void {
      if (place == kPlaceCount) {
        if (left != 0) return;
        move.ways = factorial(group.size);
        move.step = 0;
        move.kept_rules = 0;
        for (int p = 0; p < kPlaceCount; ++p) {
          const std::size_t i = static_cast<std::size_t>(p);
          move.ways /= factorial(move.take[i]);
          move.step += move.take[i] * stride_[i];
        }
        for (std::size_t rule = 0; rule < rule_seats.size(); ++rule)
          if ((group.rules >> rule & 1U) && move.take[static_cast<std::size_t>(rule_seats[rule])] > 0)
            move.kept_rules |= 1 << rule;
        moves_.push_back(move);
        return;
      }
      const std::size_t p = static_cast<std::size_t>(place);
      const int most = (group.places & bit_of(place)) ? std::min(left, room[p]) : 0;
      for (int take = 0; take <= most; ++take) {
        move.take[p] = static_cast<std::uint8_t>(take);
        self(self, place + 1, left - take);
      }
      move.take[p] = 0;
    };
    split(split, 0, group.size);
  }

  // The state after group `g` makes `move`, or -1 when a place has no room for it.
  int after(int state, std::size_t g, const Move& move) const {
    const int count_part = state % counts_;
    const auto i = static_cast<std::size_t>(count_part);
    const auto& left = left_[i];
    for (std::size_t p = 0; p < kPlaceCount; ++p)
      if (p != derived_ && move.take[p] > left[p]) return -1;
    if (move.take[derived_] > room_[derived_] - (placed_before_[g] - others_[i])) return -1;
    return count_part + move.step + ((state / counts_) | move.kept_rules) * counts_;
  }

  std::span<const Group> groups_;
  int rule_count_ = 0;
  std::array<int, kPlaceCount> room_{};
  std::size_t derived_ = 0;                   // the place whose count the state leaves out
  std::vector<int> others_;                   // by count part: the numbers the other places hold
  std::vector<int> placed_before_;            // by group: the numbers placed before it
  bool empty_ = false;                        // the groups cannot fill the places exactly
  std::array<int, kPlaceCount> stride_{};
  int counts_ = 1;
  int states_ = 1;
  int final_ = 0;
  std::vector<std::array<std::uint8_t, kPlaceCount>> left_;  // room left per place, by count part
  std::vector<Move> moves_;                                   // every group's, one after the other
  std::vector<std::size_t> first_move_;                       // where each group's moves begin
  std::vector<std::uint64_t> forward_;   // [group][state]: ways to reach the state before the group
  std::vector<std::uint64_t> backward_;  // [group][state]: ways to finish from the state before the group
};

}  // namespace

void Census::clear() {
  worlds = 0;
  pairs.clear();
  pair_worlds.fill(0);
  for (auto& hands : any_hand) hands.fill(NumberSet());
  for (auto& hands : all_hand) hands.fill(NumberSet());
  for (auto& seats : any_skeleton) seats.fill(false);
  for (auto& counts : holds) counts.fill(0);
  skeletons.fill(0);
  min_skeletons.fill(kMaxPlayers);
  max_skeletons.fill(0);
}

Places::Places(int players, int me, NumberSet my_numbers) : players_(players), in_play_(NumberSet::all()) {
  std::uint8_t others = bit_of(kCode);
  for (int seat = 0; seat < players; ++seat) {
    if (seat != me) others = static_cast<std::uint8_t>(others | bit_of(seat));
    numbers_[static_cast<std::size_t>(seat)] = dealt_numbers(players);
    skeletons_[static_cast<std::size_t>(seat)] = kHandSize - dealt_numbers(players);
  }
  for (int n = kLowestNumber; n <= kHighestNumber; ++n) place_of(n) = my_numbers.contains(n) ? bit_of(me) : others;
}

NumberSet Places::only_at(int place) const {
  NumberSet out;
  for (std::uint16_t bits = in_play_.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
    if (place_of(std::countr_zero(bits)) == bit_of(place)) out.insert(std::countr_zero(bits));
  return out;
}

NumberSet Places::may_be_at(int place) const {
  NumberSet out;
  for (std::uint16_t bits = in_play_.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
    if (place_of(std::countr_zero(bits)) & bit_of(place)) out.insert(std::countr_zero(bits));
  return out;
}

bool Places::settle() {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint16_t bits = in_play_.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
      if (place_of(std::countr_zero(bits)) == 0) return false;
    for (int place = 0; place < kPlaces; ++place) {
      if (place != kCode && place >= players_) continue;
      const NumberSet only = only_at(place);
      const NumberSet may = may_be_at(place);
      const int room_here = room(place);
      if (only.size() > room_here || may.size() < room_here) return false;
      const NumberSet undecided = may.without(only);
      if (undecided.empty()) continue;
      if (only.size() == room_here) {
        for (int n : undecided.numbers()) place_of(n) = static_cast<std::uint8_t>(place_of(n) & ~bit_of(place));
        changed = true;
      } else if (may.size() == room_here) {
        for (int n : undecided.numbers()) place_of(n) = bit_of(place);
        changed = true;
      }
    }
    for (std::size_t i = 0; i < rules_;) {
      OneOf& rule = one_of_[i];
      rule.numbers = rule.numbers & may_be_at(rule.seat);
      bool drop = !(rule.numbers & only_at(rule.seat)).empty();  // kept already
      if (!drop && rule.numbers.empty()) return false;
      if (!drop && rule.numbers.size() == 1) {
        place_of(rule.numbers.first()) = bit_of(rule.seat);
        drop = changed = true;
      }
      // A rule whose numbers include another's on the same hand says no more than that one.
      for (std::size_t j = 0; j < rules_ && !drop; ++j)
        drop = j != i && one_of_[j].seat == rule.seat && (one_of_[j].numbers & rule.numbers) == one_of_[j].numbers &&
               (one_of_[j].numbers != rule.numbers || j < i);
      if (drop) {
        one_of_[i] = one_of_[--rules_];
      } else {
        ++i;
      }
    }
  }
  return true;
}

Places::Outcome Places::apply(const Clue& clue) {
  const int seat = clue.player;
  const auto settled = [this] { return settle() ? Outcome::narrowed : Outcome::impossible; };
  switch (clue.kind) {
    case ClueKind::face_up:
      if (!in_play_.contains(clue.card) || !(place_of(clue.card) & bit_of(seat))) return Outcome::impossible;
      place_of(clue.card) = bit_of(seat);
      // settle() drops the rules the card kept and takes it out of the other hands' rules.
      if (!settle()) return Outcome::impossible;
      in_play_.erase(clue.card);
      place_of(clue.card) = 0;
      --numbers_[static_cast<std::size_t>(seat)];
      return settled();
    case ClueKind::holds:
      if (!in_play_.contains(clue.card)) return Outcome::impossible;
      place_of(clue.card) = static_cast<std::uint8_t>(place_of(clue.card) & bit_of(seat));
      return settled();
    case ClueKind::holds_skeleton:
      return skeletons_[static_cast<std::size_t>(seat)] > 0 ? Outcome::narrowed : Outcome::impossible;
    case ClueKind::holds_one_of:
    case ClueKind::answer: {
      const NumberSet numbers = clue.numbers & in_play_;
      if (clue.kind == ClueKind::answer && !clue.has) {
        for (int n : numbers.numbers()) place_of(n) = static_cast<std::uint8_t>(place_of(n) & ~bit_of(seat));
        return settled();
      }
      if (!(numbers & only_at(seat)).empty()) return Outcome::narrowed;  // kept already
      for (std::size_t i = 0; i < rules_; ++i)
        if (one_of_[i].seat == seat && (one_of_[i].numbers & numbers) == one_of_[i].numbers) return Outcome::narrowed;
      if (rules_ == kMaxRules) return Outcome::too_many;
      one_of_[rules_++] = {seat, numbers};
      return settled();
    }
    case ClueKind::moved: {
      const int to = clue.other;
      if (clue.card == kSkeleton) {
        if (skeletons_[static_cast<std::size_t>(seat)] == 0) return Outcome::impossible;
        --skeletons_[static_cast<std::size_t>(seat)];
        ++skeletons_[static_cast<std::size_t>(to)];
        return Outcome::narrowed;
      }
      if (!in_play_.contains(clue.card)) return Outcome::impossible;
      place_of(clue.card) = static_cast<std::uint8_t>(place_of(clue.card) & bit_of(seat));
      // settle() drops the rules the card kept on the giver's hand and takes it out of the others'
      // rules: a rule about the receiver's hand before the move then holds of its hand after it.
      if (!settle()) return Outcome::impossible;
      place_of(clue.card) = bit_of(to);
      --numbers_[static_cast<std::size_t>(seat)];
      ++numbers_[static_cast<std::size_t>(to)];
      return settled();
    }
    case ClueKind::code_seen:
      if (!in_play_.contains(clue.card)) return Outcome::impossible;
      place_of(clue.card) = static_cast<std::uint8_t>(place_of(clue.card) & bit_of(kCode));
      return settled();
    case ClueKind::offset_answer:
    case ClueKind::moved_unseen: break;
  }
  return Outcome::too_many;  // not of the form (keeps_form): the caller lists the worlds first
}

bool Places::allows(World world) const {
  NumberSet held;
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    const NumberSet hand = world_hand(world, seat);
    if (seat >= players_) {
      if (!hand.empty()) return false;
      continue;
    }
    if (hand.size() != numbers_[static_cast<std::size_t>(seat)] || !hand.without(may_be_at(seat)).empty() ||
        !(held & hand).empty())
      return false;
    held = held | hand;
  }
  for (std::size_t i = 0; i < rules_; ++i)
    if ((world_hand(world, one_of_[i].seat) & one_of_[i].numbers).empty()) return false;
  const NumberSet code = in_play_.without(held);
  return code.size() == kCodeCards && code.without(may_be_at(kCode)).empty();
}

Places::Layout Places::layout() const {
  Layout out;
  for (int seat = 0; seat < players_; ++seat) {
    const std::size_t s = static_cast<std::size_t>(seat);
    const std::uint8_t lower = static_cast<std::uint8_t>((bit_of(seat) - 1) | bit_of(kCode));
    for (std::uint16_t bits = in_play_.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1)) {
      const int n = std::countr_zero(bits);
      const auto number = static_cast<std::uint16_t>(1U << n);
      if (place_of(n) & bit_of(seat)) out.may[s] |= number;
      if (place_of(n) & lower) out.lower[s] |= number;
    }
  }
  out.code = may_be_at(kCode).mask();
  out.unplaced = in_play_.mask();
  for (int seat = 0; seat < players_; ++seat) {
    const std::size_t s = static_cast<std::size_t>(seat);
    const NumberSet only = only_at(seat);
    out.open[s] = only.mask() != out.may[s] || only.size() != numbers_[s];
    if (out.open[s]) {
      if (out.last_open < 0) out.last_open = seat;
      continue;
    }
    out.known |= static_cast<World>(only.mask()) << (16 * seat);
    out.unplaced = static_cast<std::uint16_t>(out.unplaced & ~only.mask());
  }
  for (std::size_t i = 0; i < rules_; ++i) {
    const std::size_t s = static_cast<std::size_t>(one_of_[i].seat);
    out.rules[s][out.rule_count[s]++] = one_of_[i].numbers.mask();
  }
  return out;
}

// The open seats from the highest, each through its hands in increasing order, so the worlds
// come out sorted. visit(world) returns true to stop; so does visit_worlds then.
template <class Visit>
bool Places::visit_worlds(const Layout& layout, int seat, std::uint16_t left, World world, Visit& visit) const {
  // The numbers are conserved, so the two left at the end are the code if it can hold them.
  if (seat < 0 || seat < layout.last_open) return (left & ~layout.code) == 0 && visit(world);
  const std::size_t s = static_cast<std::size_t>(seat);
  if (seat >= players_ || !layout.open[s]) return visit_worlds(layout, seat - 1, left, world, visit);
  // A number that can lie neither at a lower seat nor in the code must be in this hand.
  const auto must = static_cast<std::uint16_t>(left & ~layout.lower[s]);
  const auto may = static_cast<std::uint16_t>(left & layout.may[s]);
  if ((must & ~may) != 0) return false;
  const auto optional = static_cast<std::uint16_t>(may & ~must);
  // The optional numbers, one bit each, increasing. Hands are built in 32-bit words: or-ing into
  // a 16-bit register stalls on the partial register.
  std::array<std::uint32_t, 16> choice{};
  int choices = 0;
  for (std::uint32_t bits = optional; bits != 0; bits &= bits - 1) choice[static_cast<std::size_t>(choices++)] = bits & -bits;
  const int pick_count = numbers_[s] - NumberSet::from_mask(must).size();
  if (pick_count < 0 || pick_count > choices) return false;
  const bool last = seat == layout.last_open;
  const auto try_hand = [&](std::uint32_t hand) {
    for (std::size_t i = 0; i < layout.rule_count[s]; ++i)
      if ((hand & layout.rules[s][i]) == 0) return false;
    const auto rest = static_cast<std::uint16_t>(left & ~hand);
    const World next = world | static_cast<World>(hand) << (16 * seat);
    if (last) return (rest & ~layout.code) == 0 && visit(next);
    return visit_worlds(layout, seat - 1, rest, next, visit);
  };
  if (pick_count == 0) return try_hand(must);
  for (std::uint32_t pick = (1U << pick_count) - 1; pick < (1U << choices); pick = next_pick(pick)) {
    std::uint32_t hand = must;
    for (std::uint32_t bits = pick; bits != 0; bits &= bits - 1) hand |= choice[static_cast<std::size_t>(std::countr_zero(bits))];
    if (try_hand(hand)) return true;
  }
  return false;
}

bool Places::find_world(World& world) const {
  const auto take = [&world](World w) {
    world = w;
    return true;
  };
  const Layout plan = layout();
  return visit_worlds(plan, kMaxPlayers - 1, plan.unplaced, plan.known, take);
}

void Places::list(std::vector<World>& out) const {
  out.clear();
  const auto keep = [&out](World w) {
    out.push_back(w);
    return false;
  };
  out.reserve(world_count());
  const Layout plan = layout();
  visit_worlds(plan, kMaxPlayers - 1, plan.unplaced, plan.known, keep);
}

Places::Kinds Places::kinds() const {
  Kinds out;
  for (std::uint16_t bits = in_play_.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1)) {
    const int n = std::countr_zero(bits);
    const std::uint8_t places = place_of(n);
    if (std::has_single_bit(places)) continue;
    std::uint8_t rules = 0;
    for (std::size_t i = 0; i < rules_; ++i)
      if (one_of_[i].numbers.contains(n)) rules = static_cast<std::uint8_t>(rules | 1U << i);
    std::size_t same = 0;
    while (same < out.count && (out.of[same].places != places || out.of[same].rules != rules)) ++same;
    if (same == out.count) out.of[out.count++] = {NumberSet(), places, rules};
    out.of[same].numbers.insert(n);
  }
  return out;
}

std::uint64_t Places::world_count() const {
  std::array<int, kPlaceCount> room_left{};
  for (int place = 0; place < kPlaces; ++place)
    if (place == kCode || place < players_) room_left[static_cast<std::size_t>(place)] = room(place) - only_at(place).size();
  const Kinds all = kinds();
  std::array<Group, kNumberCount> groups{};
  for (std::size_t i = 0; i < all.count; ++i)
    groups[i] = {all.of[i].numbers, all.of[i].numbers.size(), all.of[i].places, all.of[i].rules};
  std::array<int, kMaxRules> rule_seats{};
  for (std::size_t i = 0; i < rules_; ++i) rule_seats[i] = one_of_[i].seat;
  Tabulation table;
  table.count(room_left, std::span(rule_seats).first(rules_), std::span(groups).first(all.count), false);
  return table.total();
}

long Places::count_cost() const {
  // count() runs a table for every way the code can take its undecided numbers from the kinds,
  // with a state for every count of numbers each hand has taken and every set of rules kept.
  const Kinds all = kinds();
  long code_kinds = 0;
  for (std::size_t i = 0; i < all.count; ++i)
    if (all.of[i].places & bit_of(kCode)) ++code_kinds;
  long states = 1L << rules_;
  for (int seat = 0; seat < players_; ++seat) states *= numbers_[static_cast<std::size_t>(seat)] + 1;
  const long choices = 1 + code_kinds * (code_kinds + 1) / 2;
  return choices * static_cast<long>(all.count) * states;
}

void Places::count(Census& census) const {
  // Numbers settled to one place count alike in every world; the others form the groups.
  std::array<NumberSet, kPlaceCount> settled{};
  std::array<int, kPlaceCount> room_left{};
  for (int place = 0; place < kPlaces; ++place) {
    if (place != kCode && place >= players_) continue;
    settled[static_cast<std::size_t>(place)] = only_at(place);
    room_left[static_cast<std::size_t>(place)] = room(place) - settled[static_cast<std::size_t>(place)].size();
  }
  const Kinds all = kinds();
  const std::size_t group_count = all.count;
  std::array<Group, kNumberCount> base{};
  for (std::size_t i = 0; i < group_count; ++i)
    base[i] = {all.of[i].numbers, all.of[i].numbers.size(), all.of[i].places, all.of[i].rules};
  std::array<int, kMaxRules> rule_seat_of{};
  for (std::size_t i = 0; i < rules_; ++i) rule_seat_of[i] = one_of_[i].seat;
  const std::span<const int> rule_seats = std::span(rule_seat_of).first(rules_);

  // Once the code has its numbers, the rest go to the hands.
  std::array<int, kPlaceCount> seats_room = room_left;
  seats_room[kCode] = 0;
  std::array<Group, kNumberCount> groups{};
  std::array<std::array<std::uint64_t, kMaxPlayers>, kNumberCount> per_number{};
  Tabulation table;
  // The code's undecided numbers come from one group or two (-1: none needed): each such choice
  // is one table, the same for every pick of numbers within the chosen groups (they cannot be
  // told apart).
  const auto count_choice = [&](int first, int second) {
    for (std::size_t g = 0; g < group_count; ++g) {
      groups[g] = base[g];
      groups[g].places = static_cast<std::uint8_t>(groups[g].places & ~bit_of(kCode));
    }
    for (int g : {first, second})
      if (g >= 0) --groups[static_cast<std::size_t>(g)].size;
    table.count(seats_room, rule_seats, std::span(groups).first(group_count), true);
    const std::uint64_t ways = table.total();
    if (ways == 0) return;
    for (std::size_t g = 0; g < group_count; ++g)
      for (int seat = 0; seat < players_; ++seat)
        per_number[g][static_cast<std::size_t>(seat)] =
            groups[g].size > 0 && (groups[g].places & bit_of(seat)) ? table.with_one_at(g, seat) : 0;

    const auto add_pair = [&](NumberSet picked) {
      const NumberSet code = settled[kCode] | picked;
      const int low = code.first();
      const std::size_t k = pair_index(low, code.without(NumberSet::of({low})).first());
      census.pair_worlds[k] = ways;
      census.pairs.push_back(static_cast<std::uint8_t>(k));
      census.worlds += ways;
      for (int seat = 0; seat < players_; ++seat) {
        const std::size_t s = static_cast<std::size_t>(seat);
        NumberSet any = settled[s];
        NumberSet every = settled[s];
        for (int n : settled[s].numbers()) census.holds[s][static_cast<std::size_t>(n)] += ways;
        for (std::size_t g = 0; g < group_count; ++g) {
          const std::uint64_t with = per_number[g][s];
          if (with == 0) continue;
          const NumberSet members = base[g].numbers.without(picked);
          any = any | members;
          if (with == ways) every = every | members;
          for (std::uint16_t bits = members.mask(); bits != 0; bits &= static_cast<std::uint16_t>(bits - 1))
            census.holds[s][static_cast<std::size_t>(std::countr_zero(bits))] += with;
        }
        census.any_hand[k][s] = any;
        census.all_hand[k][s] = every;
        const int skeletons = skeletons_[s];
        census.any_skeleton[k][s] = skeletons > 0;
        census.skeletons[s] += ways * static_cast<std::uint64_t>(skeletons);
        census.min_skeletons[s] = std::min(census.min_skeletons[s], skeletons);
        census.max_skeletons[s] = std::max(census.max_skeletons[s], skeletons);
      }
      for (int seat = players_; seat < kMaxPlayers; ++seat) census.all_hand[k][static_cast<std::size_t>(seat)] = NumberSet::all();
    };
    if (first < 0) {
      add_pair(NumberSet());
      return;
    }
    const NumberSet from_first = base[static_cast<std::size_t>(first)].numbers;
    for (int a : from_first.numbers()) {
      if (second < 0) {
        add_pair(NumberSet::of({a}));
      } else if (second == first) {
        for (int b : from_first.numbers())
          if (b > a) add_pair(NumberSet::of({a, b}));
      } else {
        for (int b : base[static_cast<std::size_t>(second)].numbers.numbers()) add_pair(NumberSet::of({a, b}));
      }
    }
  };
  const int code_picks = room_left[kCode];
  const auto takes_code = [&](std::size_t g) { return (base[g].places & bit_of(kCode)) != 0; };
  if (code_picks == 0) count_choice(-1, -1);
  for (std::size_t g = 0; g < group_count && code_picks > 0; ++g) {
    if (!takes_code(g)) continue;
    if (code_picks == 1) {
      count_choice(static_cast<int>(g), -1);
      continue;
    }
    if (base[g].size >= 2) count_choice(static_cast<int>(g), static_cast<int>(g));
    for (std::size_t h = g + 1; h < group_count; ++h)
      if (takes_code(h)) count_choice(static_cast<int>(g), static_cast<int>(h));
  }
  std::sort(census.pairs.begin(), census.pairs.end());
}

}  // namespace qm::pirates_code
