#include "rules/meuterer/components.hpp"

#include <algorithm>

#include "data/data_files.hpp"
#include "rules/json_file.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {
namespace {

// Sanity limits on edited data, so a typo cannot make a game that never ends.
constexpr int kMaxIslands = 64;
constexpr int kMaxCardsOfAGood = 99;
constexpr int kMaxCaptainCards = 4;

struct ComponentsReader {
  const std::string& file;

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw InputError(file + ": " + field + ": " + problem);
  }
  const nlohmann::json& member(const nlohmann::json& object, const std::string& key, const std::string& field) const {
    if (!object.is_object()) fail(field, "expected an object");
    const auto it = object.find(key);
    if (it == object.end()) fail(field.empty() ? key : field + "." + key, "missing");
    return *it;
  }
  int whole(const nlohmann::json& value, const std::string& field, int min, int max) const {
    if (!value.is_number_integer()) fail(field, "expected a whole number");
    const auto n = value.get<long long>();
    if (n < min || n > max) fail(field, "must be from " + std::to_string(min) + " to " + std::to_string(max));
    return static_cast<int>(n);
  }
  std::string text(const nlohmann::json& value, const std::string& field) const {
    if (!value.is_string() || value.get<std::string>().empty()) fail(field, "expected a non-empty string");
    return value.get<std::string>();
  }
  Good good(const nlohmann::json& value, const std::string& field) const {
    const std::string name = text(value, field);
    try {
      return notation::parse_good(name);
    } catch (const NotationError& error) {
      fail(field, error.what());
    }
  }
  GoodCounts goods(const nlohmann::json& value, const std::string& field) const {
    if (!value.is_object()) fail(field, "expected an object of good: count");
    GoodCounts counts;
    for (const auto& [name, count] : value.items()) {
      const Good g = good(nlohmann::json(name), field + "." + name);
      counts[g] += whole(count, field + "." + name, 0, kMaxCardsOfAGood);
    }
    return counts;
  }
};

Island read_island(const ComponentsReader& in, const nlohmann::json& value, const std::string& field) {
  Island island;
  island.name = in.text(in.member(value, "name", field), field + ".name");
  const nlohmann::json& good = in.member(value, "good", field);
  if (!(good.is_string() && (good.get<std::string>() == "any" || good.get<std::string>() == "?"))) {
    const Good g = in.good(good, field + ".good");
    if (!is_saleable(g)) in.fail(field + ".good", "an island cannot buy " + notation::to_string(g));
    island.good = g;
  }
  const nlohmann::json& sale = in.member(value, "sale_vp", field);
  if (!sale.is_array() || sale.size() != kSaleColumns)
    in.fail(field + ".sale_vp", "expected three whole numbers [sole, two tied, three tied]");
  for (std::size_t i = 0; i < kSaleColumns; ++i)
    island.sale_vp[i] = in.whole(sale[i], field + ".sale_vp[" + std::to_string(i) + "]", 0, 99);
  island.destination_vp = in.whole(in.member(value, "destination_vp", field), field + ".destination_vp", 0, 99);
  return island;
}

int island_named(const ComponentsReader& in, const Components& components, const nlohmann::json& value, const std::string& field) {
  const std::string name = in.text(value, field);
  const auto it = std::find_if(components.islands.begin(), components.islands.end(),
                               [&](const Island& island) { return island_key(island.name) == island_key(name); });
  if (it == components.islands.end()) in.fail(field, "no island is named " + quoted_token(name));
  return static_cast<int>(it - components.islands.begin());
}

}  // namespace

std::string island_key(std::string_view text) {
  const std::string name = notation::folded(text);
  std::string key;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c == ' ' || c == '-' || c == '_' || c == '\'') continue;
    // UTF-8 umlauts and sharp s: two bytes starting with 0xC3.
    if (c == 0xC3 && i + 1 < name.size()) {
      const auto next = static_cast<unsigned char>(name[++i]);
      switch (next) {
        case 0xA4: case 0x84: key += 'a'; break;  // ä Ä
        case 0xB6: case 0x96: key += 'o'; break;  // ö Ö
        case 0xBC: case 0x9C: key += 'u'; break;  // ü Ü
        case 0x9F: key += "ss"; break;            // ß
        default: key += static_cast<char>(c); key += static_cast<char>(next); break;
      }
      continue;
    }
    key += static_cast<char>(c);
  }
  return key;
}

