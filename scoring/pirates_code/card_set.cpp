#include "scoring/pirates_code/card_set.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::pirates_code {

namespace {

constexpr std::array<Role, kRoleCount> kRoles = {Role::inquiry, Role::clairvoyance, Role::rapid_fire,
                                                  Role::plunder, Role::scouting};

}  // namespace

std::string to_string(NumberSet set) {
  if (set.empty()) return "-";
  std::string text;
  for (int n : set.numbers()) {
    if (!text.empty()) text += ',';
    text += std::to_string(n);
  }
  return text;
}

std::string card_name(int card) { return card == kSkeleton ? "skeleton" : std::to_string(card); }

std::string role_name(Role role) {
  switch (role) {
    case Role::inquiry: return "inquiry";
    case Role::clairvoyance: return "clairvoyance";
    case Role::rapid_fire: return "rapid_fire";
    case Role::plunder: return "plunder";
    case Role::scouting: return "scouting";
  }
  return "unknown";
}

std::string role_text(Role role) {
  std::string text = role_name(role);
  std::replace(text.begin(), text.end(), '_', ' ');
  return text;
}

CardSet::CardSet(std::string name, const std::array<Role, kNumberCount>& roles)
    : name_(std::move(name)), roles_(roles) {
  for (int n = kLowestNumber; n <= kHighestNumber; ++n) by_role_[static_cast<std::size_t>(role(n))].insert(n);
}

CardSet card_set_from_json(const nlohmann::json& document) {
  if (!document.is_object()) throw InputError("card set: expected a JSON object");
  if (document.contains("name") && !document["name"].is_string()) throw InputError("card set: \"name\" must be a string");
  const std::string name = document.value("name", std::string("unnamed"));
  const auto cards = document.find("cards");
  if (cards == document.end() || !cards->is_array())
    throw InputError("card set " + quoted_token(name) + ": expected a \"cards\" array");
  std::array<Role, kNumberCount> roles{};
  NumberSet seen;
  for (const nlohmann::json& card : *cards) {
    if (!card.is_object() || !card.contains("number") || !card["number"].is_number_integer() ||
        !card.contains("role") || !card["role"].is_string())
      throw InputError("card set " + quoted_token(name) + ": every card needs an integer \"number\" and a \"role\"");
    const int number = card["number"].get<int>();
    if (!NumberSet::valid(number))
      throw InputError("card set " + quoted_token(name) + ": number " + std::to_string(number) + " is not 1-14");
    if (seen.contains(number))
      throw InputError("card set " + quoted_token(name) + ": number " + std::to_string(number) + " appears twice");
    const std::string role = card["role"].get<std::string>();
    bool known = false;
    for (Role r : kRoles) {
      if (role_name(r) != role) continue;
      roles[static_cast<std::size_t>(number - kLowestNumber)] = r;
      known = true;
    }
    if (!known)
      throw InputError("card set " + quoted_token(name) + ": card " + std::to_string(number) + " has role " + quoted_token(role) +
                       ", whose effect the engine does not know");
    seen.insert(number);
  }
  if (seen != NumberSet::all())
    throw InputError("card set " + quoted_token(name) + ": numbers " + to_string(NumberSet::all().without(seen)) +
                     " are missing (a set has every number 1-14 once)");
  return CardSet(name, roles);
}

}  // namespace qm::pirates_code
