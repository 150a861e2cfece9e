// Corsari's output for people and for scripts, shared by the scorers and the table flow.
#include <ostream>

#include <fmt/format.h>

#include "cli/corsari/format.hpp"
#include "cli/text_table.hpp"
#include "rules/seats.hpp"
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

// ---- The table -------------------------------------------------------------------------------

namespace {

using seats::at;

nlohmann::json standings_json(const game::Table& table) {
  nlohmann::json rows = nlohmann::json::array();
  const game::Match& match = table.match();
  for (int seat = 0; seat < match.players(); ++seat)
    rows.push_back({{"player", table.name(seat)}, {"penalty", match.penalty(seat)}, {"out", match.is_out(seat)}});
  return rows;
}

}  // namespace

std::string names_of(const game::Table& table, const std::vector<int>& seats) {
  std::string names;
  for (const int seat : seats) names += (names.empty() ? "" : ", ") + table.name(seat);
  return names;
}

nlohmann::json next_deal_json(const game::Table& table) {
  const game::Match& match = table.match();
  return {{"deal", table.deal_number()},
          {"dealer", match.is_over() ? nlohmann::json(nullptr) : nlohmann::json(table.name(match.dealer()))},
          {"match_over", match.is_over()},
          {"winners", table.winners()},
          {"standings", standings_json(table)}};
}

nlohmann::json sailing_json(const game::Table& table) {
  nlohmann::json doc = next_deal_json(table);
  const auto& open = table.open_sailing();
  doc["sailing_open"] = open.has_value();
  if (!open) return doc;
  doc["sailor"] = table.name(open->sailor);
  doc["tavern"] = notation::to_string(open->tavern);
  nlohmann::json players = nlohmann::json::array();
  for (const int seat : table.sailing_order()) {
    const game::SeatView view = table.seat_view(seat);
    nlohmann::json row = {{"name", table.name(seat)}, {"sailor", view.sailor}};
    row["hand"] = view.has_hand ? cards_json(*open->hands[at(seat)]) : nlohmann::json(nullptr);
    if (!view.sailor) {
      row["additions"] = view.additions_known ? cards_json(view.additions) : nlohmann::json(nullptr);
      row["additions_proposed"] = view.additions_proposed;
    }
    row["grouping"] = view.grouping ? grouping_json(*view.grouping) : nlohmann::json(nullptr);
    row["stowaway_total"] = view.grouping ? nlohmann::json(view.grouping->stowaway_total) : nlohmann::json(nullptr);
    players.push_back(std::move(row));
  }
  doc["players"] = players;
  nlohmann::json waiting = nlohmann::json::array();
  for (const int seat : table.waiting_for()) waiting.push_back(table.name(seat));
  doc["waiting_for"] = waiting;
  doc["sweep"] = table.is_sweep();
  doc["ready"] = table.ready();
  if (table.ready()) {
    const game::Settlement preview = table.preview();
    doc["proposed_settlement"] = settlement_json(preview, open->tavern, table.match().limit(), table.hands_entered());
  }
  return doc;
}

nlohmann::json deals_json(const game::Table& table) {
  const game::Match& match = table.match();
  nlohmann::json rows = nlohmann::json::array();
  for (const game::DealEntry& entry : table.deal_log()) {
    nlohmann::json row = {{"deal", entry.number}, {"dealer", table.name(entry.dealer)}, {"void", !entry.settlement}};
    const game::DealRecord& record = match.deals()[at(entry.number - 1)];
    row["delta"] = std::vector<int>(record.delta.begin(), record.delta.begin() + match.players());
    if (entry.settlement)
      row["settlement"] = settlement_json(*entry.settlement, entry.tavern, match.limit(), entry.hand_entered);
    rows.push_back(std::move(row));
  }
  return {{"players", table.players()}, {"deals", rows}, {"next", next_deal_json(table)}};
}

