#include "scoring/meuterer/role.hpp"
#include "scoring/notation.hpp"

#include <algorithm>
#include <array>

namespace qm::meuterer {

std::string_view role_name(Role role) {
  switch (role) {
    case Role::none: return "none";
    case Role::captain: return "captain";
    case Role::mate: return "mate";
    case Role::mutineer: return "mutineer";
    case Role::ships_boy: return "ships-boy";
    case Role::merchant: return "merchant";
    case Role::loader: return "loader";
  }
  return "none";
}

std::optional<Role> parse_role(std::string_view text) {
  std::string key;
  for (char c : notation::folded(text)) {
    if (c == '\'') continue;
    key += (c == '_' || c == ' ') ? '-' : c;
  }
  struct Name {
    std::string_view token;
    Role role;
  };
  constexpr std::array<Name, 11> kNames = {{{"none", Role::none},
                                            {"captain", Role::captain},
                                            {"mate", Role::mate},
                                            {"mutineer", Role::mutineer},
                                            {"ships-boy", Role::ships_boy},
                                            {"boy", Role::ships_boy},
                                            {"cabin-boy", Role::ships_boy},
                                            {"ship-boy", Role::ships_boy},
                                            {"merchant", Role::merchant},
                                            {"loader", Role::loader},
                                            {"navigator", Role::mate}}};
  const auto it = std::find_if(kNames.begin(), kNames.end(), [&](const Name& n) { return n.token == key; });
  if (it == kNames.end()) return std::nullopt;
  return it->role;
}

}  // namespace qm::meuterer
