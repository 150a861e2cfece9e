// Meuterer at the table: the moves as called, applied to the engine's State (see table.hpp).
#include "rules/meuterer/table.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/seats.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {
namespace {

using seats::at;

// Who draws now and how many cards: found by drawing on a copy until the cards go to someone else.
DrawNeed draw_need_of(const State& state) {
  DrawNeed need;
  if (state.current_player() != rules::kChancePlayer) return need;
  State probe = state;
  while (probe.current_player() == rules::kChancePlayer) {
    std::vector<int> before;
    for (int seat = 0; seat < probe.players(); ++seat) before.push_back(probe.hand(seat).total());
    probe.apply_action(probe.chance_outcomes().front().first);
    int grew = -1;
    for (int seat = 0; seat < probe.players(); ++seat)
      if (probe.hand(seat).total() > before[at(seat)]) grew = seat;
    if (grew < 0 || (need.seat >= 0 && grew != need.seat)) break;
    need.seat = grew;
    ++need.cards;
  }
  return need;
}

// The verb that moves the game on in each phase.
const char* verb_for(Phase phase) {
  switch (phase) {
    case Phase::deal:
    case Phase::refill: return "draw";
    case Phase::captain_card: return "card";
    case Phase::offers: return "display";
    case Phase::reveal: return "reveal";
    case Phase::mutiny: return "combat";
    case Phase::sales: return "sell";
    case Phase::loader_return: return "return";
    case Phase::game_over: return "";
  }
  return "";
}

bool verb_fits(Phase phase, const std::string& verb) {
  if (phase == Phase::offers) return verb == "display" || verb == "pass";
  return verb == verb_for(phase);
}

}  // namespace

Table::Table(std::vector<std::string> players, std::shared_ptr<const Components> components, Options options)
    : players_(std::move(players)), state_(std::move(components), static_cast<int>(players_.size()), options) {}

std::vector<std::string> Table::winners() const {
  std::vector<std::string> out;
  if (!state_.is_terminal()) return out;
  for (const int seat : state_.winners()) out.push_back(name(seat));
  return out;
}

std::optional<int> Table::find_seat(const std::string& name) const {
  for (std::size_t seat = 0; seat < players_.size(); ++seat)
    if (notation::folded(players_[seat]) == notation::folded(name)) return static_cast<int>(seat);
  return std::nullopt;
}

int Table::seat_of(const std::string& name) const {
  if (const auto seat = find_seat(name)) return *seat;
  std::string names;
  for (const std::string& player : players_) names += (names.empty() ? "" : ", ") + player;
  throw InputError("no player " + quoted_token(name) + " at this table (" + names + ")");
}

std::string Table::whose_turn() const {
  const int seat = acting_seat();
  return seat < 0 ? "" : name(seat);
}

DrawNeed Table::draw_need() const { return draw_need_of(state_); }

int Table::acting_seat() const {
  if (state_.is_terminal()) return -1;
  const int player = state_.current_player();
  return player >= 0 ? player : draw_need().seat;
}

std::string Table::with_names(std::string message) const {
  for (int seat = state_.players(); seat >= 1; --seat) {
    const std::string label = "seat " + std::to_string(seat);
    for (auto pos = message.find(label); pos != std::string::npos; pos = message.find(label, pos))
      message.replace(pos, label.size(), name(seat - 1));
  }
  return message;
}

