#include "cli/loot/table.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {
namespace {

using qm::loot::Action;
using qm::loot::ActionKind;

// The words after the verb in `parse_action`'s syntax (rules/loot/action.hpp), player included.
const std::map<std::string, std::size_t>& words_after_verb() {
  static const std::map<std::string, std::size_t> counts = {{"draw", 1},   {"float", 2},   {"attack", 3}, {"reinforce", 3},
                                                            {"captain", 3}, {"admiral", 2}, {"discard", 2}};
  return counts;
}

}  // namespace

LootTable::LootTable(const qm::loot::Setup& setup) : setup_(setup), table_(setup) {}

int LootTable::seat_of(const std::string& name) const {
  return static_cast<int>(index_of_name(setup_.names, name));
}

std::vector<Standing> LootTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < board().players(); ++seat) {
    const double total = result_ ? result_->players[static_cast<std::size_t>(seat)].total : board().captured_gold(seat);
    out.push_back({name(seat), total, false});
  }
  return out;
}

std::string LootTable::whose_turn() const {
  if (result_ || board().is_over() || board().current_seat() < 0) return "";
  return name(board().current_seat());
}

std::vector<std::string> LootTable::winners() const { return result_ ? result_->winners : std::vector<std::string>{}; }

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

void LootTable::refuse_when_over() const {
  if (result_) throw RuleViolation("this game of Loot is over; start another with 'new loot PLAYER...'");
  if (board().is_over())
    throw RuleViolation("the game is over: show the merchants left in the hands with 'end NAME=CARDS...' "
                       "(or a player at a time: 'hand NAME CARDS', then 'end')");
}

MoveOutcome LootTable::play(std::vector<std::string> words) {
  refuse_when_over();
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
  const Action action = qm::loot::parse_action(line, setup_.names);
  if (action.kind == ActionKind::reveal)
    throw InputError("'reveal' is not a move at the table: nobody sees the card drawn");

  MoveOutcome outcome;
  outcome.action = action;
  if (action.kind == ActionKind::attack)
    if (const qm::loot::Battle* battle = board().at_sea(action.merchant))
      outcome.reinforced = board().side_colour(*battle, board().side_of(action.seat)) != qm::loot::kNoColour;
  const std::size_t captures_before = board().captures().size();
  const bool deck_before = board().deck_size() > 0;

  table_.apply(action);  // validates everything first: a refused move changes nothing

  const auto captures = board().captures();
  outcome.captures.assign(captures.begin() + static_cast<std::ptrdiff_t>(captures_before), captures.end());
  outcome.deck_emptied = deck_before && board().deck_size() == 0;
  outcome.ended = board().is_over();
  if (outcome.ended) {
    for (const qm::loot::Battle& battle : board().merchants()) {
      const bool captured = std::any_of(captures.begin(), captures.end(),
                                        [&](const qm::loot::Capture& c) { return c.number == battle.number; });
      if (!captured) outcome.lost.push_back(battle.number);
    }
  }
  return outcome;
}

namespace {

// What is noted, with the lists named in the command taking the place of a player's noted one.
std::vector<NamedCards> with_noted(const std::vector<NamedCards>& noted, const std::vector<NamedCards>& named) {
  std::vector<NamedCards> out = named;
  for (const NamedCards& pile : noted) {
    const bool named_too =
        std::any_of(named.begin(), named.end(), [&](const NamedCards& other) { return same_name(other.name, pile.name); });
    if (!named_too) out.push_back(pile);
  }
  return out;
}

}  // namespace

std::vector<std::vector<qm::loot::Card>> LootTable::shown_hands(const std::vector<NamedCards>& hands) const {
  std::vector<std::vector<qm::loot::Card>> shown(setup_.names.size());
  for (const NamedCards& hand : hands) {
    auto& cards = shown[static_cast<std::size_t>(seat_of(hand.name))];
    cards.insert(cards.end(), hand.cards.begin(), hand.cards.end());
  }
  return shown;
}

