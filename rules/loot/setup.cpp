#include "rules/loot/setup.hpp"

#include <algorithm>
#include <charconv>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

std::vector<std::string> default_names(int players) {
  std::vector<std::string> names;
  // One word each, so that a move such as "draw P2" reads back.
  for (int seat = 0; seat < players; ++seat) {
    std::string name = "P";
    name += std::to_string(seat + 1);
    names.push_back(std::move(name));
  }
  return names;
}

bool adjacent(int a, int b, int players) {
  const int gap = a > b ? a - b : b - a;
  return gap == 1 || gap == players - 1;
}

int parse_seat(std::string_view text, int players) {
  int seat = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), seat);
  if (ec != std::errc() || ptr != text.data() + text.size() || seat < 1 || seat > players)
    throw InputError("team layout: " + quoted_token(text) + " is not a seat from 1 to " + std::to_string(players));
  return seat - 1;
}

}  // namespace

Setup solo_setup(int players) {
  Setup setup{players, {}, default_names(std::max(players, 0))};
  validate(setup);
  return setup;
}

Setup team_setup(int players) {
  Setup setup{players, {}, default_names(std::max(players, 0))};
  for (int seat = 0; seat + 1 < players; seat += 2) setup.teams.push_back({seat, seat + 1});
  if (players % 2 != 0) setup.teams.push_back({players - 1, players - 1});  // refused by validate
  validate(setup);
  return setup;
}

Setup table_setup(std::vector<std::string> names, const std::vector<std::vector<std::string>>& teams) {
  Setup setup{static_cast<int>(names.size()), {}, std::move(names)};
  for (const auto& team : teams) {
    if (team.size() != 2) throw InputError("a Loot team is two partners, not " + std::to_string(team.size()));
    std::array<int, 2> pair{-1, -1};
    for (std::size_t member = 0; member < 2; ++member) {
      for (int seat = 0; seat < setup.players; ++seat)
        if (notation::folded(setup.names[static_cast<std::size_t>(seat)]) == notation::folded(team[member])) pair[member] = seat;
      if (pair[member] < 0) throw InputError("team member " + quoted_token(team[member]) + " is not at the table");
    }
    setup.teams.push_back(pair);
  }
  validate(setup);
  return setup;
}

Setup setup_from_options(int players, const rules::GameOptions& options) {
  const std::string teams = notation::folded(options.get_string("teams", "off", {}));
  if (teams == "off" || teams == "false" || teams == "no" || teams == "0") return solo_setup(players);
  if (teams == "on" || teams == "true" || teams == "yes" || teams == "1") return team_setup(players);
  Setup setup{players, {}, default_names(std::max(players, 0))};
  for (const std::string& pair_text : notation::split_list(teams)) {
    const auto plus = pair_text.find('+');
    if (plus == std::string::npos)
      throw InputError("team layout: " + quoted_token(pair_text) + " is not two seats joined by '+' (e.g. teams=1+2,3+4)");
    setup.teams.push_back({parse_seat(std::string_view(pair_text).substr(0, plus), players),
                           parse_seat(std::string_view(pair_text).substr(plus + 1), players)});
  }
  validate(setup);
  return setup;
}

void validate(const Setup& setup) {
  const int players = setup.players;
  if (static_cast<int>(setup.names.size()) != players)
    throw InputError("Loot needs one name per seat: " + counted(static_cast<long long>(setup.names.size()), "name") + " for " +
                     counted(players, "player"));
  for (int seat = 0; seat < players; ++seat) {
    const std::string& name = setup.names[static_cast<std::size_t>(seat)];
    if (name.empty()) throw InputError("player " + std::to_string(seat + 1) + " has no name");
    for (int other = 0; other < seat; ++other)
      if (notation::folded(setup.names[static_cast<std::size_t>(other)]) == notation::folded(name))
        throw InputError("two players are named " + quoted_token(name));
  }
  if (setup.teams.empty()) {
    if (players < kMinSoloPlayers || players > kMaxSoloPlayers)
      throw InputError("Loot is played alone by 2 to 5 players (or in teams by 4, 6 or 8), not " +
                       std::to_string(players));
    return;
  }
  if (std::find(kTeamPlayerCounts.begin(), kTeamPlayerCounts.end(), players) == kTeamPlayerCounts.end())
    throw InputError("Loot teams are for 4, 6 or 8 players, not " + std::to_string(players));
  std::vector<int> seen(static_cast<std::size_t>(players), 0);
  for (const auto& [a, b] : setup.teams) {
    if (a < 0 || b < 0 || a >= players || b >= players) throw InputError("a team names a seat that does not exist");
    const std::string& name_a = setup.names[static_cast<std::size_t>(a)];
    const std::string& name_b = setup.names[static_cast<std::size_t>(b)];
    if (a == b) throw InputError(name_a + " cannot be their own partner");
    if (!adjacent(a, b, players)) throw InputError(name_a + " and " + name_b + " must sit side by side to be partners");
    if (++seen[static_cast<std::size_t>(a)] > 1) throw InputError(name_a + " is in two teams");
    if (++seen[static_cast<std::size_t>(b)] > 1) throw InputError(name_b + " is in two teams");
  }
  for (int seat = 0; seat < players; ++seat)
    if (seen[static_cast<std::size_t>(seat)] == 0)
      throw InputError(setup.names[static_cast<std::size_t>(seat)] + " has no partner; in team play everyone has one");
}

}  // namespace qm::loot
