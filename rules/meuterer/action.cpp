#include "rules/meuterer/action.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "rules/meuterer/state.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {

std::string describe(const State& state, const Action& action) {
  const auto& islands = state.components().islands;
  switch (action.kind) {
    case ActionKind::draw: return "draw " + notation::to_string(action.good());
    case ActionKind::captain_card: {
      const auto& cards = state.components().captain_cards;
      const auto card = static_cast<std::size_t>(action.captain_card_index());
      if (card >= cards.size() || action.captain_card_side() > 1) return "captain card ?";
      const auto& sides = cards[card];
      const int value = sides[static_cast<std::size_t>(action.captain_card_side())];
      return "captain card " + std::to_string(sides[0]) + "/" + std::to_string(sides[1]) + " showing " +
             std::to_string(value) + " (the mate gets " + std::to_string(value) + " VP from the captain)";
    }
    case ActionKind::display: return "display " + notation::to_string(action.good());
    case ActionKind::pass: {
      const int seat = std::max(state.current_player(), 0);
      const int cards = state.hand(seat).total();
      if (seat == state.captain())
        return "pass with " + counted(cards, "card") + ": destination " +
               islands[static_cast<std::size_t>(state.island_steps(state.ship(), cards))].name;
      // Named or not, the card lies face down until phase 3 (rules: フェイズ3).
      return "pass with " + counted(cards, "card") + " and take an action card";
    }
    case ActionKind::reveal: return "show the " + std::string(role_name(action.card()));
    case ActionKind::add_combat: return "add " + std::to_string(action.count()) + " combat";
    case ActionKind::allocate: {
      const Allocation allocation = action.allocation();
      const std::vector<int> active = state.active_islands();
      std::vector<Sale> sales;
      for (std::size_t slot = 0; slot < active.size(); ++slot)
        if (allocation.count[slot] > 0) sales.push_back({active[slot], allocation.good[slot], allocation.count[slot]});
      return "sell " + describe_sales(sales, islands);
    }
    case ActionKind::return_good: return "return " + notation::to_string(action.good()) + " under the deck";
  }
  return "?";
}

std::string notation(const State& state, const Action& action) {
  const Components& components = state.components();
  switch (action.kind) {
    case ActionKind::draw: return "draw " + notation::to_string(action.good());
    case ActionKind::captain_card: {
      const auto card = static_cast<std::size_t>(action.captain_card_index());
      const auto side = static_cast<std::size_t>(action.captain_card_side());
      if (card >= components.captain_cards.size() || side > 1) return "card ?";
      return "card " + std::to_string(components.captain_cards[card][side]);
    }
    case ActionKind::display: return "display " + notation::to_string(action.good());
    case ActionKind::pass:
      return action.card() == Role::none ? "pass" : "pass " + std::string(role_name(action.card()));
    case ActionKind::reveal: return "reveal " + std::string(role_name(action.card()));
    case ActionKind::add_combat: return "combat " + std::to_string(action.count());
    case ActionKind::allocate: {
      const Allocation allocation = action.allocation();
      const std::vector<int> active = state.active_islands();
      std::string text = "sell";
      for (std::size_t slot = 0; slot < active.size(); ++slot)
        if (allocation.count[slot] > 0)
          text += " " + std::to_string(allocation.count[slot]) + notation::to_string(allocation.good[slot]) + "@" +
                  island_key(components.islands[static_cast<std::size_t>(active[slot])].name);
      return allocation.sold() == 0 ? text + " nothing" : text;
    }
    case ActionKind::return_good: return "return " + notation::to_string(action.good());
  }
  return "?";
}

Action parse_action(const State& state, std::string_view text) {
  const Components& components = state.components();
  const std::vector<std::string> words = notation::split_list(text);
  if (words.empty()) throw NotationError("no action given", std::string(text));
  const std::string verb = notation::folded(words[0]);
  auto argument = [&](std::size_t i) -> const std::string& {
    if (i >= words.size()) throw NotationError("'" + verb + "' needs an argument", verb);
    return words[i];
  };
  auto number = [&](const std::string& word) {
    int value = 0;
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || ptr != word.data() + word.size() || value < 0)
      throw NotationError("'" + word + "' is not a number", word);
    return value;
  };
  if (verb == "draw") return Action::draw(notation::parse_good(argument(1)));
  if (verb == "display" || verb == "show") return Action::display(notation::parse_good(argument(1)));
  if (verb == "return") return Action::return_good(notation::parse_good(argument(1)));
  if (verb == "combat" || verb == "add") return Action::add_combat(number(argument(1)));
  if (verb == "card" || verb == "offer") {
    const int value = number(argument(1));
    const auto& cards = components.captain_cards;
    for (std::size_t card = 0; card < cards.size(); ++card)
      for (int side = 0; side < 2; ++side)
        if (cards[card][static_cast<std::size_t>(side)] == value) return Action::captain_card(static_cast<int>(card), side);
    throw NotationError("no captain card shows " + argument(1), argument(1));
  }
  if (verb == "pass" || verb == "reveal") {
    if (verb == "pass" && words.size() == 1) return Action::pass(Role::none);
    std::string name = argument(1);
    for (std::size_t i = 2; i < words.size(); ++i) name += "-" + words[i];
    const auto role = parse_role(name);
    if (!role) throw NotationError("'" + name + "' is not an action card", name);
    return verb == "pass" ? Action::pass(*role) : Action::reveal(*role);
  }
  if (verb == "sell") {
    const std::vector<int> active = state.active_islands();
    Allocation allocation;
    for (std::size_t i = 1; i < words.size(); ++i) {
      const std::string& word = words[i];
      if (words.size() == 2 && (word == "nothing" || word == "none")) break;
      const auto at = word.find('@');
      if (at == std::string::npos) throw NotationError("write a sale as COUNTGOOD@ISLAND, e.g. 3salt@grunland", word);
      const std::vector<Good> goods = notation::parse_goods({word.substr(0, at)});
      if (goods.empty()) throw NotationError("a sale needs at least one card", word);
      const int island = components.find_island(word.substr(at + 1));
      if (island < 0) throw NotationError("no single island is called '" + word.substr(at + 1) + "'", word);
      const auto slot = std::find(active.begin(), active.end(), island);
      if (slot == active.end())
        throw NotationError(components.islands[static_cast<std::size_t>(island)].name + " is not active", word);
      const auto index = static_cast<std::size_t>(slot - active.begin());
      if (allocation.count[index] > 0) throw NotationError("one kind of good per island", word);
      allocation.good[index] = goods.front();
      allocation.count[index] = static_cast<int>(goods.size());
    }
    return Action::allocate(allocation);
  }
  throw NotationError("unknown action '" + words[0] + "' (draw, card, display, pass, reveal, combat, sell, return)", words[0]);
}

}  // namespace qm::meuterer
