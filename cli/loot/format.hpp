#pragma once
// Loot's output for people and for scripts (format.cpp): the final totals (CLI.md, score loot),
// shared by `score loot` and the table's `end` and `final`, and the table's announcements of
// each move, of the piles noted and of the result. The battle view has its own file
// (battle_report.hpp).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "cli/loot/table.hpp"
#include "rules/loot/board.hpp"
#include "rules/loot/table.hpp"
#include "scoring/loot/final_totals.hpp"

namespace qm::cli::loot_cli {

// CLI.md: {"players": [{"name", "captured", "in_hand", "total"}], "teams": [{"names", "total"}], "winners": [str]}.
nlohmann::json final_totals_json(const qm::loot::FinalTotals& totals);
// Aligned tables: players, then teams (if any).
void print_final_totals(Context& ctx, const qm::loot::FinalTotals& totals);

// [{"player", "cards", "captured"}]: every hand's size and the gold its player captured.
nlohmann::json hands_json(const qm::loot::Board& board);
// "deck: 40 · hands: Ann 5, Bob 6, Cy 6", then who is to play.
void print_status(Context& ctx, const LootTable& table);
// A move just played: as JSON, or for people (the move, the captures it led to, the battles, or
// the end of the game and what to type next).
void announce_move(Context& ctx, const LootTable& table, const qm::loot::MoveOutcome& outcome);
// The pile just noted, and whose are still to note.
void announce_noted(Context& ctx, const LootTable& table, LootTable::Pile pile);
// The final totals, from `end` (tracked_end: with the gold lost at sea) or from `final`.
void announce_result(Context& ctx, const LootTable& table, bool tracked_end);

}  // namespace qm::cli::loot_cli
