#include "rules/loot/policies.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

// The greedy player defends merchants "worth 5 or more" with the admiral.
constexpr int kAdmiralWorthy = 5;

// Move priorities of the greedy player: a higher band always beats a lower one.
constexpr int kDefendBand = 1000;
constexpr int kWinBand = 500;
constexpr int kFloatBand = 300;
constexpr int kDrawBand = 100;
constexpr int kDiscardBand = 40;
constexpr int kHopelessAttackBand = 30;
constexpr int kWastedBand = 10;

struct Standing {
  int own = 0;    // our side's skulls on the merchant
  int rival = 0;  // the strongest other side's skulls
};

Standing standing(const Board& board, const Battle& battle, int side) {
  std::array<int, kMaxPlayers> strength{};
  for (int seat = 0; seat < board.players(); ++seat)
    strength[static_cast<std::size_t>(board.side_of(seat))] += battle.skulls[static_cast<std::size_t>(seat)];
  Standing result;
  for (int other = 0; other < board.side_count(); ++other) {
    if (other == side) result.own = strength[static_cast<std::size_t>(other)];
    else result.rival = std::max(result.rival, strength[static_cast<std::size_t>(other)]);
  }
  return result;
}

bool holds_fighters(const CardCounts& hand) {
  for (int type = kFirstPirateType; type < kCardTypes; ++type)
    if (hand[static_cast<std::size_t>(type)] > 0) return true;
  return false;
}

int greedy_priority(const State& state, const Action& action) {
  const Board& board = state.board();
  const int side = board.side_of(action.seat);
  switch (action.kind) {
    case ActionKind::draw: return kDrawBand;
    case ActionKind::float_merchant:
      if (board.deck_size() == 0 || holds_fighters(state.hand(action.seat))) return kFloatBand + action.card.value;
      return kWastedBand;
    case ActionKind::discard:
      // Weak pirate ships go first; captains and the admiral last.
      return kDiscardBand + (action.card.kind == CardKind::pirate ? kMaxSkulls + 1 - action.card.value : 0);
    case ActionKind::reveal: return 0;
    default: break;
  }
  const Battle& battle = *board.at_sea(action.merchant);
  const Lead lead = board.lead(battle);
  const bool ours = lead.side == side;
  switch (action.kind) {
    case ActionKind::admiral:
      if (!ours && battle.gold >= kAdmiralWorthy) return kDefendBand + battle.gold;
      return 0;
    case ActionKind::captain:
      return ours ? kWastedBand : kWinBand + 10 * battle.gold;
    case ActionKind::attack: {
      if (ours) return kWastedBand;
      const Standing now = standing(board, battle, side);
      const bool wins = battle.hero_count == 0 && now.own + action.card.value > now.rival;
      // The weakest winning ship keeps the strong ones for later.
      if (wins) return kWinBand + 10 * battle.gold + kMaxSkulls + 1 - action.card.value;
      return kHopelessAttackBand;
    }
    default: return 0;
  }
}

}  // namespace

const std::vector<std::string>& policy_names() {
  static const std::vector<std::string> names = {"random", "greedy"};
  return names;
}

Policy policy_named(std::string_view name) {
  if (name == "random") return Policy::random;
  if (name == "greedy") return Policy::greedy;
  throw InputError("unknown Loot policy " + quoted_token(name) + " (known: random, greedy)");
}

Action choose_action(Policy policy, const State& state, const ActionList& legal, rules::Rng& rng) {
  if (policy == Policy::random) return legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
  int best = 0;
  int best_priority = greedy_priority(state, legal[0]);
  for (int index = 1; index < legal.size(); ++index) {
    const int priority = greedy_priority(state, legal[index]);
    if (priority > best_priority) {
      best = index;
      best_priority = priority;
    }
  }
  return legal[best];
}

}  // namespace qm::loot
