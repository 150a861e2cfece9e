#include "scoring/loot/final_totals.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/loot/deck.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

// RULINGS.md, Loot: Teams: "teams of two".
constexpr std::size_t kTeamSize = 2;

int seat_named(const std::vector<PlayerHaul>& players, const std::string& name) {
  for (std::size_t seat = 0; seat < players.size(); ++seat)
    if (notation::folded(players[seat].name) == notation::folded(name)) return static_cast<int>(seat);
  throw InputError("team member " + quoted_token(name) + " is not one of the players");
}

void check_players(const std::vector<PlayerHaul>& players) {
  if (players.empty()) throw InputError("final totals need at least one player");
  CardCounts seen{};
  for (std::size_t seat = 0; seat < players.size(); ++seat) {
    const PlayerHaul& haul = players[seat];
    if (haul.name.empty()) throw InputError("a player has no name");
    for (std::size_t other = 0; other < seat; ++other)
      if (notation::folded(players[other].name) == notation::folded(haul.name)) throw InputError("player " + quoted_token(haul.name) + " is named twice");
    for (const Card& card : haul.captured) {
      if (card.kind != CardKind::merchant)
        throw InputError(haul.name + " captured '" + notation::to_string(card) + "', but only merchant ships are captured");
    }
    for (const std::vector<Card>* cards : {&haul.captured, &haul.in_hand}) {
      for (const Card& card : *cards) {
        if (!is_real(card)) throw InputError("'" + notation::to_string(card) + "' is not a Loot card");
        const auto type = static_cast<std::size_t>(type_of(card));
        if (++seen[type] > copies_of_type(static_cast<int>(type)))
          throw InputError("'" + notation::to_string(card) + "' is named " + std::to_string(seen[type]) +
                           " times, but the deck holds only " + std::to_string(copies_of_type(static_cast<int>(type))));
      }
    }
  }
}

// team_of[seat] for a layout in which every player is in exactly one team of two.
std::vector<int> team_of_seats(const std::vector<PlayerHaul>& players, const std::vector<std::vector<std::string>>& teams) {
  std::vector<int> team_of(players.size(), -1);
  for (std::size_t team = 0; team < teams.size(); ++team) {
    if (teams[team].size() != kTeamSize)
      throw InputError("a team has " + counted(static_cast<long long>(teams[team].size()), "player") + "; Loot teams are of two");
    for (const std::string& name : teams[team]) {
      const int seat = seat_named(players, name);
      if (team_of[static_cast<std::size_t>(seat)] != -1) throw InputError(name + " is in two teams");
      team_of[static_cast<std::size_t>(seat)] = static_cast<int>(team);
    }
  }
  for (std::size_t seat = 0; seat < players.size(); ++seat)
    if (team_of[seat] == -1) throw InputError(players[seat].name + " is in no team; in team play everyone has a partner");
  return team_of;
}

}  // namespace

int merchant_gold(std::span<const Card> cards) {
  int gold = 0;
  for (const Card& card : cards) gold += gold_of(card);
  return gold;
}

std::vector<int> winning_seats(std::span<const int> totals, std::span<const int> team_of) {
  const std::size_t seats = totals.size();
  // A player's share is its own total, or in team play its team's total.
  std::vector<int> share(totals.begin(), totals.end());
  if (!team_of.empty()) {
    for (std::size_t seat = 0; seat < seats; ++seat) {
      share[seat] = 0;
      for (std::size_t other = 0; other < seats; ++other)
        if (team_of[other] == team_of[seat]) share[seat] += totals[other];
    }
  }
  std::vector<int> winners;
  if (seats == 0) return winners;
  const int best = *std::max_element(share.begin(), share.end());
  for (std::size_t seat = 0; seat < seats; ++seat)
    if (share[seat] == best) winners.push_back(static_cast<int>(seat));
  return winners;
}

FinalTotals final_totals(const std::vector<PlayerHaul>& players, const std::vector<std::vector<std::string>>& teams) {
  check_players(players);
  const std::vector<int> team_of = teams.empty() ? std::vector<int>{} : team_of_seats(players, teams);

  FinalTotals result;
  std::vector<int> totals;
  for (const PlayerHaul& haul : players) {
    PlayerTotal total{haul.name, merchant_gold(haul.captured), merchant_gold(haul.in_hand), 0};
    total.total = total.captured - total.in_hand;
    totals.push_back(total.total);
    result.players.push_back(std::move(total));
  }
  for (std::size_t team = 0; team < teams.size(); ++team) {
    TeamTotal team_total;
    for (std::size_t seat = 0; seat < players.size(); ++seat) {
      if (team_of[seat] != static_cast<int>(team)) continue;
      team_total.names.push_back(players[seat].name);
      team_total.total += totals[seat];
    }
    result.teams.push_back(std::move(team_total));
  }
  for (const int seat : winning_seats(totals, team_of)) result.winners.push_back(players[static_cast<std::size_t>(seat)].name);
  return result;
}

}  // namespace qm::loot
