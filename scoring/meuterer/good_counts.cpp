#include "scoring/meuterer/good_counts.hpp"

#include "scoring/notation.hpp"

namespace qm::meuterer {

GoodCounts count_goods(const std::vector<Good>& goods) {
  GoodCounts counts;
  for (Good good : goods) ++counts[good];
  return counts;
}

std::string format_goods(const GoodCounts& goods) {
  std::string text;
  for (Good good : kAllGoods) {
    const int n = goods[good];
    if (n == 0) continue;
    if (!text.empty()) text += ' ';
    if (n > 1) text += std::to_string(n);
    text += notation::to_string(good);
  }
  return text.empty() ? "nothing" : text;
}

}  // namespace qm::meuterer
