#pragma once
// Pirate's Code cards (rules/pirates-code.ja.md, セット内容 and カードの配付): fourteen number cards
// 1-14 and, with four players, one skeleton card per player. A skeleton has no number and no
// effect. Sets of numbers are 16-bit masks with bit n standing for number n.
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace qm::pirates_code {

// カードの選択: fourteen number cards, numbers 1-14 without repeats.
inline constexpr int kLowestNumber = 1;
inline constexpr int kHighestNumber = 14;
inline constexpr int kNumberCount = 14;
// 「財宝の隠し場所」カードの準備: the two number cards left after the deal are the code.
inline constexpr int kCodeCards = 2;
inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 4;
// カードの配付: every hand starts with four cards; with four players one of them is a skeleton.
inline constexpr int kHandSize = 4;
// The number cards each hand is dealt: 4 with three players, 3 (and a skeleton) with four.
constexpr int dealt_numbers(int players) { return players == kMinPlayers ? kHandSize : kHandSize - 1; }

// A card in a hand: a number 1-14, or kSkeleton.
inline constexpr int kSkeleton = 0;

// A set of numbers 1-14 as a bit mask.
class NumberSet {
 public:
  constexpr NumberSet() = default;
  static constexpr NumberSet from_mask(std::uint16_t mask) { return NumberSet(mask & kAllMask); }
  static constexpr NumberSet all() { return NumberSet(kAllMask); }
  static NumberSet of(std::initializer_list<int> numbers) {
    NumberSet set;
    for (int n : numbers) set.insert(n);
    return set;
  }

  static constexpr bool valid(int number) { return number >= kLowestNumber && number <= kHighestNumber; }
  constexpr bool contains(int number) const { return valid(number) && (mask_ >> number) & 1U; }
  constexpr void insert(int number) {
    if (valid(number)) mask_ = static_cast<std::uint16_t>(mask_ | (1U << number));
  }
  constexpr void erase(int number) {
    if (valid(number)) mask_ = static_cast<std::uint16_t>(mask_ & ~(1U << number));
  }
  constexpr int size() const { return std::popcount(mask_); }
  constexpr bool empty() const { return mask_ == 0; }
  constexpr std::uint16_t mask() const { return mask_; }
  // The smallest number in the set, 0 when empty.
  constexpr int first() const { return mask_ == 0 ? 0 : std::countr_zero(mask_); }
  std::vector<int> numbers() const {
    std::vector<int> out;
    for (int n = kLowestNumber; n <= kHighestNumber; ++n)
      if (contains(n)) out.push_back(n);
    return out;
  }

  constexpr NumberSet operator|(NumberSet other) const { return NumberSet(mask_ | other.mask_); }
  constexpr NumberSet operator&(NumberSet other) const { return NumberSet(mask_ & other.mask_); }
  constexpr NumberSet without(NumberSet other) const { return NumberSet(mask_ & ~other.mask_); }
  friend constexpr bool operator==(NumberSet, NumberSet) = default;

 private:
  static constexpr std::uint16_t kAllMask = 0x7FFE;  // bits 1..14
  constexpr explicit NumberSet(unsigned mask) : mask_(static_cast<std::uint16_t>(mask)) {}
  std::uint16_t mask_ = 0;
};

// "3,7,9,12"; the empty set prints as "-".
std::string to_string(NumberSet set);
// A card as printed: its number, or "skeleton".
std::string card_name(int card);

}  // namespace qm::pirates_code
