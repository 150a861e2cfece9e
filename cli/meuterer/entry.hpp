#pragma once
// Meuterer's line in the game catalogue (cli/game_catalogue.cpp).
#include "cli/game_catalogue.hpp"

namespace qm::cli {

GameEntry meuterer_entry();

}  // namespace qm::cli