std::string Table::next_step() const {
  const int seat = acting_seat();
  if (seat < 0) return "";
  const std::string& who = name(seat);
  const auto& islands = state_.components().islands;
  switch (state_.phase()) {
    case Phase::deal:
    case Phase::refill: {
      const DrawNeed need = draw_need();
      const bool loader = state_.phase() == Phase::refill && state_.role(seat) == Role::loader;
      return fmt::format("{} draws {}{}: 'draw GOODS' ({} reads them out, e.g. 'draw {} salt 2wine')", who,
                         counted(need.cards, "card"), loader ? " (the loader's three extra included)" : "", who, who);
    }
    case Phase::captain_card: {
      std::string sides;
      for (const auto& card : state_.components().captain_cards)
        sides += (sides.empty() ? "" : ", ") + std::to_string(card[0]) + "/" + std::to_string(card[1]);
      return fmt::format("{}, the captain, lays a captain card: 'card N', N the side shown ({})", who, sides);
    }
    case Phase::offers: {
      const int cards = state_.hand(seat).total();
      if (seat == state_.captain()) {
        const auto destination = static_cast<std::size_t>((state_.ship() + cards) % static_cast<int>(islands.size()));
        return fmt::format("{} (captain, {} in hand): 'display GOOD', or 'pass' (destination {})", who, counted(cards, "card"),
                           islands[destination].name);
      }
      // Which cards are left is for the passing player's eyes only: not listed.
      return fmt::format("{} ({} in hand): 'display GOOD', or 'pass' (an action card, taken face down, shown in phase 3)",
                         who, counted(cards, "card"));
    }
    case Phase::reveal: {
      std::vector<std::string> unshown;
      for (const Role role : state_.available_action_cards()) unshown.emplace_back(role_name(role));
      return fmt::format("{} shows the action card taken: 'reveal ROLE' ({})", who, fmt::join(unshown, ", "));
    }
    case Phase::mutiny:
      return fmt::format("{} ({}) may turn up face-down combat cards: 'combat N' ('combat 0' for none)", who,
                         role_name(state_.role(seat)));
    case Phase::sales:
      return fmt::format("{} sells: 'sell 2salt@ISLAND ...' or 'sell nothing' ('sales' lists the options)", who);
    case Phase::loader_return: {
      const int back = state_.hand(seat).total() - kHandSize;
      return fmt::format("{} (loader) puts {} back under the deck: 'return GOODS' (the first named is drawn first)", who,
                         counted(back, "card"));
    }
    case Phase::game_over: break;
  }
  return "";
}

RoundTable Table::round_table(std::size_t index) const {
  RoundTable table = state_.round_table(state_.rounds_played().at(index));
  for (int seat = 0; seat < state_.players(); ++seat) table.seats[at(seat)].name = name(seat);
  return table;
}

RoundTable Table::current_round_table() const {
  RoundTable table = state_.sales_table();
  for (int seat = 0; seat < state_.players(); ++seat) table.seats[at(seat)].name = name(seat);
  return table;
}