void print_sailing(Context& ctx, const game::Table& table) {
  const auto& open = table.open_sailing();
  if (!open) return;
  const std::string& sailor = table.name(open->sailor);
  if (table.ready()) {
    const game::Settlement preview = table.preview();
    if (table.is_sweep()) {
      ctx.print() << bold(ctx, sailor + " has no stowaways: a sweep, " + sailor + " wins the match.") << "\n"
                  << "Type 'confirm' to record it.\n";
      return;
    }
    ctx.print() << bold(ctx, "Proposed settlement") << " (additions marked (best) are the assistant's proposal):\n";
    print_settlement(ctx, preview, open->tavern, table.match().limit());
    ctx.print() << "Type 'confirm' to record it, or 'add NAME CARDS' (or 'add NAME none') to state other additions.\n";
    return;
  }
  TextTable out({"player", "hand", "added to the crew", "stowaways", "total"});
  for (const int seat : table.sailing_order()) {
    const game::SeatView view = table.seat_view(seat);
    const std::string name = table.name(seat) + (view.sailor ? " (sails)" : "");
    if (!view.has_hand) {
      out.add_row({name, dim(ctx, "waiting"), "", "", ""});
      continue;
    }
    std::string added;
    if (!view.sailor)
      added = view.additions_known ? cards_text(view.additions, "none") + (view.additions_proposed && !view.additions.empty() ? " (best)" : "")
                                   : "(after " + sailor + "'s hand)";
    out.add_row({name, "12 cards", added, cards_text(view.grouping->stowaways, "none"),
                 std::to_string(view.grouping->stowaway_total)});
  }
  out.print(ctx.print());
  ctx.print() << "waiting for: " << names_of(table, table.waiting_for()) << " ('hand NAME CARDS')\n";
}

void print_next_deal(Context& ctx, const game::Table& table) {
  if (table.match().is_over()) return;
  ctx.print() << fmt::format("Deal {}: {} deals. When someone sails: 'sail NAME --tavern COLOUR'; 'void' if the tavern runs out.\n",
                             table.deal_number(), table.name(table.match().dealer()));
}

void print_deal(Context& ctx, const game::Table& table) {
  const auto& open = table.open_sailing();
  if (!open) {
    print_next_deal(ctx, table);
    return;
  }
  ctx.print() << fmt::format("Deal {}: {} sails, tavern {}.\n", table.deal_number(), table.name(open->sailor),
                             notation::to_string(open->tavern));
  print_sailing(ctx, table);
}

void print_additions(Context& ctx, const std::string& name, const game::SeatView& view) {
  ctx.print() << fmt::format("{} {} {}: {}.\n", name, view.additions_proposed ? "would best add" : "adds",
                             cards_text(view.additions, "nothing"), counted(view.grouping->stowaway_total, "stowaway point"));
}

void print_deals(Context& ctx, const game::Table& table) {
  if (table.deal_log().empty()) {
    ctx.print() << "No deal finished yet.\n";
    return;
  }
  const game::Match& match = table.match();
  const std::vector<std::string>& players = table.players();
  std::vector<std::string> header = {"deal", "dealer", "sailed"};
  for (const std::string& player : players) header.push_back(player);
  TextTable out(header);
  std::vector<int> running(players.size(), 0);
  for (const game::DealEntry& entry : table.deal_log()) {
    const game::DealRecord& record = match.deals()[at(entry.number - 1)];
    std::string sailed = "void";
    if (entry.settlement) {
      const game::Settlement& s = *entry.settlement;
      sailed = fmt::format("{} ({}, {})", s.players[s.sailor].name, notation::to_string(entry.tavern), s.sailor_total);
      if (s.sweep) sailed += " sweep";
    }
    std::vector<std::string> row = {std::to_string(entry.number), table.name(entry.dealer), sailed};
    for (std::size_t seat = 0; seat < players.size(); ++seat) {
      running[seat] += record.delta[seat];
      row.push_back(entry.settlement ? fmt::format("{} = {}", signed_number(record.delta[seat]), running[seat]) : "");
    }
    out.add_row(row);
  }
  out.print(ctx.print());
}

}  // namespace qm::cli::corsari_cli
