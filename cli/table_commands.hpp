#pragma once
// Helpers the games' own table commands share.
#include <memory>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "cli/game_table.hpp"

namespace qm::cli {

// Starts a game in the session (the `new GAME` commands call this), journals it and greets.
void begin_game(Context& ctx, std::unique_ptr<GameTable> table);
// Prints the current game's standings (after every turn, and for `standings`).
void print_standings(Context& ctx, const GameTable& table);
// Checks a list of player names: 1-32 characters, no spaces or commas, no name twice.
void check_player_names(const std::vector<std::string>& names, int min_players, int max_players);

}  // namespace qm::cli
