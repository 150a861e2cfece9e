#include "rules/loot/state.hpp"

#include <bit>
#include <sstream>

#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::loot {
namespace {

// A generous bound on one game's history: 78 reveals and every card played once.
constexpr std::size_t kHistoryReserve = 2 * kDeckSize + kDeckSize;

std::string cards_text(const CardCounts& counts) {
  std::string text;
  for (int type = 0; type < kCardTypes; ++type)
    for (int copy = 0; copy < counts[static_cast<std::size_t>(type)]; ++copy)
    {
      if (!text.empty()) text += ' ';
      text += notation::to_string(card_of_type(type));
    }
  return text.empty() ? "-" : text;
}

}  // namespace

State::State(const Setup& setup) : board_(setup) { history_.reserve(kHistoryReserve); }

int State::current_player() const {
  if (board_.is_over()) return rules::kTerminalPlayer;
  if (board_.dealing() || drawer_ >= 0) return rules::kChancePlayer;
  return board_.current_seat();
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  const int seat = current_player();
  if (seat < 0) return;
  // Written through a local pointer: the count stays in a register, where out's own count
  // would be reloaded after every store of an Action's bytes (which may alias anything).
  Action* next = out.data();
  // The card types in hand, one bit per type: merchants, pirate ships colour by colour,
  // captains, the admiral, in type order.
  const std::uint32_t types = held_types_[static_cast<std::size_t>(seat)];
  const int side = board_.side_of(seat);
  if (board_.deck_size() > 0) *next++ = Action::draw(seat);
  for (std::uint32_t left = types & ((1u << kMerchantTypes) - 1); left != 0; left &= left - 1)
    *next++ = Action::float_merchant(seat, gold_of_type(std::countr_zero(left)));
  const unsigned pirates = (types >> kFirstPirateType) & ((1u << (kColourCount * kMaxSkulls)) - 1);  // bit 0: the first pirate type
  const unsigned captains = (types >> kFirstCaptainType) & ((1u << kColourCount) - 1);                 // bit per colour
  const bool admiral = (types >> kAdmiralType) & 1u;
  if (pirates != 0 || captains != 0 || admiral) {
    for (const std::uint8_t number : board_.sea()) {
      const Battle& battle = board_.merchant(number);
      // The colour rule: one's own colour if the side already attacks here, else any colour not yet on it.
      const int own = battle.fleet[static_cast<std::size_t>(side)];
      const unsigned allowed = own != kNoColour ? 1u << own : ((1u << kColourCount) - 1) & ~unsigned{battle.colours_taken};
      unsigned allowed_pirates = 0;
      for (int colour = 0; colour < kColourCount; ++colour)
        if (allowed & (1u << colour)) allowed_pirates |= ((1u << kMaxSkulls) - 1) << (colour * kMaxSkulls);
      for (unsigned left = pirates & allowed_pirates; left != 0; left &= left - 1)
        *next++ = Action::attack(seat, card_of_type(kFirstPirateType + std::countr_zero(left)), battle.number);
      if (own != kNoColour && (captains & (1u << own))) *next++ = Action::captain(seat, static_cast<Colour>(own), battle.number);
      if (admiral && board_.side_of(battle.owner) == side) *next++ = Action::admiral(seat, battle.number);
    }
  }
  if (board_.deck_size() == 0)
    for (std::uint32_t left = types >> kFirstPirateType; left != 0; left &= left - 1)
      *next++ = Action::discard(seat, card_of_type(kFirstPirateType + std::countr_zero(left)));
  out.resize(static_cast<int>(next - out.data()));
}

std::vector<Action> State::legal_actions() const {
  ActionList list;
  legal_actions(list);
  return {list.begin(), list.end()};
}

std::vector<std::pair<Action, double>> State::chance_outcomes() const {
  std::vector<std::pair<Action, double>> outcomes;
  if (current_player() != rules::kChancePlayer) return outcomes;
  const double total = board_.deck_size();
  for (int type = 0; type < kCardTypes; ++type)
    if (deck_[static_cast<std::size_t>(type)] > 0)
      outcomes.emplace_back(Action::reveal(card_of_type(type)), deck_[static_cast<std::size_t>(type)] / total);
  return outcomes;
}

