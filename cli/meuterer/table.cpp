#include "cli/meuterer/table.hpp"

#include <utility>

#include "scoring/notation.hpp"

namespace qm::cli::meuterer_cli {

namespace game = qm::meuterer;

MeutererTable::MeutererTable(std::vector<std::string> players, std::shared_ptr<const game::Components> components,
                             game::Options options, std::string data_dir)
    : table_(std::move(players), std::move(components), options), data_dir_(std::move(data_dir)) {}

std::vector<Standing> MeutererTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < state().players(); ++seat) out.push_back({name(seat), static_cast<double>(state().vp(seat)), false});
  return out;
}

nlohmann::json MeutererTable::options() const {
  const game::Options& options = state().options();
  return {{"pirate", options.pirate},
          {"rounds", state().rounds()},
          {"merchant_four_way", options.sale_rules.merchant_paid_in_four_way_tie},
          {"data", data_dir_.empty() ? nlohmann::json(nullptr) : nlohmann::json(data_dir_)}};
}

std::vector<std::string> MeutererTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  // What the move takes once the player (who may be left out) is named.
  std::vector<std::string> rest;
  if (verb == "draw" || verb == "return" || verb == "display") {
    rest = notation::all_goods();
  } else if (verb == "pass") {
    rest = {};  // the card is taken face down and named in phase 3 ('reveal')
  } else if (verb == "reveal") {
    for (const game::Role role : state().components().action_cards) rest.emplace_back(game::role_name(role));
  } else if (verb == "card") {
    rest = {"0", "1", "2", "3"};
  } else if (verb == "combat") {
    rest = {"0", "1", "2", "3"};
  } else if (verb == "sell") {
    rest = followed_by({"nothing"}, notation::all_goods());
  } else {
    return {};
  }
  return command.size() == 1 ? followed_by(players(), rest) : rest;
}

}  // namespace qm::cli::meuterer_cli
