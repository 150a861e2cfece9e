#include "cli/game_catalogue.hpp"
#include "cli/corsari/entry.hpp"
#include "cli/loot/entry.hpp"
#include "cli/meuterer/entry.hpp"
#include "cli/pirates_code/entry.hpp"
#include "cli/piraten/entry.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {

const std::vector<GameEntry>& game_catalogue() {
  // One line per game; each entry comes from the game's own folder cli/<game>/.
  static const std::vector<GameEntry> games = {
      corsari_entry(),
      loot_entry(),
      meuterer_entry(),
      pirates_code_entry(),
      piraten_entry(),
  };
  return games;
}

const GameEntry* find_game(const std::string& name) {
  for (const GameEntry& game : game_catalogue())
    if (game.name == name) return &game;
  return nullptr;
}

std::string unknown_game_message(const std::string& name) {
  const std::string suggestion = notation::closest(notation::folded(name), game_names());
  if (!suggestion.empty()) return "unknown game " + quoted_token(name) + " (did you mean " + suggestion + "?)";
  std::string games;
  for (const std::string& game : game_names()) games += (games.empty() ? "" : ", ") + game;
  return "unknown game " + quoted_token(name) + " (games: " + games + ")";
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const GameEntry& game : game_catalogue()) names.push_back(game.name);
  return names;
}

}  // namespace qm::cli
