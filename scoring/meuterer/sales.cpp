#include "scoring/meuterer/sales.hpp"

#include <algorithm>

#include "scoring/notation.hpp"

namespace qm::meuterer {

int sale_vp(const Island& island, int winners, bool merchant, const SaleRules& rules) {
  if (winners <= 0) return 0;
  if (merchant && (winners < 4 || rules.merchant_paid_in_four_way_tie)) return island.sale_vp[0];
  if (winners > kSaleColumns) return 0;  // four tied: nobody scores (rules: 4人だった場合)
  return island.sale_vp[static_cast<std::size_t>(winners - 1)];
}

void score_island(const Island& island, std::span<const int> sold, int merchant_seat, const SaleRules& rules,
                  std::span<int> vp) {
  int most = 0;
  for (int n : sold) most = std::max(most, n);
  if (most == 0) return;
  const int winners = static_cast<int>(std::count(sold.begin(), sold.end(), most));
  for (std::size_t seat = 0; seat < sold.size(); ++seat)
    if (sold[seat] == most) vp[seat] += sale_vp(island, winners, static_cast<int>(seat) == merchant_seat, rules);
}

namespace detail {

UnusedBuyer unused_buyer(const GoodCounts& displayed, std::span<const Island* const> active, const Allocation& allocation) {
  for (std::size_t slot = 0; slot < active.size(); ++slot) {
    if (allocation.count[slot] > 0) continue;
    // An unused island must buy nothing the player left unsold.
    for (Good good : kAllGoods) {
      if (displayed[good] == 0 || !active[slot]->buys(good)) continue;
      bool sold_elsewhere = false;
      for (std::size_t other = 0; other < active.size(); ++other)
        if (allocation.count[other] > 0 && allocation.good[other] == good) sold_elsewhere = true;
      if (!sold_elsewhere) return {static_cast<int>(slot), good};
    }
  }
  return {};
}

}  // namespace detail

std::string allocation_problem(const GoodCounts& displayed, std::span<const Island* const> active,
                               const Allocation& allocation) {
  if (allocation.count[0] < 0 || allocation.count[1] < 0) return "a sale needs a positive number of cards";
  GoodCounts sold;
  for (std::size_t slot = 0; slot < allocation.count.size(); ++slot) {
    if (allocation.count[slot] == 0) continue;
    if (slot >= active.size()) return "goods can only be sold on an active island";
    const Good good = allocation.good[slot];
    if (good == Good::combat) return "combat cards are never sold";
    if (good == Good::pirate) return "the pirate card is never sold";
    if (!active[slot]->buys(good)) return active[slot]->name + " does not buy " + notation::to_string(good);
    sold[good] += allocation.count[slot];
  }
  for (Good good : kAllGoods) {
    const std::string name = notation::to_string(good);
    if (sold[good] > displayed[good])
      return std::to_string(sold[good]) + " " + name + " sold, but " +
             (displayed[good] == 0 ? "no " + name : "only " + std::to_string(displayed[good])) + " displayed";
    if (sold[good] > 0 && sold[good] < displayed[good])
      return std::to_string(sold[good]) + " of " + std::to_string(displayed[good]) + " " + name + " sold: every displayed " +
             name + " is sold (it may be split over two islands)";
  }
  if (const detail::UnusedBuyer unused = detail::unused_buyer(displayed, active, allocation); unused.slot >= 0)
    return active[static_cast<std::size_t>(unused.slot)]->name + " is left unused, but it buys the " +
           notation::to_string(unused.good) + " that stays unsold";
  return "";
}

std::vector<Allocation> legal_allocations(const GoodCounts& displayed, std::span<const Island* const> active) {
  std::vector<Allocation> out;
  for_each_allocation(displayed, active, [&](const Allocation& allocation) { out.push_back(allocation); });
  return out;
}

}  // namespace qm::meuterer
