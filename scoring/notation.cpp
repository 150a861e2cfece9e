#include "scoring/notation.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <utility>

#include "scoring/wording.hpp"

namespace qm::notation {

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

namespace {

struct Alias {
  std::string_view token;
  int value;
};

// Canonical names in enum order, then aliases (CLI.md, Notation; RULINGS.md for Corsari/Meuterer).
constexpr std::array<std::string_view, piraten::kFaceCount> kFaceNames = {"skull",  "coin",   "diamond",
                                                                        "sabre",  "monkey", "parrot"};
constexpr std::array<Alias, 3> kFaceAliases = {{{"sword", 3}, {"saber", 3}, {"gold", 1}}};

constexpr std::array<std::string_view, piraten::kFortuneCardKinds> kFortuneNames = {
    "chest",  "captain", "sorceress",       "sea-battle-2", "sea-battle-3", "sea-battle-4", "coin",
    "diamond", "monkey-business", "skull-1", "skull-2",      "storm",        "truce"};

constexpr std::array<std::string_view, corsari::kColourCount> kCorsariColourNames = {
    "pink", "purple", "blue", "lightblue", "grey", "brown", "red", "orange", "yellow", "green"};
constexpr std::array<Alias, 4> kCorsariColourAliases = {{{"violet", 1}, {"azure", 3}, {"skyblue", 3}, {"gray", 4}}};

constexpr std::array<std::string_view, loot::kColourCount> kLootColourNames = {"blue", "green", "purple", "gold"};

constexpr std::array<std::string_view, meuterer::kGoodKinds> kGoodNames = {"ruby",  "salt",   "wine",  "cloth",
                                                                          "grain", "combat", "pirate"};
constexpr std::array<Alias, 4> kGoodAliases = {{{"silk", 3}, {"wheat", 4}, {"conflict", 5}, {"sabre", 5}}};

template <std::size_t N, std::size_t M>
std::optional<int> lookup(std::string_view token, const std::array<std::string_view, N>& names,
                          const std::array<Alias, M>& aliases) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == token) return static_cast<int>(i);
  for (const Alias& alias : aliases)
    if (alias.token == token) return alias.value;
  return std::nullopt;
}

template <std::size_t N>
std::vector<std::string> names_of(const std::array<std::string_view, N>& names) {
  return {names.begin(), names.end()};
}

template <std::size_t N, std::size_t M>
std::vector<std::string> names_and_aliases(const std::array<std::string_view, N>& names,
                                           const std::array<Alias, M>& aliases) {
  std::vector<std::string> out = names_of(names);
  for (const Alias& alias : aliases) out.emplace_back(alias.token);
  return out;
}

[[noreturn]] void unknown(std::string_view what, std::string_view token, const std::vector<std::string>& candidates) {
  std::string message = "unknown " + std::string(what) + " " + quoted_token(token);
  const std::string suggestion = closest(folded(token), candidates);
  if (!suggestion.empty()) message += " (did you mean " + suggestion + "?)";
  throw NotationError(message, std::string(token));
}

// Splits "3coin" into (3, "coin"); a token without digits has count 1.
std::pair<int, std::string> split_count(std::string_view token, std::string_view what) {
  std::size_t digits = 0;
  while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
  if (digits == 0) return {1, folded(token)};
  int count = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + digits, count);
  if (ec != std::errc() || ptr != token.data() + digits || count < 1 || count > 99)
    throw NotationError("bad count in " + std::string(what) + " " + quoted_token(token), std::string(token));
  if (digits == token.size())
    throw NotationError("count without " + with_article(what) + " in " + quoted_token(token),
                        std::string(token));
  return {count, folded(token.substr(digits))};
}

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// A number written after a prefix, e.g. the 7 of "red7" or "m7"; nullopt unless the rest is digits.
std::optional<int> trailing_number(std::string_view digits) {
  if (digits.empty() || digits.size() > 2) return std::nullopt;
  int value = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
  return value;
}

}  // namespace

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

std::vector<std::string> split_lists(const std::vector<std::string>& texts) {
  std::vector<std::string> out;
  for (const std::string& text : texts)
    for (std::string& piece : split_list(text)) out.push_back(std::move(piece));
  return out;
}

std::string closest(std::string_view token, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 3;  // more than two edits away is a different word, not a typo
  for (const std::string& candidate : candidates) {
    // Lengths this far apart take at least as many edits: no need to count them (a pasted
    // paragraph is not compared letter by letter with every card).
    const std::size_t longer = std::max(token.size(), candidate.size());
    if (longer - std::min(token.size(), candidate.size()) > static_cast<std::size_t>(best_distance)) continue;
    const int distance = edit_distance(token, candidate);
    if (distance < best_distance || (distance == best_distance && !best.empty() && candidate < best)) {
      if (distance < best_distance) best_distance = distance;
      best = candidate;
    }
  }
  if (best.empty() || best_distance >= static_cast<int>(std::max<std::size_t>(token.size(), 2))) return "";
  return best;
}

