#pragma once
// Meuterer's goods cards (RULINGS.md, Meuterer: goods deck), combat cards and the pirate card
// of the pirate variant included.
#include <cstdint>

namespace qm::meuterer {

enum class Good : std::uint8_t { ruby, salt, wine, cloth, grain, combat, pirate };
inline constexpr int kGoodKinds = 7;

}  // namespace qm::meuterer
