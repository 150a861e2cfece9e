// Loot's output for people and for scripts: the final totals and the table's announcements.
#include "cli/loot/format.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli/loot/battle_report.hpp"
#include "cli/text_table.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {

using qm::loot::ActionKind;
using qm::loot::Board;

nlohmann::json final_totals_json(const qm::loot::FinalTotals& totals) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& p : totals.players)
    players.push_back({{"name", p.name}, {"captured", p.captured}, {"in_hand", p.in_hand}, {"total", p.total}});
  nlohmann::json teams = nlohmann::json::array();
  for (const auto& t : totals.teams) teams.push_back({{"names", t.names}, {"total", t.total}});
  return {{"players", players}, {"teams", teams}, {"winners", totals.winners}};
}

void print_final_totals(Context& ctx, const qm::loot::FinalTotals& totals) {
  auto won = [&](const std::string& name) {
    return std::find(totals.winners.begin(), totals.winners.end(), name) != totals.winners.end();
  };
  TextTable players({"player", "captured", "in hand", "total"});
  for (const auto& p : totals.players)
    players.add_row({p.name + (won(p.name) ? " (winner)" : ""), std::to_string(p.captured),
                     p.in_hand == 0 ? "0" : fmt::format("-{}", p.in_hand), std::to_string(p.total)});
  players.print(ctx.print());
  if (totals.teams.empty()) return;
  ctx.print() << "\n";
  TextTable teams({"team", "total"});
  for (const auto& t : totals.teams) {
    std::string names;
    for (const std::string& name : t.names) names += (names.empty() ? "" : "+") + name;
    teams.add_row({names, std::to_string(t.total)});
  }
  teams.print(ctx.print());
}

namespace {

std::string hands_text(const Board& board) {
  std::string text;
  for (int seat = 0; seat < board.players(); ++seat)
    text += (text.empty() ? "" : ", ") + board.name(seat) + " " + std::to_string(board.hand_size(seat));
  return text;
}

std::string merchant_text(const Board& board, int number) {
  return merchant_label(number, board.merchant(number).gold);
}

// "Bob attacks #2 (m3) with blue3."
std::string move_text(const LootTable& table, const qm::loot::MoveOutcome& outcome) {
  const Board& board = table.board();
  const qm::loot::Action& action = outcome.action;
  const std::string who = table.name(action.seat);
  const std::string card = notation::to_string(action.card);
  switch (action.kind) {
    case ActionKind::draw:
      return who + " draws a card; " + std::to_string(board.deck_size()) + " left in the deck.";
    case ActionKind::float_merchant: {
      const int number = static_cast<int>(board.merchants().size());
      return fmt::format("{} floats {}: merchant #{}.", who, card, number);
    }
    case ActionKind::attack:
      if (outcome.reinforced)
        return who + " reinforces the " + notation::to_string(action.card.colour) + " fleet on " +
               merchant_text(board, action.merchant) + " with " + card + ".";
      return who + " attacks " + merchant_text(board, action.merchant) + " with " + card + ".";
    case ActionKind::captain:
      return who + "'s " + notation::to_string(action.card.colour) + " captain joins the " +
             notation::to_string(action.card.colour) + " fleet on " + merchant_text(board, action.merchant) + ".";
    case ActionKind::admiral:
      return who + "'s admiral defends " + merchant_text(board, action.merchant) + ".";
    case ActionKind::discard: return who + " discards " + card + ".";
    case ActionKind::reveal: break;
  }
  return qm::loot::describe(action, table.players());
}

// Players who still hold cards, for the `end` prompt: "end Ann=... Bob=...".
std::string end_prompt(const LootTable& table) {
  std::string text = "end";
  for (int seat = 0; seat < table.board().players(); ++seat)
    if (table.board().hand_size(seat) > 0) text += " " + table.name(seat) + "=...";
  return text;
}

}  // namespace

nlohmann::json hands_json(const Board& board) {
  nlohmann::json hands = nlohmann::json::array();
  for (int seat = 0; seat < board.players(); ++seat)
    hands.push_back({{"player", board.name(seat)}, {"cards", board.hand_size(seat)}, {"captured", board.captured_gold(seat)}});
  return hands;
}

void print_status(Context& ctx, const LootTable& table) {
  const Board& board = table.board();
  ctx.print() << "deck: " << board.deck_size() << " · hands: " << hands_text(board) << "\n";
  if (!table.whose_turn().empty()) ctx.print() << "to play: " << bold(ctx, table.whose_turn()) << "\n";
}

