#pragma once
// Which effect each number card 1-14 carries. Card sets are data (data/pirates_code/*.json), so
// that the extension's cards can be described without touching the engine; the loader takes a
// parsed JSON document:
//   {"name": "base", "cards": [{"number": 1, "role": "inquiry", "name": "聞き込み"}, ...]}
// with every number 1-14 exactly once (カードの選択). The base set (RULINGS.md, Pirate's Code):
// 1-4 inquiry, 5-6 clairvoyance, 7-8 rapid fire, 9-10 plunder, 11-14 scouting.
#include <array>
#include <string>

#include <nlohmann/json.hpp>

#include "scoring/pirates_code/card.hpp"

namespace qm::pirates_code {

enum class Role : std::uint8_t {
  inquiry,       // 聞き込み: show to one player, ask whether it holds one number derived from the card
  clairvoyance,  // 千里眼: put it and one more hand card face up, look at one code card
  rapid_fire,    // 連射: put it face up, take two more actions this turn
  plunder,       // 強奪: put it face up, take a random card from the player with the most cards
  scouting,      // 偵察: show to one player, look at one random card of its hand
};
inline constexpr int kRoleCount = 5;

// The name used in data files and in action descriptions ("rapid_fire").
std::string role_name(Role role);
// The name as a sentence says it ("rapid fire").
std::string role_text(Role role);

// カードのプレイ条件: reusable cards are shown and go back to the hand (1-4, 11-14 in the base
// set); single-use cards are put face up for good (5-10).
constexpr bool reusable(Role role) { return role == Role::inquiry || role == Role::scouting; }

class CardSet {
 public:
  CardSet(std::string name, const std::array<Role, kNumberCount>& roles);

  const std::string& name() const { return name_; }
  Role role(int number) const { return roles_[static_cast<std::size_t>(number - kLowestNumber)]; }
  // Every number whose card has this role (e.g. the cards a shown inquiry card may be).
  NumberSet numbers_with(Role role) const { return by_role_[static_cast<std::size_t>(role)]; }

  friend bool operator==(const CardSet&, const CardSet&) = default;

 private:
  std::string name_;
  std::array<Role, kNumberCount> roles_{};
  std::array<NumberSet, kRoleCount> by_role_{};
};

// Reads a card set document; throws InputError naming what is wrong (a missing or repeated
// number, an unknown role, ...).
CardSet card_set_from_json(const nlohmann::json& document);

}  // namespace qm::pirates_code