// ---- Piraten Kapern ----

piraten::Face parse_face(std::string_view token) {
  if (auto index = lookup(folded(token), kFaceNames, kFaceAliases)) return static_cast<piraten::Face>(*index);
  unknown("die face", token, names_and_aliases(kFaceNames, kFaceAliases));
}

std::vector<piraten::Face> parse_dice(const std::vector<std::string>& tokens) {
  std::vector<piraten::Face> faces;
  for (const std::string& token : split_lists(tokens)) {
    const auto [count, name] = split_count(token, "die face");
    auto index = lookup(name, kFaceNames, kFaceAliases);
    if (!index) unknown("die face", token, names_and_aliases(kFaceNames, kFaceAliases));
    faces.insert(faces.end(), static_cast<std::size_t>(count), static_cast<piraten::Face>(*index));
  }
  return faces;
}

piraten::FaceCounts parse_dice_counts(const std::vector<std::string>& tokens) {
  piraten::FaceCounts counts{};
  for (piraten::Face face : parse_dice(tokens)) ++counts[static_cast<int>(face)];
  return counts;
}

piraten::FortuneCard parse_fortune_card(std::string_view token) {
  const std::string name = folded(token);
  for (std::size_t i = 0; i < kFortuneNames.size(); ++i)
    if (kFortuneNames[i] == name) return static_cast<piraten::FortuneCard>(i);
  unknown("fortune card", token, names_of(kFortuneNames));
}

std::string to_string(piraten::Face face) { return std::string(kFaceNames[static_cast<int>(face)]); }
std::string to_string(piraten::FortuneCard card) { return std::string(kFortuneNames[static_cast<int>(card)]); }

std::string format_dice(const piraten::FaceCounts& counts) {
  std::string out;
  for (int face = 0; face < piraten::kFaceCount; ++face) {
    if (counts[face] == 0) continue;
    if (!out.empty()) out += ' ';
    if (counts[face] > 1) out += std::to_string(counts[face]);
    out += kFaceNames[face];
  }
  return out;
}

// ---- Corsari ----

corsari::Colour parse_corsari_colour(std::string_view token) {
  if (auto index = lookup(folded(token), kCorsariColourNames, kCorsariColourAliases))
    return static_cast<corsari::Colour>(*index);
  unknown("Corsari colour", token, names_and_aliases(kCorsariColourNames, kCorsariColourAliases));
}

corsari::Card parse_corsari_card(std::string_view token) {
  const std::string name = folded(token);
  std::size_t split = name.size();
  while (split > 0 && std::isdigit(static_cast<unsigned char>(name[split - 1]))) --split;
  const auto colour = lookup(std::string_view(name).substr(0, split), kCorsariColourNames, kCorsariColourAliases);
  const auto number = trailing_number(std::string_view(name).substr(split));
  if (!colour || !number) unknown("Corsari card", token, all_corsari_cards());
  if (*number < 1 || *number > corsari::kMaxNumber)
    throw NotationError("Corsari card " + quoted_token(token) + " has no number " + std::to_string(*number) +
                            " (numbers are 1-11)",
                        std::string(token));
  return corsari::Card{static_cast<corsari::Colour>(*colour), *number};
}

std::vector<corsari::Card> parse_corsari_cards(const std::vector<std::string>& tokens) {
  std::vector<corsari::Card> cards;
  for (const std::string& token : split_lists(tokens)) {
    const corsari::Card card = parse_corsari_card(token);
    if (std::find(cards.begin(), cards.end(), card) != cards.end())
      throw NotationError("Corsari card " + quoted_token(token) + " named twice (every card is unique)", token);
    cards.push_back(card);
  }
  return cards;
}

std::string to_string(corsari::Colour colour) { return std::string(kCorsariColourNames[static_cast<int>(colour)]); }
std::string to_string(corsari::Card card) { return to_string(card.colour) + std::to_string(card.number); }

// ---- Loot ----

loot::Colour parse_loot_colour(std::string_view token) {
  const std::string name = folded(token);
  for (std::size_t i = 0; i < kLootColourNames.size(); ++i)
    if (kLootColourNames[i] == name) return static_cast<loot::Colour>(i);
  unknown("Loot colour", token, names_of(kLootColourNames));
}

