#pragma once
// The roles of a round: the captain (who holds the captain cards) and the five action cards
// the other players choose from when they pass (rules: フェイズ2 b, RULINGS.md: action cards).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qm::meuterer {

enum class Role : std::uint8_t { none, captain, mate, mutineer, ships_boy, merchant, loader };
inline constexpr int kRoleKinds = 7;

// "captain", "mate", "mutineer", "ships-boy", "merchant", "loader", "none".
std::string_view role_name(Role role);
// Case-insensitive; accepts "ship's boy", "ships_boy", "boy" and "cabin-boy" for the ship's boy.
std::optional<Role> parse_role(std::string_view text);
constexpr bool is_action_card(Role role) { return role != Role::none && role != Role::captain; }
// The captain's side and the mutineer's side of a mutiny (rules: フェイズ4).
constexpr bool on_captains_side(Role role) { return role == Role::captain || role == Role::mate; }
constexpr bool on_mutineers_side(Role role) { return role == Role::mutineer || role == Role::ships_boy; }

}  // namespace qm::meuterer
