// Loot at the table: the typed words, turned into the steps of the rules' table mode.
#include "cli/loot/table.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"

namespace qm::cli::loot_cli {
namespace {

// The words after the verb in `parse_action`'s syntax (rules/loot/action.hpp), player included.
const std::map<std::string, std::size_t>& words_after_verb() {
  static const std::map<std::string, std::size_t> counts = {{"draw", 1},   {"float", 2},   {"attack", 3}, {"reinforce", 3},
                                                            {"captain", 3}, {"admiral", 2}, {"discard", 2}};
  return counts;
}

}  // namespace

LootTable::LootTable(const qm::loot::Setup& setup) : setup_(setup), table_(setup) {}

std::vector<Standing> LootTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < board().players(); ++seat) {
    const double total = result() ? result()->players[static_cast<std::size_t>(seat)].total : board().captured_gold(seat);
    out.push_back({name(seat), total, false});
  }
  return out;
}

std::string LootTable::whose_turn() const {
  if (result() || board().is_over() || board().current_seat() < 0) return "";
  return name(board().current_seat());
}

std::vector<std::string> LootTable::winners() const { return result() ? result()->winners : std::vector<std::string>{}; }

nlohmann::json LootTable::options() const {
  nlohmann::json teams = nlohmann::json::array();
  for (const auto& [a, b] : setup_.teams) teams.push_back({name(a), name(b)});
  return {{"teams", teams}};
}

std::vector<std::string> LootTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  std::vector<std::string> merchants_at_sea;
  for (const std::uint8_t number : board().sea()) merchants_at_sea.push_back(fmt::format("#{}", number));
  std::vector<std::string> colours, pirates, merchants;
  for (int colour = 0; colour < qm::loot::kColourCount; ++colour)
    colours.push_back(notation::to_string(static_cast<qm::loot::Colour>(colour)));
  for (const std::string& card : notation::all_loot_cards()) {
    const qm::loot::Card parsed = notation::parse_loot_card(card);
    if (parsed.kind == qm::loot::CardKind::merchant) merchants.push_back(card);
    if (parsed.kind == qm::loot::CardKind::pirate) pirates.push_back(card);
  }
  // What the move takes once the player (who may be left out) is named.
  std::vector<std::string> rest;
  if (verb == "float") rest = merchants;
  else if (verb == "attack" || verb == "reinforce") rest = followed_by(pirates, merchants_at_sea);
  else if (verb == "captain") rest = followed_by(colours, merchants_at_sea);
  else if (verb == "admiral") rest = merchants_at_sea;
  else if (verb == "discard" || verb == "hand" || verb == "captured") rest = notation::all_loot_cards();
  else if (verb == "end") {
    std::vector<std::string> named;
    for (const std::string& player : players()) named.push_back(player + "=");
    return named;
  } else if (verb != "draw") {
    return {};
  }
  if (command.size() > 1) return rest;
  if (verb == "hand" || verb == "captured") return players();  // whose pile: always named
  return followed_by(players(), rest);                            // the player may be left out
}

qm::loot::MoveOutcome LootTable::play(std::vector<std::string> words) {
  table_.check_playing();  // a finished game refuses any move before its words are read
  if (words.empty()) throw InputError("empty move: say e.g. 'draw Cy' or 'attack Bob blue3 #2'");
  // The player may be left out: it is the one whose turn it is.
  const auto expected = words_after_verb().find(notation::folded(words[0]));
  const bool names_player = words.size() > 1 && std::any_of(setup_.names.begin(), setup_.names.end(),
                                                             [&](const std::string& n) { return same_name(n, words[1]); });
  if (expected != words_after_verb().end() && words.size() == expected->second && !names_player &&
      board().current_seat() >= 0)
    words.insert(words.begin() + 1, name(board().current_seat()));
  std::string line;
  for (const std::string& word : words) line += (line.empty() ? "" : " ") + word;
  return table_.play(qm::loot::parse_action(line, setup_.names));
}

ScanStep LootTable::scan_step(const std::vector<std::string>& words) const {
  if (words.empty() || words.size() > 2)
    throw InputError("scan PHOTO PLAYER [hand|captured]: in Loot each player's cards are photographed on their own");
  const int seat = seat_of(words[0]);
  Pile pile = board().is_over() || !table_.history().empty() ? Pile::hand : Pile::captured;
  if (words.size() == 2) {
    if (same_name(words[1], "hand"))
      pile = Pile::hand;
    else if (same_name(words[1], "captured"))
      pile = Pile::captured;
    else
      throw InputError("scan PHOTO " + words[0] + " " + words[1] + ": say 'hand' or 'captured'");
  }
  if (const auto refusal = table_.pile_refusal(pile)) throw RuleViolation("scan PHOTO: " + *refusal);
  ScanStep step;
  step.cards = true;
  step.card_game = "loot";
  step.what = pile == Pile::hand ? name(seat) + "'s cards left in hand" : name(seat) + "'s captured merchants";
  step.command = {pile == Pile::hand ? "hand" : "captured", name(seat)};
  return step;
}

}  // namespace qm::cli::loot_cli
