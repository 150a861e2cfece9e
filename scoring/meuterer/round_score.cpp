#include "scoring/meuterer/round_score.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <utility>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {
namespace {

std::string seat_label(const RoundTable& table, std::size_t seat) {
  const std::string& name = table.seats[seat].name;
  return name.empty() ? "seat " + std::to_string(seat + 1) : name;
}

int find_role(const RoundTable& table, Role role) {
  int found = -1;
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    if (table.seats[seat].role != role) continue;
    if (found >= 0)
      throw InputError("two players hold the " + std::string(role_name(role)) + ": " +
                       seat_label(table, static_cast<std::size_t>(found)) + " and " + seat_label(table, seat));
    found = static_cast<int>(seat);
  }
  return found;
}

int steps_between(int from, int to, int islands) { return ((to - from) % islands + islands) % islands; }

void check_island(const RoundTable& table, int island, const std::string& what) {
  if (island < 0 || island >= static_cast<int>(table.islands.size()))
    throw InputError(what + " is not an island of the ring");
}

// The active islands as pointers, in the table's order: the slots of an Allocation.
std::vector<const Island*> active_islands(const RoundTable& table) {
  std::vector<const Island*> active;
  for (int island : table.active) active.push_back(&table.islands[static_cast<std::size_t>(island)]);
  return active;
}

Allocation to_allocation(const RoundTable& table, std::size_t seat, const std::vector<Sale>& sales) {
  Allocation allocation;
  for (const Sale& sale : sales) {
    const auto slot = std::find(table.active.begin(), table.active.end(), sale.island);
    if (slot == table.active.end())
      throw InputError(seat_label(table, seat) + " sells on " + table.islands[static_cast<std::size_t>(sale.island)].name +
                       ", which is not active");
    const auto index = static_cast<std::size_t>(slot - table.active.begin());
    if (sale.count <= 0) throw InputError(seat_label(table, seat) + ": a sale needs at least one card");
    if (allocation.count[index] > 0)
      throw InputError(seat_label(table, seat) + " sells twice on " + table.islands[static_cast<std::size_t>(sale.island)].name +
                       " (one kind of good per player per island)");
    allocation.good[index] = sale.good;
    allocation.count[index] = sale.count;
  }
  return allocation;
}

std::vector<Sale> to_sales(const RoundTable& table, const Allocation& allocation) {
  std::vector<Sale> sales;
  for (std::size_t slot = 0; slot < table.active.size(); ++slot)
    if (allocation.count[slot] > 0) sales.push_back({table.active[slot], allocation.good[slot], allocation.count[slot]});
  return sales;
}

void validate(const RoundTable& table) {
  const int islands = static_cast<int>(table.islands.size());
  if (islands == 0) throw InputError("the ring has no islands");
  const int players = static_cast<int>(table.seats.size());
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Meuterer is played by 3 or 4 players, not " + std::to_string(players));
  check_island(table, table.ship, "the ship's island");
  check_island(table, table.captain_destination, "the captain's destination");
  if (table.active.empty() || static_cast<int>(table.active.size()) > kMaxActiveIslands)
    throw InputError("one or two islands are active at a time");
  for (int island : table.active) check_island(table, island, "an active island");
  if (table.active.size() == 2 && table.active[0] == table.active[1])
    throw InputError("an active island is named twice");
  if (std::find(table.active.begin(), table.active.end(), table.ship) == table.active.end())
    throw InputError("the ship's island " + table.islands[static_cast<std::size_t>(table.ship)].name +
                     " is always active");
  if (table.offer < 0) throw InputError("the captain card's offer cannot be negative");
  if (steps_between(table.ship, table.captain_destination, islands) > kHandSize && islands > kHandSize)
    throw InputError("the captain's destination lies more than 5 islands clockwise of the ship");

  if (find_role(table, Role::captain) < 0) throw InputError("nobody is the captain");
  for (Role role : {Role::mate, Role::mutineer, Role::ships_boy, Role::merchant, Role::loader}) find_role(table, role);
  const bool mutiny = find_role(table, Role::mutineer) >= 0;
  if (mutiny && !table.mutineer_destination) throw InputError("the mutineer's destination is missing");
  if (!mutiny && table.mutineer_destination) throw InputError("a mutineer's destination is given but nobody is the mutineer");
  if (table.mutineer_destination) {
    check_island(table, *table.mutineer_destination, "the mutineer's destination");
    if (steps_between(*table.mutineer_destination, table.ship, islands) > kHandSize && islands > kHandSize)
      throw InputError("the mutineer's destination lies more than 5 islands counterclockwise of the ship");
  }
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    const SeatAtTable& at = table.seats[seat];
    for (int n : at.displayed.count)
      if (n < 0) throw InputError(seat_label(table, seat) + " displays a negative number of cards");
    if (at.combat_added < 0) throw InputError(seat_label(table, seat) + " adds a negative number of combat cards");
    // Displayed and added cards all come from the hand of five the round began with.
    if (at.displayed.total() + at.combat_added > kHandSize)
      throw InputError(seat_label(table, seat) + " displays " + counted(at.displayed.total(), "card") +
                       (at.combat_added > 0 ? " and adds " + counted(at.combat_added, "combat card") : "") +
                       ", but a hand holds " + std::to_string(kHandSize));
    if (at.combat_added > 0 && !(mutiny && (on_captains_side(at.role) || on_mutineers_side(at.role))))
      throw InputError(seat_label(table, seat) + " adds combat cards but takes no part in a mutiny");
  }
}