std::vector<qm::loot::PlayerHaul> LootTable::hauls(const std::vector<NamedCards>& captured,
                                                   const std::vector<NamedCards>& hands) const {
  std::vector<qm::loot::PlayerHaul> out;
  for (const std::string& player : setup_.names) out.push_back({player, {}, {}});
  for (const NamedCards& c : captured) {
    auto& cards = out[static_cast<std::size_t>(seat_of(c.name))].captured;
    cards.insert(cards.end(), c.cards.begin(), c.cards.end());
  }
  for (const NamedCards& h : hands) {
    auto& cards = out[static_cast<std::size_t>(seat_of(h.name))].in_hand;
    cards.insert(cards.end(), h.cards.begin(), h.cards.end());
  }
  return out;
}

std::vector<std::vector<std::string>> LootTable::team_names() const {
  std::vector<std::vector<std::string>> teams;
  for (const auto& [a, b] : setup_.teams) teams.push_back({name(a), name(b)});
  return teams;
}

std::optional<std::string> LootTable::pile_refusal(Pile pile) const {
  if (result_) return "the final totals are already given; 'undo' takes them back";
  if (pile == Pile::hand && !table_.history().empty() && !board().is_over())
    return "the game is not over: the hands are shown at its end";
  if (pile == Pile::captured && !table_.history().empty())
    return "the captures of a tracked game are known: note the merchants left in the hands ('hand NAME CARDS')";
  return std::nullopt;
}

void LootTable::note(Pile pile, const NamedCards& cards) {
  if (const auto refusal = pile_refusal(pile)) throw RuleViolation(*refusal);
  const int seat = seat_of(cards.name);
  std::vector<NamedCards> piles = noted(pile);
  std::erase_if(piles, [&](const NamedCards& other) { return same_name(other.name, cards.name); });
  piles.push_back({name(seat), cards.cards});
  // Checked now as `end` or `final` will check it (a pirate ship among the captured merchants, a
  // card that cannot be in that hand), so that a wrong card is refused as it is typed.
  if (pile == Pile::hand && !table_.history().empty())
    (void)table_.final_totals(shown_hands(piles));
  else
    (void)qm::loot::final_totals(hauls(pile == Pile::captured ? piles : noted_captured_, pile == Pile::hand ? piles : noted_hands_),
                                 team_names());
  (pile == Pile::hand ? noted_hands_ : noted_captured_) = std::move(piles);
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
  if (const auto refusal = pile_refusal(pile)) throw RuleViolation("scan PHOTO: " + *refusal);
  ScanStep step;
  step.cards = true;
  step.card_game = "loot";
  step.what = pile == Pile::hand ? name(seat) + "'s cards left in hand" : name(seat) + "'s captured merchants";
  step.command = {pile == Pile::hand ? "hand" : "captured", name(seat)};
  return step;
}

const qm::loot::FinalTotals& LootTable::end(const std::vector<NamedCards>& named_hands) {
  const std::vector<NamedCards> hands = with_noted(noted_hands_, named_hands);
  if (result_) throw RuleViolation("the final totals are already given; 'undo' takes them back");
  if (!board().is_over()) {
    const int deck = board().deck_size();
    throw RuleViolation(deck > 0 ? fmt::format("the game is not over: {} {} left in the deck (a table that "
                                               "stopped tracking uses 'final')",
                                               counted(deck, "card"), for_count(deck, "is", "are"))
                                 : "the game is not over: every player still holds cards (it ends when a hand is empty)");
  }
  result_ = table_.final_totals(shown_hands(hands));
  return *result_;
}

const qm::loot::FinalTotals& LootTable::settle(const std::vector<NamedCards>& named_captured,
                                               const std::vector<NamedCards>& named_hands) {
  const std::vector<NamedCards> captured = with_noted(noted_captured_, named_captured);
  const std::vector<NamedCards> hands = with_noted(noted_hands_, named_hands);
  if (result_) throw RuleViolation("the final totals are already given; 'undo' takes them back");
  result_ = qm::loot::final_totals(hauls(captured, hands), team_names());
  typed_final_ = true;
  return *result_;
}

}  // namespace qm::cli::loot_cli
