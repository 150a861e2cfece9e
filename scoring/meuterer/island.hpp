#pragma once
// One island of the ring (RULINGS.md, Meuterer: components). Its values come from the data file
// data/meuterer/components.json, never from the code.
#include <array>
#include <optional>
#include <string>

#include "scoring/meuterer/good_counts.hpp"

namespace qm::meuterer {

// Columns of an island's sale VP: sole majority, two tied, three tied (rules: フェイズ5 商品の売却).
inline constexpr int kSaleColumns = 3;

struct Island {
  std::string name;
  std::optional<Good> good;  // the good it buys; empty for a wild island ("?": Hochland, Piratennest)
  std::array<int, kSaleColumns> sale_vp{};  // sole, two-way tie, three-way tie
  int destination_vp = 0;                   // the number in the card's lower right corner

  bool wild() const { return !good.has_value(); }
  bool buys(Good g) const { return is_saleable(g) && (!good || *good == g); }
  friend bool operator==(const Island&, const Island&) = default;
};

}  // namespace qm::meuterer
