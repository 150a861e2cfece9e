#pragma once
// Pirate's Code's entry in the game catalogue (cli/game_catalogue.cpp): `simulate pirates-code`
// and `new pirates-code PLAYER... --me NAME --hand NUMBERS` with its table commands and notebook.
#include "cli/game_catalogue.hpp"

namespace qm::cli {

GameEntry pirates_code_entry();

}  // namespace qm::cli
