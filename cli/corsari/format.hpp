#pragma once
// Corsari's output for people and for scripts (format.cpp): the scorers' and the table's.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "rules/corsari/table.hpp"
#include "scoring/corsari/card.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/corsari/settlement.hpp"

namespace qm::cli::corsari_cli {

namespace game = qm::corsari;

// "red1 red2 blue3", or `empty` when there are no cards.
std::string cards_text(const std::vector<game::Card>& cards, const std::string& empty = "-");
nlohmann::json cards_json(const std::vector<game::Card>& cards);
// {"prisoners", "crew", "crew_colours", "stowaways", "stowaway_total"} (CLI.md, score corsari).
nlohmann::json grouping_json(const game::Grouping& grouping);
// "opponent_pays", "opponent_hands_over", "sailor_clear", "sailor_pays", "sweep_winner", "swept".
std::string case_name(game::SettlementCase settlement_case);
// A hand a sweep settled without: in the tables of people's output, where its cards and total
// would be.
inline constexpr const char* kNotEntered = "not entered";

// CLI.md's `score corsari-sailing` document, with extra fields (grouping, case, explanation).
// With `entered` (per player: was the hand typed), each player also has "hand_entered".
nlohmann::json settlement_json(const game::Settlement& settlement, game::Colour tavern, int limit,
                               const std::vector<bool>& entered = {});
// People's output: one line per group.
void print_grouping(Context& ctx, const game::Grouping& grouping);
// People's output: the settlement table and one sentence per player. With `entered` (per player:
// was the hand typed), a hand never entered shows as such rather than as no stowaways.
void print_settlement(Context& ctx, const game::Settlement& settlement, game::Colour tavern, int limit,
                      const std::vector<bool>& entered = {});
// "+12", "-10", "0".
std::string signed_number(int value);

// ---- The table (rules/corsari/table.hpp) ---------------------------------------------------

// "Bob, Cy": the players at these seats.
std::string names_of(const game::Table& table, const std::vector<int>& seats);
// The next deal, in the JSON of every table command: {"deal", "dealer", "match_over", "winners",
// "standings"}.
nlohmann::json next_deal_json(const game::Table& table);
// Where the deal stands: the next deal's document, whether a sailing is open and, if so, its
// seats, who is awaited and, once it is ready, the proposed settlement.
nlohmann::json sailing_json(const game::Table& table);
// The score sheet deal by deal: {"players", "deals", "next"}.
nlohmann::json deals_json(const game::Table& table);
// People's output: the sailing being entered (a table of hands, or the proposed settlement).
void print_sailing(Context& ctx, const game::Table& table);
// "Deal 2: Bob deals. When someone sails: ..." (nothing once the match is over).
void print_next_deal(Context& ctx, const game::Table& table);
// Where play stands: the sailing being entered, or whose deal it is.
void print_deal(Context& ctx, const game::Table& table);
// "Bob would best add red4: 12 stowaway points." (or "adds", once stated)
void print_additions(Context& ctx, const std::string& name, const game::SeatView& view);
// The score sheet, a row per deal with each player's change and running penalty.
void print_deals(Context& ctx, const game::Table& table);

}  // namespace qm::cli::corsari_cli