loot::Card parse_loot_card(std::string_view token) {
  const std::string name = folded(token);
  if (name == "admiral") return loot::Card::admiral();
  constexpr std::string_view kCaptain = "captain-";
  if (name.starts_with(kCaptain)) {
    const std::string_view colour = std::string_view(name).substr(kCaptain.size());
    for (std::size_t i = 0; i < kLootColourNames.size(); ++i)
      if (kLootColourNames[i] == colour) return loot::Card::captain(static_cast<loot::Colour>(i));
    unknown("Loot card", token, all_loot_cards());
  }
  if (name.size() >= 2 && name[0] == 'm' && std::isdigit(static_cast<unsigned char>(name[1]))) {
    const auto gold = trailing_number(std::string_view(name).substr(1));
    if (!gold || *gold < 2 || *gold > 8)
      throw NotationError("Loot merchant " + quoted_token(token) + " does not exist (merchants are m2-m8)",
                          std::string(token));
    return loot::Card::merchant(*gold);
  }
  std::size_t split = name.size();
  while (split > 0 && std::isdigit(static_cast<unsigned char>(name[split - 1]))) --split;
  const std::string_view colour = std::string_view(name).substr(0, split);
  const auto skulls = trailing_number(std::string_view(name).substr(split));
  for (std::size_t i = 0; i < kLootColourNames.size(); ++i) {
    if (kLootColourNames[i] != colour || !skulls) continue;
    if (*skulls < 1 || *skulls > 4)
      throw NotationError("Loot pirate ship " + quoted_token(token) + " does not exist (1-4 skulls)",
                          std::string(token));
    return loot::Card::pirate(static_cast<loot::Colour>(i), *skulls);
  }
  unknown("Loot card", token, all_loot_cards());
}

std::vector<loot::Card> parse_loot_cards(const std::vector<std::string>& tokens) {
  std::vector<loot::Card> cards;
  for (const std::string& token : split_lists(tokens)) cards.push_back(parse_loot_card(token));
  return cards;
}

std::string to_string(loot::Colour colour) { return std::string(kLootColourNames[static_cast<int>(colour)]); }

std::string to_string(loot::Card card) {
  switch (card.kind) {
    case loot::CardKind::merchant: return "m" + std::to_string(card.value);
    case loot::CardKind::pirate: return to_string(card.colour) + std::to_string(card.value);
    case loot::CardKind::captain: return "captain-" + to_string(card.colour);
    case loot::CardKind::admiral: return "admiral";
  }
  return "?";
}

// ---- Meuterer ----

meuterer::Good parse_good(std::string_view token) {
  if (auto index = lookup(folded(token), kGoodNames, kGoodAliases)) return static_cast<meuterer::Good>(*index);
  unknown("Meuterer good", token, names_and_aliases(kGoodNames, kGoodAliases));
}

std::vector<meuterer::Good> parse_goods(const std::vector<std::string>& tokens) {
  std::vector<meuterer::Good> goods;
  for (const std::string& token : split_lists(tokens)) {
    const auto [count, name] = split_count(token, "Meuterer good");
    auto index = lookup(name, kGoodNames, kGoodAliases);
    if (!index) unknown("Meuterer good", token, names_and_aliases(kGoodNames, kGoodAliases));
    goods.insert(goods.end(), static_cast<std::size_t>(count), static_cast<meuterer::Good>(*index));
  }
  return goods;
}

std::string to_string(meuterer::Good good) { return std::string(kGoodNames[static_cast<int>(good)]); }

// ---- Completion lists ----

std::vector<std::string> all_faces() { return names_of(kFaceNames); }
std::vector<std::string> all_fortune_cards() { return names_of(kFortuneNames); }
std::vector<std::string> all_corsari_colours() { return names_of(kCorsariColourNames); }
std::vector<std::string> all_goods() { return names_of(kGoodNames); }

std::vector<std::string> all_corsari_cards() {
  std::vector<std::string> out;
  for (int index = 0; index < corsari::kDeckSize; ++index) out.push_back(to_string(corsari::Card::from_index(index)));
  return out;
}

std::vector<std::string> all_loot_cards() {
  std::vector<std::string> out;
  for (int gold = 2; gold <= 8; ++gold) out.push_back(to_string(loot::Card::merchant(gold)));
  for (int colour = 0; colour < loot::kColourCount; ++colour)
    for (int skulls = 1; skulls <= 4; ++skulls)
      out.push_back(to_string(loot::Card::pirate(static_cast<loot::Colour>(colour), skulls)));
  for (int colour = 0; colour < loot::kColourCount; ++colour)
    out.push_back(to_string(loot::Card::captain(static_cast<loot::Colour>(colour))));
  out.push_back("admiral");
  return out;
}

}  // namespace qm::notation