void announce_move(Context& ctx, const LootTable& table, const qm::loot::MoveOutcome& outcome) {
  const Board& board = table.board();
  if (ctx.json) {
    nlohmann::json captures = nlohmann::json::array();
    for (const qm::loot::Capture& capture : outcome.captures) captures.push_back(capture_json(board, capture));
    nlohmann::json lost = nlohmann::json::array();
    for (const int number : outcome.lost) lost.push_back({{"number", number}, {"gold", board.merchant(number).gold}});
    nlohmann::json doc = {{"move", qm::loot::describe(outcome.action, table.players())},
                          {"player", table.name(outcome.action.seat)},
                          {"captures", captures},
                          {"battles", battles_json(board)},
                          {"deck", board.deck_size()},
                          {"hands", hands_json(board)},
                          {"to_play", table.whose_turn()},
                          {"game_ended", outcome.ended},
                          {"lost", lost}};
    if (outcome.action.kind == ActionKind::float_merchant)
      doc["merchant"] = static_cast<int>(board.merchants().size());
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  ctx.print() << move_text(table, outcome) << "\n";
  if (outcome.deck_emptied)
    ctx.print() << bold(ctx, "The deck is empty:") << " from now on, play a card or discard one that is not a merchant.\n";
  for (const qm::loot::Capture& capture : outcome.captures) ctx.print() << good(ctx, capture_text(board, capture)) << "\n";
  if (outcome.ended) {
    std::vector<std::string> empty;
    for (int seat = 0; seat < board.players(); ++seat)
      if (board.hand_size(seat) == 0) empty.push_back(table.name(seat));
    ctx.print() << bold(ctx, fmt::format("The deck is empty and {} {} no cards left: the game is over.",
                                         and_list(empty), empty.size() > 1 ? "have" : "has"))
                << "\n";
    if (!outcome.lost.empty()) {
      std::string lost;
      for (const int number : outcome.lost) lost += (lost.empty() ? "" : ", ") + merchant_text(board, number);
      ctx.print() << bad(ctx, "Lost at sea: " + lost + " (" + std::to_string(board.lost_gold()) + " gold).") << "\n";
    }
    ctx.print() << "Show the merchants left in the hands: " << end_prompt(table) << "\n";
    return;
  }
  if (!board.sea().empty()) print_battles(ctx, board);
  print_status(ctx, table);
}

void announce_noted(Context& ctx, const LootTable& table, LootTable::Pile pile) {
  const bool hand = pile == LootTable::Pile::hand;
  const std::vector<NamedCards>& noted = table.noted(pile);
  std::vector<std::string> missing;
  for (const std::string& player : table.players())
    if (std::none_of(noted.begin(), noted.end(), [&](const NamedCards& n) { return same_name(n.name, player); }))
      missing.push_back(player);
  std::string shown;
  for (const qm::loot::Card& card : noted.back().cards) shown += " " + notation::to_string(card);
  // A table that tracked its moves ends with `end`; one that did not, with `final`.
  const char* totals = hand && !table.tracked().history().empty() ? "end" : "final";
  ctx.print() << fmt::format("{} {}:{}\n", noted.back().name, hand ? "holds" : "captured", shown.empty() ? " none" : shown);
  ctx.print() << (missing.empty() ? fmt::format("Every player is noted: '{}' gives the totals.\n", totals)
                                  : fmt::format("Still to note: {} (or '{}' now: a player not noted has none).\n",
                                                and_list(missing), totals));
}

void announce_result(Context& ctx, const LootTable& table, bool tracked_end) {
  const qm::loot::FinalTotals& totals = *table.result();
  if (ctx.json) {
    nlohmann::json doc = final_totals_json(totals);
    if (tracked_end) doc["lost_gold"] = table.board().lost_gold();
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  if (!tracked_end && !table.tracked().history().empty())
    ctx.print() << dim(ctx, fmt::format("These totals replace the {} tracked.",
                                        counted(static_cast<long long>(table.tracked().history().size()), "move")))
                << "\n";
  print_final_totals(ctx, totals);
  ctx.print() << bold(ctx, fmt::format("Game over: {} won", and_list(totals.winners))) << "\n";
}

}  // namespace qm::cli::loot_cli
