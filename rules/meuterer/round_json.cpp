#include "rules/meuterer/round_json.hpp"

#include "rules/json_file.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {
namespace {

struct RoundReader {
  const std::string& file;
  const std::vector<Island>& islands;

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw InputError(file + ": " + field + ": " + problem);
  }
  int island(const nlohmann::json& value, const std::string& field) const {
    if (!value.is_string()) fail(field, "expected an island's name");
    const std::string key = island_key(value.get<std::string>());
    for (std::size_t i = 0; i < islands.size(); ++i)
      if (island_key(islands[i].name) == key) return static_cast<int>(i);
    fail(field, "no island is named " + quoted_token(value.get<std::string>()));
  }
  int whole(const nlohmann::json& value, const std::string& field, int min) const {
    if (!value.is_number_integer() || value.get<long long>() < min || value.get<long long>() > 999)
      fail(field, "expected a whole number of at least " + std::to_string(min));
    return static_cast<int>(value.get<long long>());
  }
  // "2wine combat", ["2wine", "combat"] or {"wine": 2, "combat": 1}
  GoodCounts goods(const nlohmann::json& value, const std::string& field) const {
    try {
      if (value.is_string()) return count_goods(notation::parse_goods({value.get<std::string>()}));
      if (value.is_array()) {
        std::vector<std::string> tokens;
        for (const auto& token : value) {
          if (!token.is_string()) fail(field, "expected goods such as \"2wine combat\"");
          tokens.push_back(token.get<std::string>());
        }
        return count_goods(notation::parse_goods(tokens));
      }
      if (value.is_object()) {
        GoodCounts counts;
        for (const auto& [name, count] : value.items())
          counts[notation::parse_good(name)] += whole(count, field + "." + name, 0);
        return counts;
      }
    } catch (const NotationError& error) {
      fail(field, error.what());
    }
    fail(field, "expected goods such as \"2wine combat\"");
  }
  // {"island": "Grünland", "good": "salt", "count": 3} or "3salt@Grünland"
  Sale sale(const nlohmann::json& value, const std::string& field) const {
    Sale sale;
    try {
      if (value.is_string()) {
        const std::string text = value.get<std::string>();
        const auto at = text.find('@');
        if (at == std::string::npos) fail(field, "write a sale as COUNTGOOD@ISLAND, e.g. \"3salt@Grünland\"");
        const std::vector<Good> goods = notation::parse_goods({text.substr(0, at)});
        if (goods.empty()) fail(field, "a sale needs at least one card");
        sale.good = goods.front();
        sale.count = static_cast<int>(goods.size());
        sale.island = island(nlohmann::json(text.substr(at + 1)), field);
        return sale;
      }
      if (!value.is_object()) fail(field, "expected {\"island\", \"good\", \"count\"}");
      if (!value.contains("island") || !value.contains("good") || !value.contains("count"))
        fail(field, "a sale needs \"island\", \"good\" and \"count\"");
      sale.island = island(value["island"], field + ".island");
      if (!value["good"].is_string()) fail(field + ".good", "expected a good");
      sale.good = notation::parse_good(value["good"].get<std::string>());
      sale.count = whole(value["count"], field + ".count", 1);
      return sale;
    } catch (const NotationError& error) {
      fail(field, error.what());
    }
  }
};

bool shows_offer(const Components& components, int offer) {
  for (const auto& card : components.captain_cards)
    if (card[0] == offer || card[1] == offer) return true;
  return false;
}

// Every card on the table is one of the game's: no more of a good than the deck holds (the pirate
// variant's cards included, as a state file does not say which variant was played).
void check_cards_exist(const RoundReader& in, const RoundTable& table, const Components& components) {
  GoodCounts game = components.goods_deck;
  game += components.pirate_variant_goods;
  GoodCounts shown;
  bool added = false;
  for (const SeatAtTable& seat : table.seats) {
    shown += seat.displayed;
    shown[Good::combat] += seat.combat_added;
    added = added || seat.combat_added > 0;
  }
  for (Good good : kAllGoods)
    if (shown[good] > game[good])
      in.fail("players", std::to_string(shown[good]) + " " + notation::to_string(good) +
                             (good == Good::combat && added ? " displayed and added" : " displayed") +
                             " in all, but the game has only " + std::to_string(game[good]));
}

nlohmann::json sales_json(const std::vector<Sale>& sales, const std::vector<Island>& islands) {
  nlohmann::json out = nlohmann::json::array();
  for (const Sale& sale : sales)
    out.push_back({{"island", islands[static_cast<std::size_t>(sale.island)].name},
                   {"good", notation::to_string(sale.good)},
                   {"count", sale.count}});
  return out;
}

}  // namespace

