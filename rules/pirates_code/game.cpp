#include "rules/pirates_code/game.hpp"

#include "rules/pirates_code/card_set_file.hpp"
#include "scoring/input_error.hpp"

namespace qm::pirates_code {

Game make_game(int players, const rules::GameOptions& options) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Pirate's Code is played by 3 or 4 players, not " + std::to_string(players));
  const std::string cards = options.get_string("cards", "base", {});
  const bool plunder_with_last_card = options.get_bool("plunder_with_last_card", true);
  const bool failed_guess_ends_turn = options.get_bool("failed_guess_ends_turn", true);
  return Game{players, load_card_set(cards), plunder_with_last_card, failed_guess_ends_turn};
}

}  // namespace qm::pirates_code
