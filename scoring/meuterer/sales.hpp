#pragma once
// Sales by majority on the active islands (rules: フェイズ5 商品の売却; RULINGS.md: Sales).
//
// Each player allocates its displayed goods to the active islands (at most two): one kind of good
// per player per island, and one good may be split over two islands that both buy it. On each
// island the players who sold the most cards there score: alone the first column, two tied the
// second, three tied the third, four tied nothing. The merchant, when among them, always scores
// the first column.
//
// A legal allocation here is also *complete*: every displayed card of a kind the player sells is
// sold, and no active island the player leaves unused buys a good it left unsold. Holding cards
// back never earns the holder a point (it can only hand the majority to someone else), and this is
// what makes "where only one allocation is possible the assistant makes it" (RULINGS.md) meaningful.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scoring/meuterer/island.hpp"

namespace qm::meuterer {

// The ship's island and the island it came from (rules: フェイズ6): never more than two.
inline constexpr int kMaxActiveIslands = 2;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMinPlayers = 3;

// One player's allocation, slot i meaning the i-th active island; count 0 = nothing sold there.
struct Allocation {
  std::array<Good, kMaxActiveIslands> good{Good::ruby, Good::ruby};
  std::array<int, kMaxActiveIslands> count{};

  int sold() const { return count[0] + count[1]; }
  friend bool operator==(const Allocation&, const Allocation&) = default;
};

// How the merchant is paid on a four-way tie, where nobody else scores. RULINGS.md says the
// merchant "always" scores the first column when among the winners; that is the default.
struct SaleRules {
  bool merchant_paid_in_four_way_tie = true;
  friend bool operator==(const SaleRules&, const SaleRules&) = default;
};

// The VP of one winner on `island` when `winners` players share the majority.
int sale_vp(const Island& island, int winners, bool merchant, const SaleRules& rules);

// VP of every seat on one island, given how many cards each seat sold there.
// `vp` receives one entry per seat (added to, not overwritten).
void score_island(const Island& island, std::span<const int> sold, int merchant_seat, const SaleRules& rules,
                  std::span<int> vp);

// Why an allocation is not legal, naming the island and the good ("Eisfelsen does not buy wine"),
// or "" when it is legal: for the scorer's and the engine's messages.
std::string allocation_problem(const GoodCounts& displayed, std::span<const Island* const> active,
                               const Allocation& allocation);

// Calls `visit(const Allocation&)` for every legal (complete) allocation of `displayed` over the
// active islands, in a fixed order. Never allocates memory.
template <class Visit>
void for_each_allocation(const GoodCounts& displayed, std::span<const Island* const> active, Visit&& visit);

std::vector<Allocation> legal_allocations(const GoodCounts& displayed, std::span<const Island* const> active);

// ---- implementation of the template ----

namespace detail {
// The first active island the allocation leaves unused although it buys a displayed good left
// unsold (slot -1: none), and that good.
struct UnusedBuyer {
  int slot = -1;
  Good good = Good::ruby;
};
UnusedBuyer unused_buyer(const GoodCounts& displayed, std::span<const Island* const> active, const Allocation& allocation);
inline bool complete(const GoodCounts& displayed, std::span<const Island* const> active, const Allocation& allocation) {
  return unused_buyer(displayed, active, allocation).slot < 0;
}
}  // namespace detail

template <class Visit>
void for_each_allocation(const GoodCounts& displayed, std::span<const Island* const> active, Visit&& visit) {
  // A slot's choice: -1 = nothing, else a good the island buys and the player displayed.
  const int slots = static_cast<int>(active.size());
  auto offered = [&](int slot, int g) {
    const Good good = static_cast<Good>(g);
    return displayed[good] > 0 && active[static_cast<std::size_t>(slot)]->buys(good);
  };
  Allocation allocation;
  for (int first = -1; first < kGoodKinds; ++first) {
    if (first >= 0 && !offered(0, first)) continue;
    const int second_end = slots > 1 ? kGoodKinds : 0;
    for (int second = -1; second < second_end; ++second) {
      if (second >= 0 && !offered(1, second)) continue;
      allocation = Allocation{};
      if (first >= 0) allocation.good[0] = static_cast<Good>(first);
      if (second >= 0) allocation.good[1] = static_cast<Good>(second);
      if (first >= 0 && first == second) {
        // The same good on both islands: every split that leaves each at least one card.
        const int total = displayed[static_cast<Good>(first)];
        for (int here = 1; here < total; ++here) {
          allocation.count = {here, total - here};
          if (detail::complete(displayed, active, allocation)) visit(static_cast<const Allocation&>(allocation));
        }
        continue;
      }
      if (first >= 0) allocation.count[0] = displayed[static_cast<Good>(first)];
      if (second >= 0) allocation.count[1] = displayed[static_cast<Good>(second)];
      if (detail::complete(displayed, active, allocation)) visit(static_cast<const Allocation&>(allocation));
    }
  }
}

}  // namespace qm::meuterer
