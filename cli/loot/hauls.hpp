#pragma once
// What players say at the end of a game of Loot: lists of NAME=CARDS (`Ann=m5,m3`, `Bob=`) and
// partners (`Ann+Cy`, `Ann,Cy`). Shared by `score loot`, `new loot --teams` and the table's
// `end` and `final`.
#include <string>
#include <vector>

#include "rules/loot/table.hpp"

namespace qm::cli::loot_cli {

using qm::loot::NamedCards;

// `Ann=m5,m3 Bob= Cy=m2` -> {Ann: m5 m3, Bob: -, Cy: m2}. A word without '=' goes on with the
// previous player's list (`Ann=m5 m3`); a name given twice (any case) collects both lists.
// `what` names the option or command in error messages.
std::vector<NamedCards> parse_named_cards(const std::vector<std::string>& words, const std::string& what);

// `Ann+Cy,Bob+Dee`, `Ann,Cy` or single names in pairs (`--team Ann Cy`) -> {{Ann, Cy}, {Bob, Dee}}.
std::vector<std::vector<std::string>> parse_teams(const std::vector<std::string>& words);

// Player names (and keywords) are matched without case.
bool same_name(const std::string& a, const std::string& b);

}  // namespace qm::cli::loot_cli