Action State::sample_chance(rules::Rng& rng) const {
  int pick = std::uniform_int_distribution<int>(0, board_.deck_size() - 1)(rng);
  for (int type = 0; type < kCardTypes; ++type) {
    pick -= deck_[static_cast<std::size_t>(type)];
    if (pick < 0) return Action::reveal(card_of_type(type));
  }
  throw RuleViolation("the deck is empty: no card can come off it");
}

void State::apply_action(const Action& action) {
  if (current_player() == rules::kChancePlayer) {
    reveal(action);
  } else {
    play(action);
  }
  history_.push_back(action);
}

void State::reveal(const Action& action) {
  if (action.kind != ActionKind::reveal)
    throw RuleViolation("a card must come off the deck first (" + std::string(board_.dealing() ? "the deal" : "a draw") + ")");
  if (!is_real(action.card)) throw RuleViolation("'" + notation::to_string(action.card) + "' is not a Loot card");
  const auto type = static_cast<std::size_t>(type_of(action.card));
  if (deck_[type] == 0) throw RuleViolation("no " + notation::to_string(action.card) + " is left in the deck");
  if (board_.dealing()) {
    const int seat = dealt_ % board_.players();
    board_.deal(seat);
    ++hands_[static_cast<std::size_t>(seat)][type];
    held_types_[static_cast<std::size_t>(seat)] |= 1u << type;
    --deck_[type];
    if (++dealt_ == kHandAtDeal * board_.players()) board_.start_play();
    return;
  }
  const int seat = drawer_;
  board_.perform(Action::draw(seat));  // checked when the player chose to draw
  ++hands_[static_cast<std::size_t>(seat)][type];
  held_types_[static_cast<std::size_t>(seat)] |= 1u << type;
  --deck_[type];
  drawer_ = -1;
}

void State::play(const Action& action) {
  board_.check(action);
  if (action.kind == ActionKind::draw) {
    drawer_ = action.seat;  // the card itself is the chance player's next action
    return;
  }
  const auto type = static_cast<std::size_t>(type_of(action.card));
  CardCounts& held = hands_[static_cast<std::size_t>(action.seat)];
  if (held[type] == 0)
    throw RuleViolation(board_.name(action.seat) + " holds no " + notation::to_string(action.card));
  board_.perform(action);
  if (--held[type] == 0) held_types_[static_cast<std::size_t>(action.seat)] &= ~(1u << type);
}

int State::hand_gold(int seat) const {
  int gold = 0;
  for (int type = 0; type < kMerchantTypes; ++type) gold += hand(seat)[static_cast<std::size_t>(type)] * gold_of_type(type);
  return gold;
}

int State::score(int seat) const { return board_.captured_gold(seat) - hand_gold(seat); }

std::vector<double> State::returns() const {
  std::vector<double> scores;
  for (int seat = 0; seat < board_.players(); ++seat) scores.push_back(score(seat));
  return scores;
}

std::vector<int> State::winners() const {
  std::array<int, kMaxPlayers> totals{};
  std::array<int, kMaxPlayers> team_of{};
  const auto players = static_cast<std::size_t>(board_.players());
  for (int seat = 0; seat < board_.players(); ++seat) {
    totals[static_cast<std::size_t>(seat)] = score(seat);
    team_of[static_cast<std::size_t>(seat)] = board_.side_of(seat);
  }
  return winning_seats(std::span<const int>(totals.data(), players),
                       board_.team_play() ? std::span<const int>(team_of.data(), players) : std::span<const int>());
}

std::vector<Card> State::hand_cards(int seat) const {
  std::vector<Card> cards;
  for (int type = 0; type < kCardTypes; ++type)
    for (int copy = 0; copy < hand(seat)[static_cast<std::size_t>(type)]; ++copy) cards.push_back(card_of_type(type));
  return cards;
}

FinalTotals State::final_totals() const {
  std::vector<PlayerHaul> hauls;
  for (int seat = 0; seat < board_.players(); ++seat)
    hauls.push_back({board_.name(seat), board_.captured_merchants(seat), hand_cards(seat)});
  std::vector<std::vector<std::string>> teams;
  for (const auto& [a, b] : setup().teams) teams.push_back({board_.name(a), board_.name(b)});
  return loot::final_totals(hauls, teams);
}

