#include "cli/loot/battle_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {
namespace {

using qm::loot::BattleView;
using qm::loot::Board;
using qm::loot::LeadReason;

std::string fleet_names(const Board& board, const qm::loot::FleetView& fleet) {
  std::string names;
  for (const int seat : fleet.seats) names += (names.empty() ? "" : "+") + board.name(seat);
  return names;
}

// The view of a merchant just captured: it has left the sea, but what lay on it is still known.
BattleView view_of(const Board& board, int number) { return qm::loot::battle_view(board, board.merchant(number)); }

}  // namespace

std::string merchant_label(int number, int gold) { return fmt::format("#{} (m{})", number, gold); }

std::string reason_name(LeadReason reason) {
  switch (reason) {
    case LeadReason::unattacked: return "unattacked";
    case LeadReason::strength: return "strength";
    case LeadReason::tie: return "tie";
    case LeadReason::last_captain: return "last_captain";
    case LeadReason::last_admiral: return "last_admiral";
  }
  return "?";
}

std::string reason_text(const Board&, const BattleView& view) {
  int runner_up = 0;
  for (const qm::loot::FleetView& fleet : view.fleets)
    if (fleet.side != view.lead.side) runner_up = std::max(runner_up, fleet.skulls);
  switch (view.lead.reason) {
    case LeadReason::unattacked: return "unattacked";
    case LeadReason::strength:
      return counted(view.lead.skulls, "skull") + " against " + std::to_string(runner_up);
    case LeadReason::tie: return "tied at " + counted(view.lead.skulls, "skull");
    case LeadReason::last_captain: return "captain played last";
    case LeadReason::last_admiral: return "admiral played last";
  }
  return "?";
}

nlohmann::json battle_json(const Board& board, const BattleView& view) {
  nlohmann::json fleets = nlohmann::json::array();
  for (const qm::loot::FleetView& fleet : view.fleets) {
    std::vector<std::string> players;
    for (const int seat : fleet.seats) players.push_back(board.name(seat));
    fleets.push_back({{"players", players},
                      {"colour", notation::to_string(fleet.colour)},
                      {"skulls", fleet.skulls},
                      {"captain", fleet.captain}});
  }
  nlohmann::json heroes = nlohmann::json::array();
  for (const qm::loot::HeroPlay& hero : view.heroes)
    heroes.push_back({{"player", board.name(hero.seat)}, {"card", notation::to_string(hero.card)}});
  const bool led = view.lead.taker >= 0;
  return {{"number", view.number},
          {"gold", view.gold},
          {"owner", board.name(view.owner)},
          {"fleets", fleets},
          {"heroes", heroes},
          {"leading", led ? nlohmann::json(board.name(view.lead.taker)) : nlohmann::json(nullptr)},
          {"reason", reason_name(view.lead.reason)},
          {"skulls", view.lead.skulls},
          {"taken_at_turn_of",
           view.taken_at_turn_of >= 0 ? nlohmann::json(board.name(view.taken_at_turn_of)) : nlohmann::json(nullptr)},
          {"explanation", qm::loot::explain(board, view)}};
}

nlohmann::json battles_json(const Board& board) {
  nlohmann::json out = nlohmann::json::array();
  for (const BattleView& view : qm::loot::battle_view(board)) out.push_back(battle_json(board, view));
  return out;
}

void print_battles(Context& ctx, const Board& board) {
  const std::vector<BattleView> views = qm::loot::battle_view(board);
  if (views.empty()) {
    ctx.print() << dim(ctx, "no merchants at sea") << "\n";
    return;
  }
  TextTable table({"merchant", "owner", "fleets", "captains/admiral", "winning", "why", "taken at the start of"});
  for (const BattleView& view : views) {
    std::string fleets;
    for (const qm::loot::FleetView& fleet : view.fleets)
      fleets += (fleets.empty() ? "" : ", ") + fleet_names(board, fleet) + " " + notation::to_string(fleet.colour) + " " +
                std::to_string(fleet.skulls) + (fleet.captain ? "+captain" : "");
    std::string heroes;
    for (const qm::loot::HeroPlay& hero : view.heroes)
      heroes += (heroes.empty() ? "" : ", ") + notation::to_string(hero.card) + " " + board.name(hero.seat);
    const bool led = view.lead.taker >= 0;
    table.add_row({merchant_label(view.number, view.gold), board.name(view.owner), fleets.empty() ? "none" : fleets,
                   heroes.empty() ? "none" : heroes, led ? board.name(view.lead.taker) : "nobody",
                   reason_text(board, view), led ? board.name(view.taken_at_turn_of) + "'s turn" : "not while tied"});
  }
  table.print(ctx.print());
}

nlohmann::json capture_json(const Board& board, const qm::loot::Capture& capture) {
  const BattleView view = view_of(board, capture.number);
  return {{"number", capture.number},
          {"gold", capture.gold},
          {"player", board.name(capture.seat)},
          {"reason", reason_name(view.lead.reason)}};
}

std::string capture_text(const Board& board, const qm::loot::Capture& capture) {
  return board.name(capture.seat) + " takes " + merchant_label(capture.number, capture.gold) + ": " +
         reason_text(board, view_of(board, capture.number)) + ".";
}

}  // namespace qm::cli::loot_cli
