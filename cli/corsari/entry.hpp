#pragma once
// Corsari's line in the game catalogue (cli/game_catalogue.cpp).
#include "cli/game_catalogue.hpp"

namespace qm::cli {

GameEntry corsari_entry();

}  // namespace qm::cli
