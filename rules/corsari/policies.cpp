#include "rules/corsari/policies.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "rules/corsari/deck.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::corsari {
namespace {

Action choose_random(const State& state, rules::Rng& rng) {
  if (state.phase() == Phase::draw) {
    std::array<Pile, 3> piles{Pile::deck, Pile::tavern, Pile::discard};
    const std::uint64_t count = state.discard_pile().empty() ? 2 : 3;
    return Action::draw(piles[random_below(rng, count)]);
  }
  // Uniform over the legal actions: every card to discard, and every card to put face down.
  const CardSet& hand = state.hand(state.to_move());
  const int cards = hand.size();
  const std::uint64_t choices = static_cast<std::uint64_t>(state.must_sail() ? cards : 2 * cards);
  const int pick = static_cast<int>(random_below(rng, choices));
  int index = 0;
  for (int c = 0; c < kColourCount; ++c)
    for (int number = 1; number <= kMaxNumber; ++number) {
      const Card card{static_cast<Colour>(c), number};
      if (!hand.contains(card)) continue;
      if (state.must_sail() || pick >= cards) {
        if (index == pick % cards) return Action::sail(card);
      } else if (index == pick) {
        return Action::discard(card);
      }
      ++index;
    }
  return Action::sail(Card{});  // unreachable: the hand holds `cards` cards
}

Action choose_greedy(const State& state, int sail_at) {
  const CardSet& hand = state.hand(state.to_move());
  if (state.phase() == Phase::draw) {
    const Colour tavern = state.tavern_colour();
    int best = best_stowaway_total(tavern, hand);  // drawing blind can always be undone by discarding
    Pile pile = Pile::deck;
    if (!state.discard_pile().empty()) {
      CardSet with = hand;
      with.insert(state.discard_pile().back());
      const int total = best_stowaway_total_giving_up_one(tavern, with);
      if (total < best) {
        best = total;
        pile = Pile::discard;
      }
    }
    const std::span<const Card> pub = state.tavern();
    if (pub.size() > 1) {  // the last tavern card would void the deal
      CardSet with = hand;
      with.insert(pub.back());
      if (best_stowaway_total_giving_up_one(pub[pub.size() - 2].colour, with) < best) pile = Pile::tavern;
    }
    return Action::draw(pile);
  }
  const BestDiscard discard = best_discard(state.tavern_colour(), hand);
  if (state.must_sail() || discard.total <= sail_at) return Action::sail(discard.card);
  return Action::discard(discard.card);
}

}  // namespace

BestDiscard best_discard(Colour tavern, const CardSet& hand) {
  TotalsByCard totals;
  best_stowaway_totals_without_each(tavern, hand, totals);
  // The lowest total, then the higher number, then the later colour, as one key to maximise:
  // a choice without branches the processor would mispredict.
  constexpr int kNoTotal = 1 << 10;  // above any stowaway total
  int best_key = -1;
  for (int c = 0; c < kColourCount; ++c)
    for (unsigned left = hand.numbers(static_cast<Colour>(c)); left != 0; left &= left - 1) {
      const int number = std::countr_zero(left) + 1;
      const int total = totals[static_cast<std::size_t>(Card{static_cast<Colour>(c), number}.index())];
      best_key = std::max(best_key, (kNoTotal - total) << 8 | number << 4 | c);
    }
  if (best_key < 0) return BestDiscard{Card{}, -1};
  return BestDiscard{Card{static_cast<Colour>(best_key & 0xF), (best_key >> 4) & 0xF}, kNoTotal - (best_key >> 8)};
}

Action Policy::choose(const State& state, rules::Rng& rng) const {
  return kind == PolicyKind::random ? choose_random(state, rng) : choose_greedy(state, sail_at);
}

const std::vector<std::string>& policy_names() {
  static const std::vector<std::string> names{"random", "greedy"};
  return names;
}

Policy make_policy(const std::string& name, int sail_at) {
  if (name == "random") return Policy{PolicyKind::random, sail_at};
  if (name == "greedy") return Policy{PolicyKind::greedy, sail_at};
  throw InputError("unknown Corsari policy " + quoted_token(name) + " (known: random, greedy)");
}

}  // namespace qm::corsari
