#pragma once
// The draws the renderers and the phone-photo simulator make from their seeded generator.
#include <random>

namespace qm::vision {

inline double uniform(std::mt19937_64& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}
inline int uniform_int(std::mt19937_64& rng, int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); }
// True with probability p. It always takes one draw, so that the draws after it do not depend on p.
inline bool chance(std::mt19937_64& rng, double p) { return uniform(rng, 0, 1) < p; }

}  // namespace qm::vision
