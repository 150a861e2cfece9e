#include "rules/meuterer/policies.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {
namespace {

// Guesses for the roles whose worth depends on what others hide (the greedy player's priors).
constexpr double kShipsBoyGuess = 1.0;  // 2 VP, but only when a mutiny succeeds
constexpr double kLoaderGuess = 0.5;    // a better hand next round
constexpr double kMerchantGuess = 1.0;  // the sole price even when tied

const Island& island_at(const State& state, int index) { return state.components().islands[static_cast<std::size_t>(index)]; }

// What displaying one more `good` could earn: the sole price of the best active island that buys it,
// if the seat would then hold more of a good that island buys than any other seat displays.
int display_value(const State& state, int seat, Good good) {
  if (!is_saleable(good)) return 0;
  int best = 0;
  for (int index : state.active_islands()) {
    const Island& island = island_at(state, index);
    if (!island.buys(good)) continue;
    int rival = 0;
    for (int other = 0; other < state.players(); ++other) {
      if (other == seat) continue;
      for (Good g : kAllGoods)
        if (island.buys(g)) rival = std::max(rival, state.displayed(other)[g]);
    }
    if (state.displayed(seat)[good] + 1 > rival) best = std::max(best, island.sale_vp[0]);
  }
  return best;
}

Action greedy_offer(const State& state, const ActionList& legal) {
  const int seat = state.current_player();
  const GoodCounts& hand = state.hand(seat);
  Good best_good = Good::ruby;
  int best_value = 0;
  for (Good good : kAllGoods) {
    if (hand[good] == 0) continue;
    const int value = display_value(state, seat, good);
    if (value > best_value) {
      best_value = value;
      best_good = good;
    }
  }
  if (seat == state.captain()) {
    // The captain's destination is its hand size: pass once no smaller hand reaches a better island.
    const int cards = hand.total();
    auto destination_vp = [&](int steps) {
      const int islands = static_cast<int>(state.components().islands.size());
      return island_at(state, (state.ship() + steps) % islands).destination_vp;
    };
    int best_reachable = destination_vp(cards);
    for (int k = 0; k < cards; ++k) best_reachable = std::max(best_reachable, destination_vp(k));
    if (destination_vp(cards) >= best_reachable) return Action::pass(Role::none);
    if (best_value > 0) return Action::display(best_good);
    if (hand[Good::combat] > 0) return Action::display(Good::combat);  // strength against a mutiny
    Good most = Good::ruby;
    for (Good good : kAllGoods)
      if (hand[good] > hand[most]) most = good;
    return Action::display(most);
  }
  if (best_value > 0) return Action::display(best_good);
  // Pass, taking the action card worth most.
  Action best = legal.items[static_cast<std::size_t>(legal.size - 1)];
  double best_role = -1;
  for (const Action& action : legal) {
    if (action.kind != ActionKind::pass) continue;
    const double value = expected_role_vp(state, action.card());
    if (value > best_role) {
      best_role = value;
      best = action;
    }
  }
  return best;
}

Action greedy_sales(const State& state, const ActionList& legal) {
  const int seat = state.current_player();
  const std::vector<int> active = state.active_islands();
  int merchant = -1;
  for (int other = 0; other < state.players(); ++other)
    if (state.role(other) == Role::merchant) merchant = other;
  Action best = legal.items[0];
  int best_vp = -1;
  for (const Action& action : legal) {
    const Allocation allocation = action.allocation();
    int vp = 0;
    for (std::size_t slot = 0; slot < active.size(); ++slot) {
      std::array<int, kMaxPlayers> sold{};
      std::array<int, kMaxPlayers> island_vp{};
      // Seats that have not declared yet still hold an empty allocation.
      for (int other = 0; other < state.players(); ++other)
        sold[static_cast<std::size_t>(other)] = state.allocation(other).count[slot];
      sold[static_cast<std::size_t>(seat)] = allocation.count[slot];
      score_island(island_at(state, active[slot]), std::span<const int>(sold.data(), static_cast<std::size_t>(state.players())),
                   merchant, state.options().sale_rules,
                   std::span<int>(island_vp.data(), static_cast<std::size_t>(state.players())));
      vp += island_vp[static_cast<std::size_t>(seat)];
    }
    if (vp > best_vp) {
      best_vp = vp;
      best = action;
    }
  }
  return best;
}

Action greedy_return(const State& state) {
  const GoodCounts& hand = state.hand(state.current_player());
  for (Good good : {Good::pirate, Good::combat})
    if (hand[good] > 0) return Action::return_good(good);
  Good most = Good::ruby;
  for (Good good : kAllGoods)
    if (hand[good] > hand[most]) most = good;
  return Action::return_good(most);
}

}  // namespace

const std::vector<std::string>& policy_names() {
  static const std::vector<std::string> kNames = {"random", "greedy"};
  return kNames;
}

Policy parse_policy(std::string_view name) {
  if (name == "random") return Policy::random;
  if (name == "greedy") return Policy::greedy;
  throw InputError("unknown Meuterer policy " + quoted_token(name) + " (random, greedy)");
}

double expected_role_vp(const State& state, Role card) {
  const int seat = state.current_player();
  switch (card) {
    case Role::mate: return kMateBaseVp + state.offer();
    case Role::mutineer: {
      // Worth the destination only if its combat cards at least match the captain's displayed
      // combat plus a mate's +1 (a tie goes to the mutineer).
      const int islands = static_cast<int>(state.components().islands.size());
      const int cards = state.hand(seat).total();
      const int destination = ((state.ship() - cards) % islands + islands) % islands;
      const int mine = state.displayed(seat)[Good::combat] + state.hand(seat)[Good::combat];
      const int theirs = state.displayed(state.captain())[Good::combat] + kMateStrength;
      return mine >= theirs ? island_at(state, destination).destination_vp : 0.0;
    }
    case Role::ships_boy: return kShipsBoyGuess;
    case Role::merchant: {
      const GoodCounts& displayed = state.displayed(seat);
      for (Good good : kAllGoods)
        for (int index : state.active_islands())
          if (displayed[good] > 0 && island_at(state, index).buys(good)) return kMerchantGuess;
      return 0.0;
    }
    case Role::loader: return kLoaderGuess;
    case Role::none:
    case Role::captain: return 0.0;
  }
  return 0.0;
}

Action choose_action(const State& state, Policy policy, rules::Rng& rng, ActionList& scratch) {
  state.legal_actions(scratch);
  if (scratch.size == 0) throw std::logic_error("Meuterer: no legal action for a policy");
  if (policy == Policy::random || scratch.size == 1)
    return scratch.items[std::uniform_int_distribution<std::size_t>(0, static_cast<std::size_t>(scratch.size) - 1)(rng)];
  switch (state.phase()) {
    case Phase::captain_card: {
      // The smallest offer keeps the most of the destination's VP.
      Action best = scratch.items[0];
      int least = 1 << 20;
      for (const Action& action : scratch) {
        const int value = state.components().captain_cards[static_cast<std::size_t>(action.captain_card_index())]
                                                          [static_cast<std::size_t>(action.captain_card_side())];
        if (value < least) {
          least = value;
          best = action;
        }
      }
      return best;
    }
    case Phase::offers: return greedy_offer(state, scratch);
    case Phase::mutiny: return scratch.items[static_cast<std::size_t>(scratch.size - 1)];  // every combat card
    case Phase::sales: return greedy_sales(state, scratch);
    case Phase::loader_return: return greedy_return(state);
    default: return scratch.items[0];
  }
}

}  // namespace qm::meuterer
