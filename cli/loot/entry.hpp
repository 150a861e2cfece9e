#pragma once
// Loot's entry in the game catalogue (cli/game_catalogue.cpp): `score loot`, `simulate loot`
// and `new loot PLAYER... [--teams A+B,C+D]` with its table commands.
#include "cli/game_catalogue.hpp"

namespace qm::cli {

GameEntry loot_entry();

}  // namespace qm::cli
