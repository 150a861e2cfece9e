#pragma once
// The battle view at the table (issue 5, item 2): for each merchant at sea, the fleets on it
// with colour and strength, the captains and admiral in play order, who is winning and why, and
// at the start of whose turn it is taken if nothing changes. As a table for people, as JSON for
// scripts; and the capture announcements.
#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "rules/loot/battle_view.hpp"
#include "rules/loot/board.hpp"

namespace qm::cli::loot_cli {

// {"number", "gold", "owner", "fleets": [{"players", "colour", "skulls", "captain"}],
//  "heroes": [{"player", "card"}], "leading": str|null, "reason": str, "skulls": int,
//  "taken_at_turn_of": str|null, "explanation": str}
nlohmann::json battle_json(const qm::loot::Board& board, const qm::loot::BattleView& view);
nlohmann::json battles_json(const qm::loot::Board& board);
// One row per merchant at sea; "no merchants at sea" when there are none.
void print_battles(Context& ctx, const qm::loot::Board& board);
// "#2 (m3)": a merchant by its number and gold.
std::string merchant_label(int number, int gold);
// "unattacked", "strength", "tie", "last_captain", "last_admiral".
std::string reason_name(qm::loot::LeadReason reason);
// Why a merchant goes to its taker, in a few words: "unattacked", "7 skulls against 5", ...
std::string reason_text(const qm::loot::Board& board, const qm::loot::BattleView& view);
// {"number", "gold", "player", "reason"} and "Bob takes #2 (m3): 7 skulls against 5."
nlohmann::json capture_json(const qm::loot::Board& board, const qm::loot::Capture& capture);
std::string capture_text(const qm::loot::Board& board, const qm::loot::Capture& capture);

}  // namespace qm::cli::loot_cli
