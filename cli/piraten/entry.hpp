#pragma once
// Piraten Kapern's line in the game catalogue (cli/game_catalogue.cpp).
#include "cli/game_catalogue.hpp"

namespace qm::cli {

GameEntry piraten_entry();

}  // namespace qm::cli
