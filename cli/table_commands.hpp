#pragma once
// Helpers the games' own table commands share.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.hpp"
#include "cli/game_table.hpp"

namespace qm::cli {

// Starts a game in the session (the `new GAME` commands call this), journals it and greets.
void begin_game(Context& ctx, std::unique_ptr<GameTable> table);
// A game whose "to play: NAME" would say too little (in Corsari who is to play depends on the
// sailing being entered) tells where play stands itself, and print_standings prints that instead.
class WherePlayStands {
 public:
  virtual void print_where_play_stands(Context& ctx) const = 0;

 protected:
  ~WherePlayStands() = default;
};

// Prints the current game's standings (after every turn, and for `standings`, `undo`, `redo`),
// then the winners, or where play stands: "to play: NAME", or what the game tells.
void print_standings(Context& ctx, const GameTable& table);
// The standings as `standings --json` gives them: game, score_name, standings, to_play, over, winners.
nlohmann::json standings_json(const GameTable& table);
// Adds a table command that takes free words (`reroll sabre parrot -> coin skull`): the words
// reach run as typed, whatever they look like. CLI11 options are not parsed among them, except
// --help before the first word; the global options --json and --session may come anywhere, and
// are taken out of the words.
CLI::App* add_words_command(CLI::App& app, const std::string& name, const std::string& description,
                            std::function<void(const std::vector<std::string>& words)> run);
// Checks a list of player names: 1-32 characters, no spaces or commas, no name twice.
void check_player_names(const std::vector<std::string>& names, int min_players, int max_players);

}  // namespace qm::cli
