#pragma once
// What players say at the end of a game of Loot, and how the final totals are shown: lists of
// NAME=CARDS (`Ann=m5,m3`, `Bob=`), partners (`Ann+Cy`, `Ann,Cy`), and the final totals as a
// JSON document (CLI.md, score loot) or as tables for people. Shared by `score loot` and the
// table's `end` and `final`.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "scoring/loot/card.hpp"
#include "scoring/loot/final_totals.hpp"

namespace qm::cli::loot_cli {

struct NamedCards {
  std::string name;  // as first typed
  std::vector<qm::loot::Card> cards;
};

// `Ann=m5,m3 Bob= Cy=m2` -> {Ann: m5 m3, Bob: -, Cy: m2}. A word without '=' goes on with the
// previous player's list (`Ann=m5 m3`); a name given twice (any case) collects both lists.
// `what` names the option or command in error messages.
std::vector<NamedCards> parse_named_cards(const std::vector<std::string>& words, const std::string& what);

// `Ann+Cy,Bob+Dee`, `Ann,Cy` or single names in pairs (`--team Ann Cy`) -> {{Ann, Cy}, {Bob, Dee}}.
std::vector<std::vector<std::string>> parse_teams(const std::vector<std::string>& words);

// Player names are matched without case.
bool same_name(const std::string& a, const std::string& b);
// The position of `name` in `names`, compared without case; throws InputError naming it.
std::size_t index_of_name(const std::vector<std::string>& names, const std::string& name);

// CLI.md: {"players": [{"name", "captured", "in_hand", "total"}], "teams": [{"names", "total"}], "winners": [str]}.
nlohmann::json final_totals_json(const qm::loot::FinalTotals& totals);
// Aligned tables: players, then teams (if any).
void print_final_totals(Context& ctx, const qm::loot::FinalTotals& totals);
// "Ann and Bob" style list.
std::string and_list(const std::vector<std::string>& names);

}  // namespace qm::cli::loot_cli
