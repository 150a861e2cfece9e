#include "rules/loot/board.hpp"

#include <algorithm>

#include "rules/engine.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"

namespace qm::loot {
namespace {

std::string colour_name(int colour) { return notation::to_string(static_cast<Colour>(colour)); }

CardKind card_kind_played_by(ActionKind kind) {
  switch (kind) {
    case ActionKind::attack: return CardKind::pirate;
    case ActionKind::captain: return CardKind::captain;
    case ActionKind::admiral: return CardKind::admiral;
    default: return CardKind::merchant;
  }
}

}  // namespace

Board::Board(const Setup& setup) : setup_(setup) {
  validate(setup_);
  if (setup_.teams.empty()) {
    side_count_ = setup_.players;
    for (int seat = 0; seat < setup_.players; ++seat) {
      side_of_[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(seat);
      capturing_seat_[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(seat);
    }
  } else {
    side_count_ = static_cast<int>(setup_.teams.size());
    for (int team = 0; team < side_count_; ++team) {
      const auto [a, b] = setup_.teams[static_cast<std::size_t>(team)];
      side_of_[static_cast<std::size_t>(a)] = static_cast<std::int8_t>(team);
      side_of_[static_cast<std::size_t>(b)] = static_cast<std::int8_t>(team);
      // The team's first player is the partner who plays first from the start of the game.
      capturing_seat_[static_cast<std::size_t>(team)] = static_cast<std::int8_t>(std::min(a, b));
    }
  }
  for (int number = 1; number <= kMerchantCount; ++number) battles_[static_cast<std::size_t>(number - 1)].number = number;
}

std::vector<int> Board::members(int side) const {
  std::vector<int> seats;
  for (int seat = 0; seat < players(); ++seat)
    if (side_of(seat) == side) seats.push_back(seat);
  return seats;
}

void Board::deal(int seat) {
  if (!dealing_) refuse("the cards have already been dealt");
  if (deck_size_ == 0) refuse("the deck is empty");
  --deck_size_;
  ++hand_size_[static_cast<std::size_t>(seat)];
}

void Board::start_play() {
  if (!dealing_) refuse("play has already started");
  dealing_ = false;
  begin_turn(0);
}

const Battle* Board::at_sea(int number) const {
  if (number < 1 || number > floated_) return nullptr;
  const Battle& battle = battles_[static_cast<std::size_t>(number - 1)];
  return battle.at_sea ? &battle : nullptr;
}

int Board::side_colour(const Battle& battle, int side) const { return battle.fleet[static_cast<std::size_t>(side)]; }

Lead Board::judge(const Battle& battle) const {
  // RULINGS.md, Loot: "Among captains and the admiral on one merchant, the last played is strongest".
  if (battle.hero_count > 0) {
    const HeroPlay& last = battle.heroes[static_cast<std::size_t>(battle.hero_count - 1)];
    const int side = side_of(last.seat);
    if (last.card.kind == CardKind::admiral) return {LeadReason::last_admiral, side, battle.owner, 0};
    return {LeadReason::last_captain, side, last.seat, 0};
  }
  std::array<int, kMaxPlayers> strength{};
  bool attacked = false;
  for (int seat = 0; seat < players(); ++seat) {
    if (battle.joined[static_cast<std::size_t>(seat)] == 0) continue;
    attacked = true;
    strength[static_cast<std::size_t>(side_of(seat))] += battle.skulls[static_cast<std::size_t>(seat)];
  }
  if (!attacked) return {LeadReason::unattacked, side_of(battle.owner), battle.owner, 0};
  // "otherwise the strictly largest skull total wins; a tie for largest means nobody wins yet".
  const auto best = std::max_element(strength.begin(), strength.begin() + side_count_);
  const int best_side = static_cast<int>(best - strength.begin());
  if (std::count(strength.begin(), strength.begin() + side_count_, *best) > 1) return {LeadReason::tie, -1, -1, *best};
  // In a team fleet, the partner who put the most skulls into it takes the merchant
  // (the earlier to join on equal skulls).
  int taker = -1;
  for (int seat = 0; seat < players(); ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (side_of(seat) != best_side || battle.joined[s] == 0) continue;
    if (taker < 0) { taker = seat; continue; }
    const auto t = static_cast<std::size_t>(taker);
    if (battle.skulls[s] > battle.skulls[t] || (battle.skulls[s] == battle.skulls[t] && battle.joined[s] < battle.joined[t]))
      taker = seat;
  }
  return {LeadReason::strength, best_side, taker, *best};
}

void Board::refuse(const std::string& reason) const { throw RuleViolation(reason); }

const Battle& Board::merchant_for(const Action& action) const {
  const int number = action.merchant;
  if (number < 1 || number > floated_) refuse("there is no merchant #" + std::to_string(number) + " at sea");
  const Battle& battle = battles_[static_cast<std::size_t>(number - 1)];
  if (!battle.at_sea) {
    for (const Capture& capture : captures())
      if (capture.number == number)
        refuse("merchant #" + std::to_string(number) + " was already captured by " + name(capture.seat));
    refuse("merchant #" + std::to_string(number) + " is no longer at sea");
  }
  return battle;
}

void Board::check_attack(const Action& action, const Battle& battle) const {
  const int colour = static_cast<int>(action.card.colour);
  const int own = side_colour(battle, side_of(action.seat));
  if (own == colour) return;
  // Messages are built only when a move is refused: check() runs on every simulated move.
  const std::string number = std::to_string(battle.number);
  if (own == kNoColour) {
    // RULINGS.md, Loot: "every later attacker must use a colour not yet on that merchant".
    if ((battle.colours_taken & (1u << colour)) == 0) return;
    for (int seat = 0; seat < players(); ++seat) {
      if (battle.colour[static_cast<std::size_t>(seat)] != colour) continue;
      refuse(colour_name(colour) + " is already attacking #" + number + " (" + name(seat) +
             "): a new attacker must choose a colour not yet on it");
    }
    return;
  }
  if (team_play())
    refuse("your team's fleet on #" + number + " is " + colour_name(own) + ": partners attack together only in one colour");
  refuse(name(action.seat) + "'s fleet on #" + number + " is " + colour_name(own) + ": further ships there must be " +
         colour_name(own));
}

void Board::check(const Action& action) const {
  // Step 1. Is it this player's turn at all?
  if (action.kind == ActionKind::reveal) refuse("a card turned up from the deck is not a player's move");
  if (dealing_) refuse("the cards are still being dealt");
  if (over_) refuse("the game is over");
  if (action.seat < 0 || action.seat >= players()) refuse("there is no player " + std::to_string(action.seat + 1));
  if (action.seat != current_) refuse("it is " + name(current_) + "'s turn, not " + name(action.seat) + "'s");
  const std::string& who = name(action.seat);

  // Step 2. Drawing.
  if (action.kind == ActionKind::draw) {
    if (deck_size_ == 0) refuse("the deck is empty: play a card or discard one that is not a merchant");
    return;
  }

  // Step 3. Every other move plays or discards a card of the right kind from the hand.
  if (!is_real(action.card)) refuse("'" + notation::to_string(action.card) + "' is not a Loot card");
  if (hand_size(action.seat) == 0) refuse(who + " has no cards; with cards in the deck, draw");
  if (action.kind != ActionKind::discard && action.card.kind != card_kind_played_by(action.kind))
    refuse("'" + notation::to_string(action.card) + "' cannot be played that way");
  switch (action.kind) {
    case ActionKind::float_merchant: return;
    case ActionKind::attack: check_attack(action, merchant_for(action)); return;
    case ActionKind::captain: {
      // RULINGS.md, Loot: "A captain may only join its owner's fleet of the same colour on that merchant".
      const Battle& battle = merchant_for(action);
      const int own = side_colour(battle, side_of(action.seat));
      if (own == static_cast<int>(action.card.colour)) return;
      const std::string where = " on #" + std::to_string(battle.number);
      if (own == kNoColour) refuse("a captain joins its owner's own fleet, and " + who + " has no ships" + where);
      refuse("the " + colour_name(static_cast<int>(action.card.colour)) + " captain joins only a " +
               colour_name(static_cast<int>(action.card.colour)) + " fleet; " + who + "'s fleet" + where + " is " +
               colour_name(own));
      return;
    }
    case ActionKind::admiral: {
      // RULINGS.md, Loot: "The admiral may only be played by the merchant's owner, on its own merchant".
      const Battle& battle = merchant_for(action);
      if (side_of(battle.owner) != side_of(action.seat))
        refuse("the admiral defends only " + std::string(team_play() ? "your own or your partner's" : "your own") +
               " merchant; #" + std::to_string(battle.number) + " belongs to " + name(battle.owner));
      return;
    }
    case ActionKind::discard:
      // RULINGS.md, Loot: "Empty deck: a player must play a card or discard one non-merchant card".
      if (deck_size_ > 0) refuse("a card may be discarded only once the deck is empty: draw or play instead");
      if (action.card.kind == CardKind::merchant) refuse("merchant ships are never discarded");
      return;
    default: return;
  }
}

void Board::play(const Action& action) {
  check(action);
  perform(action);
}

void Board::perform(const Action& action) {
  const auto seat = static_cast<std::size_t>(action.seat);
  const auto type = static_cast<std::size_t>(type_of(action.card));
  switch (action.kind) {
    case ActionKind::draw:
      --deck_size_;
      ++hand_size_[seat];
      break;
    case ActionKind::float_merchant: {
      Battle& battle = battles_[static_cast<std::size_t>(floated_++)];
      sea_[static_cast<std::size_t>(sea_count_++)] = static_cast<std::uint8_t>(battle.number);
      battle.gold = action.card.value;
      battle.owner = action.seat;
      battle.at_sea = true;
      battle.lead = judge(battle);
      --hand_size_[seat];
      break;
    }
    case ActionKind::attack: {
      Battle& battle = battles_[static_cast<std::size_t>(action.merchant - 1)];
      if (battle.joined[seat] == 0) {
        battle.joined[seat] = static_cast<std::uint8_t>(1 + std::count_if(battle.joined.begin(), battle.joined.end(),
                                                                             [](std::uint8_t order) { return order > 0; }));
      }
      battle.colour[seat] = static_cast<std::int8_t>(action.card.colour);
      battle.fleet[static_cast<std::size_t>(side_of(action.seat))] = static_cast<std::int8_t>(action.card.colour);
      battle.colours_taken = static_cast<std::uint8_t>(battle.colours_taken | 1u << static_cast<int>(action.card.colour));
      battle.skulls[seat] = static_cast<std::uint8_t>(battle.skulls[seat] + action.card.value);
      ++battle.cards[type];
      battle.lead = judge(battle);
      --hand_size_[seat];
      break;
    }
    case ActionKind::captain:
    case ActionKind::admiral: {
      Battle& battle = battles_[static_cast<std::size_t>(action.merchant - 1)];
      battle.heroes[static_cast<std::size_t>(battle.hero_count++)] = HeroPlay{action.seat, action.card};
      ++battle.cards[type];
      battle.lead = judge(battle);
      --hand_size_[seat];
      break;
    }
    case ActionKind::discard:
      ++discards_[type];
      --hand_size_[seat];
      break;
    case ActionKind::reveal: break;  // refused by check()
  }
  end_turn();
}

bool Board::end_reached() const {
  // RULINGS.md, Loot: "the deck is empty and a player has no cards"; in teams "both partners".
  if (deck_size_ > 0) return false;
  for (int side = 0; side < side_count_; ++side) {
    bool all_empty = true;
    for (int seat = 0; seat < players(); ++seat)
      if (side_of(seat) == side && hand_size(seat) > 0) all_empty = false;
    if (all_empty) return true;
  }
  return false;
}

void Board::end_turn() {
  ++turns_;
  if (end_reached()) {
    finish();
    return;
  }
  begin_turn((current_ + 1) % players());
}

void Board::begin_turn(int seat) {
  for (int step = 0; step < players(); ++step) {
    current_ = seat;
    const int side = side_of(seat);
    if (capturing_seat(side) == seat) capture_for(side);
    // rules/loot.ja.md, チーム戦: with the deck empty, a player out of cards watches until the end.
    if (deck_size_ > 0 || hand_size(seat) > 0) return;
    seat = (seat + 1) % players();
  }
}

void Board::leave_sea(Battle& battle) {
  battle.at_sea = false;
  int kept = 0;
  for (int index = 0; index < sea_count_; ++index)
    if (sea_[static_cast<std::size_t>(index)] != battle.number) sea_[static_cast<std::size_t>(kept++)] = sea_[static_cast<std::size_t>(index)];
  sea_count_ = kept;
}

void Board::capture_for(int side) {
  // In number order, for the capture log; the merchants taken leave the list as it is walked.
  int kept = 0;
  for (int index = 0; index < sea_count_; ++index) {
    const std::uint8_t number = sea_[static_cast<std::size_t>(index)];
    Battle& battle = battles_[static_cast<std::size_t>(number - 1)];
    const Lead winner = battle.lead;
    if (winner.side != side) {
      sea_[static_cast<std::size_t>(kept++)] = number;
      continue;
    }
    // rules/loot.ja.md, 商船カードの獲得: the cards played on it go face up to the discard pile.
    battle.at_sea = false;
    for (int type = 0; type < kCardTypes; ++type) discards_[static_cast<std::size_t>(type)] += battle.cards[static_cast<std::size_t>(type)];
    ++captured_[static_cast<std::size_t>(winner.taker)][static_cast<std::size_t>(battle.gold - kMinGold)];
    captures_[static_cast<std::size_t>(capture_count_++)] = Capture{battle.number, battle.gold, winner.taker, turns_};
  }
  sea_count_ = kept;
}

void Board::finish() {
  // RULINGS.md, Loot: "merchants still at sea are lost".
  for (int index = 0; index < floated_; ++index) {
    Battle& battle = battles_[static_cast<std::size_t>(index)];
    if (!battle.at_sea) continue;
    leave_sea(battle);
    for (int type = 0; type < kCardTypes; ++type) discards_[static_cast<std::size_t>(type)] += battle.cards[static_cast<std::size_t>(type)];
    ++discards_[static_cast<std::size_t>(battle.gold - kMinGold)];
    lost_gold_ += battle.gold;
  }
  over_ = true;
  current_ = rules::kTerminalPlayer;
}

int Board::captured_gold(int seat) const {
  int gold = 0;
  for (int type = 0; type < kMerchantTypes; ++type)
    gold += captured_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(type)] * gold_of_type(type);
  return gold;
}

std::vector<Card> Board::captured_merchants(int seat) const {
  std::vector<Card> merchants;
  for (const Capture& capture : captures())
    if (capture.seat == seat) merchants.push_back(Card::merchant(capture.gold));
  return merchants;
}

int Board::captured_gold_total() const {
  int gold = 0;
  for (int seat = 0; seat < players(); ++seat) gold += captured_gold(seat);
  return gold;
}

int Board::gold_at_sea() const {
  int gold = 0;
  for (const std::uint8_t number : sea()) gold += merchant(number).gold;
  return gold;
}

CardCounts Board::public_cards() const {
  CardCounts counts = discards_;
  for (int index = 0; index < floated_; ++index) {
    const Battle& battle = battles_[static_cast<std::size_t>(index)];
    if (!battle.at_sea) continue;
    ++counts[static_cast<std::size_t>(battle.gold - kMinGold)];
    for (int type = 0; type < kCardTypes; ++type) counts[static_cast<std::size_t>(type)] += battle.cards[static_cast<std::size_t>(type)];
  }
  for (int seat = 0; seat < players(); ++seat)
    for (int type = 0; type < kMerchantTypes; ++type)
      counts[static_cast<std::size_t>(type)] += captured_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(type)];
  return counts;
}

std::string Board::check_invariants() const {
  const CardCounts seen = public_cards();
  const CardCounts deck = full_deck();
  for (int type = 0; type < kCardTypes; ++type)
    if (seen[static_cast<std::size_t>(type)] > deck[static_cast<std::size_t>(type)])
      return "more " + notation::to_string(card_of_type(type)) + " in view than the deck holds";
  int floated_gold = 0;
  int captured = 0;
  for (int index = 0; index < floated_; ++index) {
    const Battle& battle = battles_[static_cast<std::size_t>(index)];
    floated_gold += battle.gold;
    if (!battle.at_sea) continue;
    const std::string where = "merchant #" + std::to_string(battle.number);
    // Skull totals equal the pirates lying there, colour by colour, and each colour is one side's.
    for (int colour = 0; colour < kColourCount; ++colour) {
      int skulls = 0;
      for (int value = 1; value <= kMaxSkulls; ++value)
        skulls += value * battle.cards[static_cast<std::size_t>(type_of(Card::pirate(static_cast<Colour>(colour), value)))];
      int recorded = 0;
      int first_side = -1;
      for (int seat = 0; seat < players(); ++seat) {
        if (battle.colour[static_cast<std::size_t>(seat)] != colour) continue;
        recorded += battle.skulls[static_cast<std::size_t>(seat)];
        if (first_side < 0) first_side = side_of(seat);
        if (side_of(seat) != first_side) return where + ": two sides attack in " + colour_name(colour);
      }
      if (skulls != recorded) return where + ": skulls recorded do not match the pirate ships on it";
      if (((battle.colours_taken >> colour) & 1u) != (first_side >= 0 ? 1u : 0u))
        return where + ": the colours recorded as attacking it do not match the fleets";
      if (first_side >= 0 && battle.fleet[static_cast<std::size_t>(first_side)] != colour)
        return where + ": " + colour_name(colour) + " attacks it but is not recorded as its side's fleet";
    }
    for (int side = 0; side < side_count_; ++side) {
      const int recorded = battle.fleet[static_cast<std::size_t>(side)];
      bool attacks = false;
      for (int seat = 0; seat < players(); ++seat)
        attacks = attacks || (side_of(seat) == side && battle.colour[static_cast<std::size_t>(seat)] != kNoColour);
      if (attacks != (recorded != kNoColour)) return where + ": a fleet is recorded for a side without ships there, or none for one with ships";
    }
    if (battle.lead != judge(battle)) return where + ": the lead recorded is not who wins it now";
    int heroes = 0;
    for (int type = kFirstCaptainType; type < kCardTypes; ++type) heroes += battle.cards[static_cast<std::size_t>(type)];
    if (heroes != battle.hero_count) return where + ": heroes recorded do not match the cards on it";
    for (int hero = 0; hero < battle.hero_count; ++hero) {
      const HeroPlay& play = battle.heroes[static_cast<std::size_t>(hero)];
      if (play.card.kind == CardKind::captain && side_colour(battle, side_of(play.seat)) != static_cast<int>(play.card.colour))
        return where + ": a captain stands without its own fleet";
      if (play.card.kind == CardKind::admiral && side_of(play.seat) != side_of(battle.owner))
        return where + ": the admiral defends someone else's merchant";
    }
  }
  int listed = 0;
  for (int index = 0; index < floated_; ++index) listed += battles_[static_cast<std::size_t>(index)].at_sea;
  if (listed != sea_count_) return "the list of merchants at sea is out of date";
  for (const std::uint8_t number : sea())
    if (!merchant(number).at_sea) return "the list of merchants at sea is out of date";
  for (const Capture& capture : captures()) captured += capture.gold;
  if (captured != captured_gold_total()) return "the capture log disagrees with the captured merchants";
  if (floated_gold != captured + gold_at_sea() + lost_gold_) return "floated merchants went missing";
  if (over_ && gold_at_sea() != 0) return "merchants remain at sea after the end";
  if (!dealing_ && !over_ && (current_ < 0 || current_ >= players())) return "nobody's turn during play";
  return "";
}

}  // namespace qm::loot