MoveOutcome Table::play(const std::string& verb, std::vector<std::string> words) {
  if (state_.is_terminal()) {
    std::vector<std::string> names = winners();
    throw RuleViolation("the game is over: " + and_list(names) + (names.size() > 1 ? " share the win" : " won"));
  }
  // Step 1: who moves. A first word naming a player names the mover ("pass Mate" with a player
  // called Mate still takes the mate's card: a role alone after pass or reveal is read as the role).
  const int seat = acting_seat();
  if (!words.empty()) {
    if (const auto named = find_seat(words.front())) {
      const bool role_word =
          (verb == "pass" || verb == "reveal") && words.size() == 1 && parse_role(words.front()).has_value();
      if (!role_word) {
        if (*named != seat)
          throw RuleViolation(fmt::format("not {}'s turn: {}", name(*named), next_step()));
        words.erase(words.begin());
      }
    }
  }
  const Phase phase = state_.phase();
  if (!verb_fits(phase, verb)) throw RuleViolation("not now: " + next_step());

  // Step 2: the actions, read by the notation and the engine.
  std::vector<Action> actions;
  if (verb == "draw" || verb == "return") {
    if (words.empty()) throw InputError(verb + ": name the goods, e.g. '" + verb + " salt 2wine'");
    for (const Good good : notation::parse_goods(words))
      actions.push_back(verb == "draw" ? Action::draw(good) : Action::return_good(good));
  } else {
    if (verb == "card" || verb == "display" || verb == "combat") {
      if (words.empty()) throw InputError(verb + " needs " + (verb == "display" ? "a good" : "a number"));
      if (words.size() > 1) throw InputError(verb + " takes one word; " + quoted_token(words[1]) + " is one too many");
    }
    if (verb == "sell" && words.empty()) throw InputError("sell: give the sales (e.g. 3salt@grunland) or 'nothing'");
    if (verb == "reveal" && words.empty()) throw InputError("reveal needs the action card, e.g. 'reveal mutineer'");
    if (verb == "combat" && notation::folded(words.front()) == "none") words.front() = "0";
    std::string text = verb;
    for (std::string word : words) {
      // An island typed with a space ("3grain@Karge Zunge", quoted) is one island: the notation
      // ignores spaces in island names, so they are dropped here to keep the word whole.
      if (verb == "sell" && word.find('@') != std::string::npos) word.erase(std::remove(word.begin(), word.end(), ' '), word.end());
      text += " " + word;
    }
    actions.push_back(parse_action(state_, text));
  }

  // Step 3: apply on a copy, so a refused action leaves the table as it was.
  State next = state_;
  MoveOutcome outcome;
  outcome.seat = seat;
  outcome.verb = verb;
  outcome.cards = static_cast<int>(actions.size());
  const std::size_t rounds_before = next.rounds_played().size();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Action& action = actions[i];
    if (action.kind == ActionKind::draw && draw_need_of(next).seat != seat)
      throw InputError(fmt::format("{} draws {} here, not {}", name(seat), counted(static_cast<int>(i), "card"), actions.size()));
    if (action.kind == ActionKind::draw && !next.draw_is_forced() && next.draw_pool()[action.good()] == 0) {
      // The move's earlier cards of this good took the last ones: say how many there were.
      const auto good_here = [&](const Action& a) { return a.good() == action.good(); };
      const auto before = std::count_if(actions.begin(), actions.begin() + static_cast<std::ptrdiff_t>(i), good_here);
      if (before > 0)
        throw RuleViolation(fmt::format("only {} {} {} left to draw, not {}", before, notation::to_string(action.good()),
                                        for_count(before, "is", "are"), std::count_if(actions.begin(), actions.end(), good_here)));
    }
    if (action.kind == ActionKind::return_good && (next.phase() != Phase::loader_return || next.current_player() != seat))
      throw InputError(fmt::format("the loader puts back {}, not {}", counted(static_cast<int>(i), "card"), actions.size()));
    outcome.moves.push_back(with_names(describe(next, action)));
    try {
      next.apply_action(action);
    } catch (const RuleViolation& error) {
      throw RuleViolation(with_names(error.what()));
    }
    if (action.kind == ActionKind::display && action.good() == Good::pirate && next.pirate_ship() >= 0) {
      outcome.pirate_moved = true;
      outcome.pirate_raid = next.displayed(seat)[Good::pirate] == 0;
    }
  }

  // Step 4: what followed by itself.
  const auto showing = [](Phase p) { return p == Phase::offers || p == Phase::reveal; };
  outcome.reveal_started = phase == Phase::offers && next.phase() == Phase::reveal;
  outcome.revealed = showing(phase) && !showing(next.phase());
  outcome.rounds_ended = static_cast<int>(next.rounds_played().size() - rounds_before);
  if (outcome.rounds_ended > 0) outcome.first_new_round = static_cast<int>(rounds_before);
  outcome.mutiny_started = outcome.revealed && next.phase() == Phase::mutiny;
  outcome.round_started = phase != Phase::captain_card && next.phase() == Phase::captain_card;
  state_ = std::move(next);
  return outcome;
}

int Table::seller(const std::string& player) const {
  if (state_.phase() != Phase::sales) throw RuleViolation("nobody is selling now: " + next_step());
  const int seat = state_.current_player();
  if (!player.empty() && seat_of(player) != seat)
    throw RuleViolation(name(seat) + " is the one selling now, not " + name(seat_of(player)));
  return seat;
}

bool Table::offer_laid() const {
  const Phase phase = state_.phase();
  return phase != Phase::captain_card && phase != Phase::deal && phase != Phase::refill && phase != Phase::loader_return;
}

bool Table::destinations_laid() const {
  const Phase phase = state_.phase();
  return phase == Phase::offers || phase == Phase::reveal || phase == Phase::mutiny || phase == Phase::sales;
}

bool Table::action_card_face_down(int seat) const {
  if (state_.card_face_down(seat)) return true;
  return state_.phase() == Phase::offers && state_.passed(seat) && seat != state_.captain();
}

MutinyOutcome Table::mutiny_so_far() const {
  int captain_side = 0;
  int mutineer_side = 0;
  bool mutineer = false;
  bool mate = false;
  for (int seat = 0; seat < state_.players(); ++seat) {
    const Role role = state_.role(seat);
    const int combat = state_.displayed(seat)[Good::combat] + state_.combat_added(seat);
    if (on_captains_side(role)) captain_side += combat;
    if (on_mutineers_side(role)) mutineer_side += combat;
    mutineer = mutineer || role == Role::mutineer;
    mate = mate || role == Role::mate;
  }
  return resolve_mutiny(mutineer, captain_side, mate, mutineer_side);
}

}  // namespace qm::meuterer
