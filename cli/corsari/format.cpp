// Corsari's output for people and for scripts, shared by the scorers and the table flow.
#include <ostream>

#include <fmt/format.h>

#include "cli/corsari/format.hpp"
#include "cli/text_table.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {

std::string cards_text(const std::vector<game::Card>& cards, const std::string& empty) {
  if (cards.empty()) return empty;
  std::string text;
  for (const game::Card card : cards) text += (text.empty() ? "" : " ") + notation::to_string(card);
  return text;
}

nlohmann::json cards_json(const std::vector<game::Card>& cards) {
  nlohmann::json list = nlohmann::json::array();
  for (const game::Card card : cards) list.push_back(notation::to_string(card));
  return list;
}

nlohmann::json grouping_json(const game::Grouping& grouping) {
  nlohmann::json colours = nlohmann::json::array();
  for (const game::Colour colour : grouping.crew_colours) colours.push_back(notation::to_string(colour));
  return {{"prisoners", cards_json(grouping.prisoners)},
          {"crew", cards_json(grouping.crew)},
          {"crew_colours", colours},
          {"stowaways", cards_json(grouping.stowaways)},
          {"stowaway_total", grouping.stowaway_total}};
}

std::string case_name(game::SettlementCase settlement_case) {
  switch (settlement_case) {
    case game::SettlementCase::opponent_pays: return "opponent_pays";
    case game::SettlementCase::opponent_hands_over: return "opponent_hands_over";
    case game::SettlementCase::sailor_clear: return "sailor_clear";
    case game::SettlementCase::sailor_pays: return "sailor_pays";
    case game::SettlementCase::sweep_winner: return "sweep_winner";
    case game::SettlementCase::swept: return "swept";
  }
  return "unknown";
}

std::string signed_number(int value) { return value > 0 ? "+" + std::to_string(value) : std::to_string(value); }

nlohmann::json settlement_json(const game::Settlement& settlement, game::Colour tavern, int limit,
                               const std::vector<bool>& entered) {
  nlohmann::json players = nlohmann::json::array();
  for (std::size_t i = 0; i < settlement.players.size(); ++i) {
    const game::PlayerSettlement& line = settlement.players[i];
    nlohmann::json row = {{"name", line.name},
                          {"sailor", i == settlement.sailor},
                          {"additions", cards_json(line.additions)},
                          {"additions_proposed", line.additions_proposed},
                          {"stowaways", cards_json(line.grouping.stowaways)},
                          {"stowaway_total", line.grouping.stowaway_total},
                          {"delta", line.delta},
                          {"penalty", line.penalty},
                          {"out", line.out},
                          {"case", case_name(line.settlement_case)},
                          {"explanation", game::explain(settlement, i, limit)}};
    row["grouping"] = grouping_json(line.grouping);
    if (i < entered.size()) row["hand_entered"] = static_cast<bool>(entered[i]);
    players.push_back(std::move(row));
  }
  nlohmann::json winners = nlohmann::json::array();
  for (const std::size_t winner : settlement.winners) winners.push_back(settlement.players.at(winner).name);
  return {{"tavern", notation::to_string(tavern)},
          {"sailor", settlement.players.at(settlement.sailor).name},
          {"sailor_total", settlement.sailor_total},
          {"received_total", settlement.received_total},
          {"sweep", settlement.sweep},
          {"limit", limit},
          {"players", players},
          {"match_over", settlement.match_over},
          {"winners", winners}};
}

void print_grouping(Context& ctx, const game::Grouping& grouping) {
  std::string colours;
  for (const game::Colour colour : grouping.crew_colours) colours += (colours.empty() ? "" : " and ") + notation::to_string(colour);
  TextTable table({"group", "cards"});
  table.add_row({"prisoners", cards_text(grouping.prisoners, "none")});
  table.add_row({"crew", cards_text(grouping.crew, "none") + (colours.empty() ? "" : " (" + colours + ")")});
  table.add_row({"stowaways", cards_text(grouping.stowaways, "none")});
  table.print(ctx.print());
  ctx.print() << "stowaway total: " << bold(ctx, std::to_string(grouping.stowaway_total)) << "\n";
}

void print_settlement(Context& ctx, const game::Settlement& settlement, game::Colour tavern, int limit,
                      const std::vector<bool>& entered) {
  const game::PlayerSettlement& sailor = settlement.players.at(settlement.sailor);
  ctx.print() << fmt::format("{} sailed, tavern {}: {}{}\n", sailor.name, notation::to_string(tavern),
                             counted(settlement.sailor_total, "stowaway point"), settlement.sweep ? bold(ctx, ", a sweep") : "");
  TextTable table({"player", "added to the crew", "stowaways", "total", "change", "penalty"});
  for (std::size_t i = 0; i < settlement.players.size(); ++i) {
    const game::PlayerSettlement& line = settlement.players[i];
    std::string added = "(sails)";
    if (i != settlement.sailor)
      added = cards_text(line.additions, "none") + (line.additions_proposed && !line.additions.empty() ? " (best)" : "");
    if (settlement.sweep && i != settlement.sailor) added = "";
    std::string mark = line.out ? " (out)" : "";
    if (settlement.match_over)
      for (const std::size_t winner : settlement.winners)
        if (winner == i) mark = " (winner)";
    const bool typed = i >= entered.size() || entered[i];
    table.add_row({line.name + mark, added, typed ? cards_text(line.grouping.stowaways, "none") : kNotEntered,
                   typed ? std::to_string(line.grouping.stowaway_total) : kNotEntered, signed_number(line.delta),
                   std::to_string(line.penalty)});
  }
  table.print(ctx.print());
  for (std::size_t i = 0; i < settlement.players.size(); ++i) {
    const std::string sentence = game::explain(settlement, i, limit);
    const game::PlayerSettlement& line = settlement.players[i];
    const bool hurt = line.delta > 0 || line.out;
    ctx.print() << "  " << (line.delta < 0 || line.settlement_case == game::SettlementCase::sweep_winner
                                ? good(ctx, sentence)
                                : hurt ? bad(ctx, sentence) : sentence)
                << "\n";
  }
}

}  // namespace qm::cli::corsari_cli