int Components::find_island(std::string_view name) const {
  const std::string key = island_key(name);
  if (key.empty()) return -1;
  int found = -1;
  for (std::size_t i = 0; i < islands.size(); ++i) {
    const std::string candidate = island_key(islands[i].name);
    if (candidate == key) return static_cast<int>(i);
    if (candidate.compare(0, key.size(), key) == 0) {
      if (found >= 0) return -1;  // ambiguous prefix
      found = static_cast<int>(i);
    }
  }
  return found;
}

std::vector<Island> parse_islands(const nlohmann::json& list, const std::string& file, const std::string& field) {
  const ComponentsReader in{file};
  if (!list.is_array() || list.size() < 2 || list.size() > kMaxIslands)
    in.fail(field, "expected a list of 2 to " + std::to_string(kMaxIslands) + " islands in clockwise order");
  std::vector<Island> islands;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = field + "[" + std::to_string(i) + "]";
    Island island = read_island(in, list[i], where);
    for (const Island& earlier : islands)
      if (island_key(earlier.name) == island_key(island.name)) in.fail(where + ".name", quoted_token(island.name) + " appears twice");
    islands.push_back(std::move(island));
  }
  return islands;
}

Components parse_components(const nlohmann::json& document, const std::string& file) {
  const ComponentsReader in{file};
  if (!document.is_object()) in.fail("(document)", "expected a JSON object");
  Components components;

  components.islands = parse_islands(in.member(document, "islands", ""), file, "islands");
  components.start_island = island_named(in, components, in.member(document, "start_island", ""), "start_island");
  components.pirate_start_island =
      island_named(in, components, in.member(document, "pirate_start_island", ""), "pirate_start_island");

  components.goods_deck = in.goods(in.member(document, "goods_deck", ""), "goods_deck");
  components.pirate_variant_goods = in.goods(in.member(document, "pirate_variant_goods", ""), "pirate_variant_goods");
  if (components.goods_deck[Good::pirate] > 0)
    in.fail("goods_deck.pirate", "the pirate card belongs in pirate_variant_goods");

  const nlohmann::json& captain = in.member(document, "captain_cards", "");
  if (!captain.is_array() || captain.empty() || captain.size() > kMaxCaptainCards)
    in.fail("captain_cards", "expected 1 to " + std::to_string(kMaxCaptainCards) + " cards, each [side, side]");
  for (std::size_t i = 0; i < captain.size(); ++i) {
    const std::string field = "captain_cards[" + std::to_string(i) + "]";
    if (!captain[i].is_array() || captain[i].size() != 2) in.fail(field, "expected the card's two sides [side, side]");
    components.captain_cards.push_back({in.whole(captain[i][0], field + "[0]", 0, 99),
                                        in.whole(captain[i][1], field + "[1]", 0, 99)});
  }

  const nlohmann::json& actions = in.member(document, "action_cards", "");
  if (!actions.is_array() || actions.empty()) in.fail("action_cards", "expected a list of roles");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string field = "action_cards[" + std::to_string(i) + "]";
    const std::string name = in.text(actions[i], field);
    const auto role = parse_role(name);
    if (!role || !is_action_card(*role))
      in.fail(field, quoted_token(name) + " is not an action card (mate, mutineer, ships-boy, merchant, loader)");
    if (std::find(components.action_cards.begin(), components.action_cards.end(), *role) != components.action_cards.end())
      in.fail(field, quoted_token(name) + " appears twice");
    components.action_cards.push_back(*role);
  }
  return components;
}

Components load_components(const std::filesystem::path& directory) {
  const std::filesystem::path path = directory / kComponentsFile;
  return parse_components(rules::read_json_file(path), path.string());
}

std::filesystem::path default_data_dir() {
  const DataFolder folder = shipped_data("meuterer");
  if (const auto file = find_data_file(folder, kComponentsFile)) return file->parent_path();
  return folder.installed;  // load_components then names the file it misses there
}

}  // namespace qm::meuterer