RoundTable parse_round_table(const nlohmann::json& document, const Components& components, const std::string& file) {
  if (!document.is_object()) throw InputError(file + ": expected a JSON object");
  RoundTable table;
  if (document.contains("islands")) {
    table.islands = parse_islands(document["islands"], file, "islands");
  } else {
    table.islands = components.islands;
  }
  const RoundReader in{file, table.islands};
  auto member = [&](const std::string& key) -> const nlohmann::json& {
    if (!document.contains(key)) in.fail(key, "missing");
    return document[key];
  };

  table.ship = in.island(member("ship"), "ship");
  if (document.contains("active")) {
    const nlohmann::json& active = document["active"];
    if (!active.is_array()) in.fail("active", "expected a list of one or two islands");
    for (std::size_t i = 0; i < active.size(); ++i)
      table.active.push_back(in.island(active[i], "active[" + std::to_string(i) + "]"));
  } else {
    table.active = {table.ship};
  }
  table.offer = in.whole(member("offer"), "offer", 0);
  if (!shows_offer(components, table.offer)) {
    std::vector<std::string> cards;
    for (const auto& card : components.captain_cards) cards.push_back(std::to_string(card[0]) + "/" + std::to_string(card[1]));
    in.fail("offer", "no captain card shows " + std::to_string(table.offer) + " (the captain cards are " + and_list(cards) + ")");
  }
  table.captain_destination = in.island(member("captain_destination"), "captain_destination");
  if (document.contains("mutineer_destination") && !document["mutineer_destination"].is_null())
    table.mutineer_destination = in.island(document["mutineer_destination"], "mutineer_destination");
  if (document.contains("merchant_four_way")) {
    if (!document["merchant_four_way"].is_boolean()) in.fail("merchant_four_way", "expected true or false");
    table.sale_rules.merchant_paid_in_four_way_tie = document["merchant_four_way"].get<bool>();
  }

  const nlohmann::json& players = member("players");
  if (!players.is_array()) in.fail("players", "expected the players in clockwise order");
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string field = "players[" + std::to_string(i) + "]";
    const nlohmann::json& player = players[i];
    if (!player.is_object()) in.fail(field, "expected an object");
    SeatAtTable seat;
    if (!player.contains("name") || !player["name"].is_string()) in.fail(field + ".name", "expected the player's name");
    seat.name = player["name"].get<std::string>();
    for (std::size_t earlier = 0; earlier < table.seats.size(); ++earlier)
      if (notation::folded(table.seats[earlier].name) == notation::folded(seat.name))
        in.fail(field + ".name", quoted_token(seat.name) + " is the name of players[" + std::to_string(earlier) + "] too");
    if (player.contains("role") && !player["role"].is_null()) {
      if (!player["role"].is_string()) in.fail(field + ".role", "expected a role");
      const auto role = parse_role(player["role"].get<std::string>());
      if (!role)
        in.fail(field + ".role", quoted_token(player["role"].get<std::string>()) +
                                     " is not a role (captain, mate, mutineer, ships-boy, merchant, loader, none)");
      seat.role = *role;
    }
    if (player.contains("displayed")) seat.displayed = in.goods(player["displayed"], field + ".displayed");
    if (player.contains("combat_added")) seat.combat_added = in.whole(player["combat_added"], field + ".combat_added", 0);
    if (player.contains("sales") && !player["sales"].is_null()) {
      const nlohmann::json& sales = player["sales"];
      if (!sales.is_array()) in.fail(field + ".sales", "expected a list of sales");
      for (std::size_t j = 0; j < sales.size(); ++j)
        seat.sales.push_back(in.sale(sales[j], field + ".sales[" + std::to_string(j) + "]"));
    } else {
      seat.sales_declared = false;
    }
    table.seats.push_back(std::move(seat));
  }
  check_cards_exist(in, table, components);
  return table;
}

RoundTable load_round_table(const std::filesystem::path& file, const Components& components) {
  return parse_round_table(rules::read_json_file(file), components, file.string());
}

nlohmann::json round_score_json(const RoundTable& table, const RoundScore& score) {
  const auto& islands = table.islands;
  nlohmann::json out;
  out["mutiny"] = {{"happened", score.mutiny.happened},
                   {"succeeded", score.mutiny.succeeded},
                   {"captain_strength", score.mutiny.captain_strength},
                   {"mutineer_strength", score.mutiny.mutineer_strength}};
  out["ship_destination"] = islands[static_cast<std::size_t>(score.ship_destination)].name;
  out["next_captain"] = table.seats[static_cast<std::size_t>(score.next_captain)].name;
  out["players"] = nlohmann::json::array();
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    nlohmann::json breakdown = nlohmann::json::array();
    for (const VpItem& item : score.seats[seat].items) breakdown.push_back({{"reason", item.reason}, {"vp", item.vp}});
    out["players"].push_back({{"name", table.seats[seat].name},
                              {"role", std::string(role_name(table.seats[seat].role))},
                              {"sales", sales_json(score.sales[seat], islands)},
                              {"vp", score.seats[seat].total},
                              {"breakdown", breakdown}});
  }
  return out;
}

nlohmann::json sale_options_json(const RoundTable& table, int seat, const std::vector<SaleOption>& options) {
  nlohmann::json out;
  out["player"] = table.seats[static_cast<std::size_t>(seat)].name;
  out["options"] = nlohmann::json::array();
  for (const SaleOption& option : options)
    out["options"].push_back({{"sales", sales_json(option.sales, table.islands)},
                              {"vp", option.vp},
                              {"vp_min", option.vp_min},
                              {"vp_max", option.vp_max},
                              {"best", option.best}});
  out["undeclared"] = nlohmann::json::array();
  for (const int other : undeclared_sellers(table, seat)) out["undeclared"].push_back(table.seats[static_cast<std::size_t>(other)].name);
  return out;
}

}  // namespace qm::meuterer
