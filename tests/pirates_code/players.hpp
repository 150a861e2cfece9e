#pragma once
// What the Pirate's Code tests share: the players by seat, and the base game they play.
#include <string>

#include "rules/pirates_code/card_set_file.hpp"
#include "rules/pirates_code/game.hpp"

namespace qm::pirates_code::testing {

inline constexpr int kAnn = 0, kBob = 1, kCy = 2, kDan = 3;

// The base game's cards (data/pirates_code/base.json), with the rules' defaults on both variants.
inline Game base_game(int players) {
  return Game{players, load_card_set(std::string(QM_DATA_DIR) + "/pirates_code/base.json"), true, true};
}

}  // namespace qm::pirates_code::testing
