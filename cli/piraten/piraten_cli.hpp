#pragma once
// Piraten Kapern on the command line: what the command files share (setup functions, and the
// JSON and people's output of a turn's result and of dice).
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "scoring/piraten/turn_score.hpp"

namespace qm::cli::piraten_cli {

namespace pk = qm::piraten;

// `score piraten --card CARD --dice DICE [--chest DICE] [--skull-island]` (cmd_score_piraten.cpp)
void setup_score_piraten(CLI::App& score, Context& ctx);
// `new piraten PLAYER... [--target N] [--promo] [--no-pirate-magic] [--option K=V]` (cmd_new_piraten.cpp)
void setup_new_piraten(CLI::App& new_command, Context& ctx);

// The dice as a list of face tokens, one per die: ["coin", "coin", "skull"].
nlohmann::json dice_json(const pk::FaceCounts& dice);
// CLI.md, Scoring: {"score", "died", "skull_island", "deduction", "instant_win", "breakdown"}.
nlohmann::json result_json(const pk::TurnResult& result);
// The dice for people: "3coin 5monkey", or "none".
std::string dice_text(const pk::FaceCounts& dice);
// A signed number for people: +1500, -300, 0.
std::string signed_points(int points);
// The itemised breakdown as an aligned table, then the score and the deduction. Nine of a kind
// is announced as a win only when pirate magic is played.
void print_result(Context& ctx, const pk::TurnResult& result, bool pirate_magic = true);
// One short line about what the fortune card does to the turn.
std::string card_summary(pk::FortuneCard card);

}  // namespace qm::cli::piraten_cli
