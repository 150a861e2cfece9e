#include "rules/loot/action.hpp"

#include <charconv>
#include <vector>

#include "scoring/input_error.hpp"
#include "scoring/loot/deck.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

std::string name_of(int seat, std::span<const std::string> names) {
  if (seat >= 0 && static_cast<std::size_t>(seat) < names.size()) return names[static_cast<std::size_t>(seat)];
  return "player " + std::to_string(seat + 1);
}

int parse_seat(std::string_view token, std::span<const std::string> names) {
  for (std::size_t seat = 0; seat < names.size(); ++seat)
    if (notation::folded(names[seat]) == notation::folded(token)) return static_cast<int>(seat);
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  throw InputError("unknown player " + quoted_token(token) + " (players: " + list + ")");
}

int parse_merchant_number(std::string_view token) {
  std::string_view digits = token;
  if (!digits.empty() && digits.front() == '#') digits.remove_prefix(1);
  int number = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (ec != std::errc() || ptr != digits.data() + digits.size() || number < 1 || number > kMerchantCount)
    throw NotationError(quoted_token(token) + " is not a merchant number (#1 to #25)", std::string(token));
  return number;
}

Card parse_card_of_kind(std::string_view token, CardKind kind, std::string_view verb) {
  const Card card = notation::parse_loot_card(token);
  if (card.kind == kind) return card;
  static constexpr std::string_view kNeeds[] = {"a merchant ship (m2-m8)", "a pirate ship (e.g. blue3)",
                                                "a captain", "the admiral"};
  throw NotationError(std::string(verb) + " needs " + std::string(kNeeds[static_cast<int>(kind)]) + ", not " +
                          quoted_token(token),
                      std::string(token));
}

void expect_words(const std::vector<std::string>& words, std::size_t count, std::string_view usage) {
  if (words.size() != count) throw InputError("expected '" + std::string(usage) + "'");
}

}  // namespace

std::string describe(const Action& action, std::span<const std::string> names) {
  const std::string who = name_of(action.seat, names);
  std::string number = "#";  // appended, not "#" + ...: g++ 12 warns falsely (-Wrestrict) on the latter
  number += std::to_string(action.merchant);
  switch (action.kind) {
    case ActionKind::reveal: return "reveal " + notation::to_string(action.card);
    case ActionKind::draw: return "draw " + who;
    case ActionKind::float_merchant: return "float " + who + " " + notation::to_string(action.card);
    case ActionKind::attack: return "attack " + who + " " + notation::to_string(action.card) + " " + number;
    case ActionKind::captain: return "captain " + who + " " + notation::to_string(action.card.colour) + " " + number;
    case ActionKind::admiral: return "admiral " + who + " " + number;
    case ActionKind::discard: return "discard " + who + " " + notation::to_string(action.card);
  }
  return "?";
}

Action parse_action(std::string_view line, std::span<const std::string> names) {
  const std::vector<std::string> words = notation::split_list(line);
  if (words.empty()) throw InputError("empty move: say e.g. 'draw Cy' or 'attack Bob blue3 #2'");
  const std::string verb = notation::folded(words[0]);
  if (verb == "reveal") {
    expect_words(words, 2, "reveal CARD");
    return Action::reveal(notation::parse_loot_card(words[1]));
  }
  if (verb == "draw") {
    expect_words(words, 2, "draw PLAYER");
    return Action::draw(parse_seat(words[1], names));
  }
  if (verb == "float") {
    expect_words(words, 3, "float PLAYER MERCHANT");
    const int seat = parse_seat(words[1], names);
    return Action::float_merchant(seat, parse_card_of_kind(words[2], CardKind::merchant, "float").value);
  }
  if (verb == "attack" || verb == "reinforce") {
    expect_words(words, 4, verb + " PLAYER PIRATE #N");
    const int seat = parse_seat(words[1], names);
    const Card pirate = parse_card_of_kind(words[2], CardKind::pirate, verb);
    return Action::attack(seat, pirate, parse_merchant_number(words[3]));
  }
  if (verb == "captain") {
    expect_words(words, 4, "captain PLAYER COLOUR #N");
    const int seat = parse_seat(words[1], names);
    const std::string colour = notation::folded(words[2]);
    const Colour parsed = colour.starts_with("captain-") ? parse_card_of_kind(colour, CardKind::captain, verb).colour
                                                          : notation::parse_loot_colour(colour);
    return Action::captain(seat, parsed, parse_merchant_number(words[3]));
  }
  if (verb == "admiral") {
    expect_words(words, 3, "admiral PLAYER #N");
    const int seat = parse_seat(words[1], names);
    return Action::admiral(seat, parse_merchant_number(words[2]));
  }
  if (verb == "discard") {
    expect_words(words, 3, "discard PLAYER CARD");
    const int seat = parse_seat(words[1], names);
    return Action::discard(seat, notation::parse_loot_card(words[2]));
  }
  throw NotationError("unknown Loot move " + quoted_token(words[0]) + " (draw, float, attack, captain, admiral, discard, reveal)",
                      words[0]);
}

}  // namespace qm::loot