std::string sale_reason(const Island& island, int winners, bool merchant, int sold, Good good) {
  std::string reason;
  switch (winners) {
    case 1: reason = "sole majority"; break;
    case 2: reason = "two-way tie"; break;
    case 3: reason = "three-way tie"; break;
    default: reason = std::to_string(winners) + "-way tie"; break;
  }
  reason += " on " + island.name + " (" + std::to_string(sold) + " " + notation::to_string(good) + ")";
  if (merchant && winners > 1) reason += ", merchant's privilege";
  return reason;
}

}  // namespace

MutinyOutcome resolve_mutiny(bool mutineer_present, int captain_side_combat, bool mate_present,
                             int mutineer_side_combat) {
  MutinyOutcome outcome;
  if (!mutineer_present) return outcome;
  outcome.happened = true;
  outcome.captain_strength = captain_side_combat + (mate_present ? kMateStrength : 0);
  outcome.mutineer_strength = mutineer_side_combat;
  outcome.succeeded = outcome.mutineer_strength >= outcome.captain_strength;  // a tie goes to the mutineer
  return outcome;
}

RoundScore score_round(const RoundTable& table) {
  validate(table);
  const std::size_t players = table.seats.size();
  const int captain = find_role(table, Role::captain);
  const int mate = find_role(table, Role::mate);
  const int mutineer = find_role(table, Role::mutineer);
  const int boy = find_role(table, Role::ships_boy);
  const int merchant = find_role(table, Role::merchant);

  RoundScore score;
  score.seats.resize(players);
  auto add = [&](int seat, VpReason kind, std::string reason, int vp) {
    SeatScore& s = score.seats[static_cast<std::size_t>(seat)];
    s.items.push_back({kind, std::move(reason), vp});
    s.total += vp;
  };

  // Phase 4: the mutiny.
  int captain_side = 0;
  int mutineer_side = 0;
  for (const SeatAtTable& at : table.seats) {
    const int combat = at.displayed[Good::combat] + at.combat_added;
    if (on_captains_side(at.role)) captain_side += combat;
    if (on_mutineers_side(at.role)) mutineer_side += combat;
  }
  score.mutiny = resolve_mutiny(mutineer >= 0, captain_side, mate >= 0, mutineer_side);

  // Phase 5: the roles.
  const auto& islands = table.islands;
  if (score.mutiny.succeeded) {
    const Island& destination = islands[static_cast<std::size_t>(*table.mutineer_destination)];
    add(mutineer, VpReason::mutiny_destination, "successful mutiny: destination " + destination.name,
        destination.destination_vp);
    if (boy >= 0) add(boy, VpReason::ships_boy, "ship's boy of a successful mutiny", kShipsBoyVp);
    score.ship_destination = *table.mutineer_destination;
    score.next_captain = mutineer;
  } else {
    const Island& destination = islands[static_cast<std::size_t>(table.captain_destination)];
    add(captain, VpReason::destination, "destination " + destination.name, destination.destination_vp);
    if (mate >= 0) {
      add(captain, VpReason::offer_paid, "captain card offer paid to the mate", -table.offer);
      add(mate, VpReason::mate, "mate", kMateBaseVp);
      add(mate, VpReason::offer_received, "captain card offer", table.offer);
    }
    score.ship_destination = table.captain_destination;
    score.next_captain = captain;
  }

  // Phase 5: sales, declared clockwise; a seat without a declaration gets its only allocation.
  const std::vector<const Island*> active = active_islands(table);
  std::vector<Allocation> allocations(players);
  score.sales.resize(players);
  for (std::size_t seat = 0; seat < players; ++seat) {
    const SeatAtTable& at = table.seats[seat];
    if (at.sales_declared) {
      allocations[seat] = to_allocation(table, seat, at.sales);
      if (const std::string problem = allocation_problem(at.displayed, active, allocations[seat]); !problem.empty())
        throw InputError(seat_label(table, seat) + ": " + problem);
    } else {
      const std::vector<Allocation> options = legal_allocations(at.displayed, active);
      if (options.size() != 1)
        throw InputError(seat_label(table, seat) + " can allocate its goods in " + std::to_string(options.size()) +
                         " ways: declare its sales");
      allocations[seat] = options.front();
    }
    score.sales[seat] = to_sales(table, allocations[seat]);
  }
  for (std::size_t slot = 0; slot < active.size(); ++slot) {
    std::array<int, kMaxPlayers> sold{};
    std::array<int, kMaxPlayers> vp{};
    for (std::size_t seat = 0; seat < players; ++seat) sold[seat] = allocations[seat].count[slot];
    score_island(*active[slot], std::span<const int>(sold.data(), players), merchant, table.sale_rules,
                 std::span<int>(vp.data(), players));
    const int most = *std::max_element(sold.begin(), sold.begin() + static_cast<std::ptrdiff_t>(players));
    if (most == 0) continue;
    const int winners = static_cast<int>(std::count(sold.begin(), sold.begin() + static_cast<std::ptrdiff_t>(players), most));
    for (std::size_t seat = 0; seat < players; ++seat) {
      if (sold[seat] != most || vp[seat] == 0) continue;
      add(static_cast<int>(seat), VpReason::sale,
          sale_reason(*active[slot], winners, static_cast<int>(seat) == merchant, most, allocations[seat].good[slot]),
          vp[seat]);
    }
  }
  return score;
}

