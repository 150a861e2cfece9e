#pragma once
// The components of Piraten Kapern: eight dice with six faces, and the fortune cards.
#include <array>
#include <cstdint>

namespace qm::piraten {

enum class Face : std::uint8_t { skull, coin, diamond, sabre, monkey, parrot };
inline constexpr int kFaceCount = 6;
inline constexpr int kDiceCount = 8;  // rules: "8個のサイコロ"
inline constexpr std::array<Face, kFaceCount> kFaces = {Face::skull,  Face::coin,   Face::diamond,
                                                        Face::sabre,  Face::monkey, Face::parrot};

enum class FortuneCard : std::uint8_t {
  chest,
  captain,
  sorceress,
  sea_battle_2,
  sea_battle_3,
  sea_battle_4,
  coin,
  diamond,
  monkey_business,
  skull_1,
  skull_2,
  storm,  // promo
  truce,  // promo
};
inline constexpr int kFortuneCardKinds = 13;

// How many dice show each face, indexed by Face. Order on the table never matters for scoring.
using FaceCounts = std::array<int, kFaceCount>;
// The skulls' place in FaceCounts, first: the rules single skulls out, and the other faces follow.
inline constexpr int kSkull = static_cast<int>(Face::skull);

constexpr int count_of(const FaceCounts& counts, Face face) {
  return counts[static_cast<int>(face)];
}

}  // namespace qm::piraten
