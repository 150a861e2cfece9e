#include "rules/loot/battle_view.hpp"

#include <algorithm>

#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {

BattleView battle_view(const Board& board, const Battle& battle) {
  BattleView view;
  view.number = battle.number;
  view.gold = battle.gold;
  view.owner = battle.owner;
  // Fleets in the order their first ship arrived.
  std::vector<int> arrivals;
  for (int seat = 0; seat < board.players(); ++seat)
    if (battle.joined[static_cast<std::size_t>(seat)] > 0) arrivals.push_back(seat);
  std::sort(arrivals.begin(), arrivals.end(), [&](int a, int b) {
    return battle.joined[static_cast<std::size_t>(a)] < battle.joined[static_cast<std::size_t>(b)];
  });
  for (const int seat : arrivals) {
    const int side = board.side_of(seat);
    auto fleet = std::find_if(view.fleets.begin(), view.fleets.end(), [&](const FleetView& f) { return f.side == side; });
    if (fleet == view.fleets.end()) {
      FleetView created;
      created.side = side;
      created.colour = static_cast<Colour>(battle.colour[static_cast<std::size_t>(seat)]);
      created.captain = battle.cards[static_cast<std::size_t>(type_of(Card::captain(created.colour)))] > 0;
      view.fleets.push_back(created);
      fleet = view.fleets.end() - 1;
    }
    fleet->seats.push_back(seat);
    fleet->skulls += battle.skulls[static_cast<std::size_t>(seat)];
  }
  view.heroes.assign(battle.heroes.begin(), battle.heroes.begin() + battle.hero_count);
  view.lead = board.lead(battle);
  if (view.lead.side >= 0) view.taken_at_turn_of = board.capturing_seat(view.lead.side);
  return view;
}

std::vector<BattleView> battle_view(const Board& board) {
  std::vector<BattleView> views;
  for (const Battle& battle : board.merchants())
    if (battle.at_sea) views.push_back(battle_view(board, battle));
  return views;
}

std::string explain(const Board& board, const BattleView& view) {
  std::string text = "#";
  text += std::to_string(view.number);
  text += " m";
  text += std::to_string(view.gold);
  text += " (" + board.name(view.owner) + "): ";
  const Lead& lead = view.lead;
  const std::string taker = lead.taker >= 0 ? board.name(lead.taker) : "";
  int runner_up = 0;
  for (const FleetView& fleet : view.fleets)
    if (fleet.side != lead.side) runner_up = std::max(runner_up, fleet.skulls);
  switch (lead.reason) {
    case LeadReason::unattacked: text += "unattacked"; break;
    case LeadReason::strength:
      text += taker + " wins with " + counted(lead.skulls, "skull") + " against " + std::to_string(runner_up);
      break;
    case LeadReason::tie:
      text += "tied at " + counted(lead.skulls, "skull") + ": nobody takes it yet";
      return text;
    case LeadReason::last_captain: text += "the last hero played is a captain, for " + taker; break;
    case LeadReason::last_admiral: text += "the last hero played is the admiral, for " + taker; break;
  }
  text += "; " + taker + " takes it at the start of " + board.name(view.taken_at_turn_of) + "'s turn";
  return text;
}

}  // namespace qm::loot