std::vector<int> undeclared_sellers(const RoundTable& table, int seat) {
  const std::vector<const Island*> active = active_islands(table);
  std::vector<int> out;
  for (std::size_t other = 0; other < table.seats.size(); ++other) {
    if (static_cast<int>(other) == seat || table.seats[other].sales_declared) continue;
    bool sells = false;
    for_each_allocation(table.seats[other].displayed, active, [&](const Allocation& allocation) {
      sells = sells || allocation.sold() > 0;
    });
    if (sells) out.push_back(static_cast<int>(other));
  }
  return out;
}

std::vector<SaleOption> sale_options(const RoundTable& table, int seat) {
  validate(table);
  if (seat < 0 || seat >= static_cast<int>(table.seats.size())) throw InputError("no such seat");
  const std::size_t players = table.seats.size();
  const std::vector<const Island*> active = active_islands(table);
  const int merchant = find_role(table, Role::merchant);
  std::vector<Allocation> others(players);
  for (std::size_t other = 0; other < players; ++other) {
    if (static_cast<int>(other) == seat || !table.seats[other].sales_declared) continue;
    others[other] = to_allocation(table, other, table.seats[other].sales);
    if (const std::string problem = allocation_problem(table.seats[other].displayed, active, others[other]); !problem.empty())
      throw InputError(seat_label(table, other) + ": " + problem);
  }
  // The seat's VP from `mine` when the others sell `sold_by`.
  auto vp_of = [&](const Allocation& mine, const std::vector<Allocation>& sold_by) {
    int vp = 0;
    for (std::size_t slot = 0; slot < active.size(); ++slot) {
      std::array<int, kMaxPlayers> sold{};
      std::array<int, kMaxPlayers> island_vp{};
      for (std::size_t other = 0; other < players; ++other) sold[other] = sold_by[other].count[slot];
      sold[static_cast<std::size_t>(seat)] = mine.count[slot];
      score_island(*active[slot], std::span<const int>(sold.data(), players), merchant, table.sale_rules,
                   std::span<int>(island_vp.data(), players));
      vp += island_vp[static_cast<std::size_t>(seat)];
    }
    return vp;
  };
  const std::vector<Allocation> mine = legal_allocations(table.seats[static_cast<std::size_t>(seat)].displayed, active);
  std::vector<SaleOption> options;
  for (const Allocation& allocation : mine) {
    const int vp = vp_of(allocation, others);
    options.push_back({to_sales(table, allocation), vp, std::numeric_limits<int>::max(), std::numeric_limits<int>::min(), false});
  }
  // Every way the seats yet to declare may still sell, one seat after another.
  const std::vector<int> open = undeclared_sellers(table, seat);
  std::vector<std::vector<Allocation>> choices;
  for (const int other : open)
    choices.push_back(legal_allocations(table.seats[static_cast<std::size_t>(other)].displayed, active));
  std::vector<Allocation> sold_by = others;
  const std::function<void(std::size_t)> each_way = [&](std::size_t next) {
    if (next == open.size()) {
      for (std::size_t i = 0; i < mine.size(); ++i) {
        const int vp = vp_of(mine[i], sold_by);
        options[i].vp_min = std::min(options[i].vp_min, vp);
        options[i].vp_max = std::max(options[i].vp_max, vp);
      }
      return;
    }
    for (const Allocation& allocation : choices[next]) {
      sold_by[static_cast<std::size_t>(open[next])] = allocation;
      each_way(next + 1);
    }
  };
  each_way(0);
  const auto worse = [](const SaleOption& a, const SaleOption& b) {
    return std::pair(a.vp_min, a.vp_max) < std::pair(b.vp_min, b.vp_max);
  };
  if (!options.empty()) {
    const SaleOption top = *std::max_element(options.begin(), options.end(), worse);
    for (SaleOption& option : options) option.best = !worse(option, top);
  }
  return options;
}

std::string describe_sales(const std::vector<Sale>& sales, const std::vector<Island>& islands) {
  if (sales.empty()) return "nothing";
  std::string text;
  for (const Sale& sale : sales) {
    if (!text.empty()) text += ", ";
    text += std::to_string(sale.count) + " " + notation::to_string(sale.good) + " on " +
            islands[static_cast<std::size_t>(sale.island)].name;
  }
  return text;
}

}  // namespace qm::meuterer
