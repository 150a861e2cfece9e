#include "rules/pirates_code/game.hpp"

#include <algorithm>

#include "rules/pirates_code/card_set_file.hpp"
#include "scoring/input_error.hpp"

namespace qm::pirates_code {

std::vector<int> plunder_victims(std::span<const int> hand_sizes, int plunderer) {
  const int players = static_cast<int>(hand_sizes.size());
  int most = 0;
  for (int seat = 0; seat < players; ++seat)
    if (seat != plunderer) most = std::max(most, hand_sizes[static_cast<std::size_t>(seat)]);
  std::vector<int> victims;
  for (int seat = 0; seat < players; ++seat)
    if (seat != plunderer && hand_sizes[static_cast<std::size_t>(seat)] == most) victims.push_back(seat);
  return victims;
}

Game make_game(int players, const rules::GameOptions& options) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Pirate's Code is played by 3 or 4 players, not " + std::to_string(players));
  const std::string cards = options.get_string("cards", "base", {});
  const bool plunder_with_last_card = options.get_bool("plunder_with_last_card", true);
  const bool failed_guess_ends_turn = options.get_bool("failed_guess_ends_turn", true);
  return Game{players, load_card_set(cards), plunder_with_last_card, failed_guess_ends_turn};
}

}  // namespace qm::pirates_code