std::string State::check_gold() const {
  int gold = board_.captured_gold_total() + board_.gold_at_sea() + board_.lost_gold();
  for (int seat = 0; seat < board_.players(); ++seat) gold += hand_gold(seat);
  for (int type = 0; type < kMerchantTypes; ++type) gold += deck_[static_cast<std::size_t>(type)] * gold_of_type(type);
  if (gold != kTotalGold) return "gold is not conserved: " + std::to_string(gold) + " instead of 100";
  return "";
}

std::string State::check_cards() const {
  // Array by array rather than type by type, which the compiler turns into a few vector additions.
  CardCounts counts = board_.public_cards();
  const auto add = [&counts](const CardCounts& more) {
    for (int type = 0; type < kCardTypes; ++type) counts[static_cast<std::size_t>(type)] += more[static_cast<std::size_t>(type)];
  };
  const auto size_of = [](const CardCounts& cards) {
    int size = 0;
    for (const auto count : cards) size += count;
    return size;
  };
  add(deck_);
  for (int seat = 0; seat < board_.players(); ++seat) add(hands_[static_cast<std::size_t>(seat)]);
  if (counts != full_deck()) return "cards are not conserved: the 78 cards do not add up";
  const int deck_cards = size_of(deck_);
  if (deck_cards != board_.deck_size()) return "the deck holds " + counted(deck_cards, "card") + ", not " +
                                                std::to_string(board_.deck_size());
  for (int seat = 0; seat < board_.players(); ++seat) {
    const CardCounts& held = hand(seat);
    const int size = size_of(held);
    if (size != board_.hand_size(seat)) return board_.name(seat) + "'s hand size is wrong";
    // The types recorded hold every card of the hand, and each holds one at least.
    int in_recorded = 0;
    bool each_held = true;
    for (std::uint32_t left = held_types_[static_cast<std::size_t>(seat)]; left != 0; left &= left - 1) {
      const int count = held[static_cast<std::size_t>(std::countr_zero(left))];
      in_recorded += count;
      each_held = each_held && count > 0;
    }
    if (in_recorded != size || !each_held || held_types_[static_cast<std::size_t>(seat)] >> kCardTypes != 0)
      return board_.name(seat) + "'s record of the card types in hand is wrong";
  }
  return "";
}

std::string State::check_invariants() const {
  if (std::string broken = check_gold(); !broken.empty()) return broken;
  if (std::string broken = check_cards(); !broken.empty()) return broken;
  if (std::string broken = board_.check_invariants(); !broken.empty()) return broken;
  if (board_.is_over() && board_.deck_size() != 0) return "the game ended with cards in the deck";
  if (drawer_ >= 0 && board_.deck_size() == 0) return "a draw waits on an empty deck";
  return "";
}

std::string State::to_string() const {
  std::ostringstream out;
  out << "deck " << counted(board_.deck_size(), "card") << ", turn " << board_.turns();
  if (board_.is_over()) out << ", game over";
  else if (board_.dealing()) out << ", dealing";
  else out << ", " << board_.name(board_.current_seat()) << (drawer_ >= 0 ? " draws" : " to move");
  out << "\n";
  for (int seat = 0; seat < board_.players(); ++seat) {
    out << board_.name(seat) << ": hand " << cards_text(hand(seat)) << "; captured " << board_.captured_gold(seat)
        << " gold\n";
  }
  for (const Battle& battle : board_.merchants()) {
    if (!battle.at_sea) continue;
    out << "#" << battle.number << " m" << battle.gold << " (" << board_.name(battle.owner) << "):";
    for (int seat = 0; seat < board_.players(); ++seat)
      if (battle.joined[static_cast<std::size_t>(seat)] > 0)
        out << " " << board_.name(seat) << " "
            << notation::to_string(static_cast<Colour>(battle.colour[static_cast<std::size_t>(seat)])) << " "
            << int(battle.skulls[static_cast<std::size_t>(seat)]);
    for (int hero = 0; hero < battle.hero_count; ++hero)
      out << " [" << board_.name(battle.heroes[static_cast<std::size_t>(hero)].seat) << " "
          << notation::to_string(battle.heroes[static_cast<std::size_t>(hero)].card) << "]";
    out << "\n";
  }
  return out.str();
}

}  // namespace qm::loot
