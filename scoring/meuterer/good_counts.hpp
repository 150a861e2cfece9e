#pragma once
// How many cards of each good lie in one place (a hand, a display, the deck). Meuterer's cards of
// one good are interchangeable, so every pile is a count per good rather than a list of cards.
#include <array>
#include <string>
#include <vector>

#include "scoring/meuterer/goods.hpp"

namespace qm::meuterer {

struct GoodCounts {
  std::array<int, kGoodKinds> count{};

  int& operator[](Good good) { return count[static_cast<std::size_t>(good)]; }
  int operator[](Good good) const { return count[static_cast<std::size_t>(good)]; }
  int total() const {
    int sum = 0;
    for (int n : count) sum += n;
    return sum;
  }
  GoodCounts& operator+=(const GoodCounts& other) {
    for (std::size_t i = 0; i < count.size(); ++i) count[i] += other.count[i];
    return *this;
  }
  GoodCounts& operator-=(const GoodCounts& other) {
    for (std::size_t i = 0; i < count.size(); ++i) count[i] -= other.count[i];
    return *this;
  }
  // True when every count of `part` fits inside this pile.
  bool contains(const GoodCounts& part) const {
    for (std::size_t i = 0; i < count.size(); ++i)
      if (part.count[i] > count[i]) return false;
    return true;
  }
  friend bool operator==(const GoodCounts&, const GoodCounts&) = default;
};

GoodCounts count_goods(const std::vector<Good>& goods);
// "2wine combat" in the notation of CLI.md; "nothing" for an empty pile.
std::string format_goods(const GoodCounts& goods);

// Every good in enum order, for loops over the kinds.
inline constexpr std::array<Good, kGoodKinds> kAllGoods = {Good::ruby,  Good::salt,   Good::wine,  Good::cloth,
                                                          Good::grain, Good::combat, Good::pirate};

// Combat cards and the pirate card can be displayed but never sold (rules: フェイズ2 a).
constexpr bool is_saleable(Good good) { return good != Good::combat && good != Good::pirate; }

}  // namespace qm::meuterer
