#pragma once
// Players for simulations (RULINGS.md has no say here; these are ours):
//   random  every legal action equally likely.
//   greedy  draws the visible card (discard top, or tavern top under the colour it reveals) that
//           most lowers its best stowaway total, else from the deck; never takes the last tavern
//           card; then sails when its best 12 cards total at most `sail_at` (or must sail),
//           otherwise discards the card whose loss raises its total least (the higher card on a tie).
#include <string>
#include <vector>

#include "rules/corsari/state.hpp"
#include "rules/engine.hpp"

namespace qm::corsari {

// Greedy's threshold: a player who sails at 6 or less, so matches run about eleven deals with real
// settlements. Lower is stronger: `bench_corsari --sail-at T` plays one greedy seat at each
// threshold against three seats at T; against 6, a seat at 0 won 55% of 2000 matches. But at 0
// (sail only for a sweep, or when forced) greedy players nearly always sweep in the first deal,
// which says more about a patient bot than about the scoring, so it is an option, not the default.
inline constexpr int kDefaultSailAt = 6;

enum class PolicyKind : std::uint8_t { random, greedy };

struct Policy {
  PolicyKind kind = PolicyKind::greedy;
  int sail_at = kDefaultSailAt;
  // The action for the player to move. Allocation-free; the state must be at a player's node.
  Action choose(const State& state, rules::Rng& rng) const;
};

const std::vector<std::string>& policy_names();  // {"random", "greedy"}
// Throws qm::InputError for an unknown name.
Policy make_policy(const std::string& name, int sail_at = kDefaultSailAt);

// The lowest stowaway total of a 13-card hand after giving up one card, and which card (ties:
// the higher number, then the later colour): what greedy discards, or puts face down to sail.
struct BestDiscard {
  Card card{};
  int total = 0;
};
BestDiscard best_discard(Colour tavern, const CardSet& hand);

}  // namespace qm::corsari
