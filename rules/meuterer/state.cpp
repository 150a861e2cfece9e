#include "rules/meuterer/state.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "rules/seats.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::meuterer {

// ---------------------------------------------------------------- options

int default_rounds(int players) { return players == 3 ? kRoundsThreePlayers : kRoundsFourPlayers; }

Options read_options(const rules::GameOptions& options, int players) {
  Options out;
  out.pirate = options.get_bool("pirate", false);
  out.rounds = options.get_int("rounds", default_rounds(players), 1, kMaxRounds);
  out.sale_rules.merchant_paid_in_four_way_tie = options.get_bool("merchant_four_way", true);
  return out;
}

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::deal: return "deal";
    case Phase::captain_card: return "captain card";
    case Phase::offers: return "offers";
    case Phase::reveal: return "reveal";
    case Phase::mutiny: return "mutiny";
    case Phase::sales: return "sales";
    case Phase::refill: return "refill";
    case Phase::loader_return: return "loader's return";
    case Phase::game_over: return "game over";
  }
  return "?";
}

void ActionList::push(const Action& action) {
  if (size == kCapacity) throw std::logic_error("Meuterer: more legal actions than ActionList holds");
  items[static_cast<std::size_t>(size++)] = action;
}

// ---------------------------------------------------------------- setup

State::State(std::shared_ptr<const Components> components, int players, Options options)
    : components_(std::move(components)), options_(options), players_(players) {
  if (!components_) throw InputError("Meuterer needs its components");
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Meuterer is played by 3 or 4 players, not " + std::to_string(players));
  rounds_ = options_.rounds > 0 ? options_.rounds : default_rounds(players);
  if (rounds_ > kMaxRounds) throw InputError("at most " + counted(kMaxRounds, "round"));
  options_.rounds = rounds_;
  if (static_cast<int>(components_->action_cards.size()) < players - 1)
    throw InputError("components: " + counted(static_cast<long long>(components_->action_cards.size()), "action card") +
                     " are too few for " + counted(players - 1, "passing player"));
  islands_ = static_cast<int>(components_->islands.size());
  if (islands_ < 2) throw InputError("components: the ring needs at least two islands");
  deck_ = components_->goods_deck;
  if (options_.pirate) deck_ += components_->pirate_variant_goods;
  // Every hand full, plus the loader's three extra, must be drawable from deck and discards.
  const int needed = players * kHandSize + kLoaderExtraCards;
  if (deck_.total() < needed)
    throw InputError("components: the goods deck has " + counted(deck_.total(), "card") + "; " +
                     counted(players, "player") + " need at least " + std::to_string(needed));
  all_cards_ = deck_;
  ship_ = components_->start_island;
  active_ = {ship_, ship_};
  active_count_ = 1;  // only the start island shows its active side (rules: 3.セットアップ)
  pirate_ship_ = options_.pirate ? components_->pirate_start_island : -1;
  captain_ = 0;  // the first seat is the start player
  history_.reserve(512);
  records_.reserve(static_cast<std::size_t>(rounds_));
  bottom_.reserve(16);
  phase_ = Phase::deal;
  turn_ = 0;
  advance_deal();
}

// ---------------------------------------------------------------- small helpers

int State::island_steps(int from, int steps) const { return ((from + steps) % islands_ + islands_) % islands_; }

int State::count_role(Role role) const {
  return static_cast<int>(std::count(role_.begin(), role_.begin() + players_, role));
}

int State::seat_with(Role role) const {
  for (int seat = 0; seat < players_; ++seat)
    if (role_[static_cast<std::size_t>(seat)] == role) return seat;
  return -1;
}

std::array<const Island*, kMaxActiveIslands> State::active_pointers() const {
  std::array<const Island*, kMaxActiveIslands> out{};
  for (int i = 0; i < active_count_; ++i)
    out[static_cast<std::size_t>(i)] = &components_->islands[static_cast<std::size_t>(active_[static_cast<std::size_t>(i)])];
  return out;
}

std::vector<int> State::active_islands() const { return {active_.begin(), active_.begin() + active_count_}; }

bool State::draw_is_forced() const { return deck_.total() == 0 && !bottom_.empty(); }
Good State::forced_draw() const { return bottom_.front(); }
// The shuffled cards a draw comes from: the deck, or the discards about to be shuffled into one.
const GoodCounts& State::draw_pool() const { return deck_.total() > 0 ? deck_ : discard_; }

GoodCounts State::all_cards() const {
  GoodCounts sum = deck_;
  sum += discard_;
  for (Good good : bottom_) ++sum[good];
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    sum += hand_[s];
    sum += face_down_[s];
    sum += displayed_[s];
    sum[Good::combat] += combat_added_[s];
  }
  return sum;
}

std::vector<Role> State::available_action_cards() const {
  std::vector<Role> out;
  for (Role card : components_->action_cards)
    if (count_role(card) == 0) out.push_back(card);
  return out;
}

std::vector<int> State::winners() const {
  const int best = *std::max_element(vp_.begin(), vp_.begin() + players_);
  std::vector<int> out;
  for (int seat = 0; seat < players_; ++seat)
    if (vp_[static_cast<std::size_t>(seat)] == best) out.push_back(seat);
  return out;
}

std::vector<double> State::returns() const { return {vp_.begin(), vp_.begin() + players_}; }

int State::current_player() const {
  switch (phase_) {
    case Phase::deal:
    case Phase::refill: return rules::kChancePlayer;
    case Phase::game_over: return rules::kTerminalPlayer;
    default: return turn_;
  }
}

// ---------------------------------------------------------------- legality

namespace {

using seats::seat_name;

const char* expected_move(Phase phase) {
  switch (phase) {
    case Phase::deal:
    case Phase::refill: return "a card is being drawn (a draw action)";
    case Phase::captain_card: return "the captain lays a captain card";
    case Phase::offers: return "a player displays a good or passes";
    case Phase::reveal: return "the players who passed show their action cards";
    case Phase::mutiny: return "a mutiny member may add combat cards";
    case Phase::sales: return "a player allocates its goods for sale";
    case Phase::loader_return: return "the loader puts cards back under the deck";
    case Phase::game_over: return "the game is over";
  }
  return "?";
}

bool kind_fits(Phase phase, ActionKind kind) {
  switch (phase) {
    case Phase::deal:
    case Phase::refill: return kind == ActionKind::draw;
    case Phase::captain_card: return kind == ActionKind::captain_card;
    case Phase::offers: return kind == ActionKind::display || kind == ActionKind::pass;
    case Phase::reveal: return kind == ActionKind::reveal;
    case Phase::mutiny: return kind == ActionKind::add_combat;
    case Phase::sales: return kind == ActionKind::allocate;
    case Phase::loader_return: return kind == ActionKind::return_good;
    case Phase::game_over: return false;
  }
  return false;
}

}  // namespace

void State::check(const Action& action) const {
  if (phase_ == Phase::game_over) throw RuleViolation("the game is over");
  if (!kind_fits(phase_, action.kind)) throw RuleViolation(std::string("not now: ") + expected_move(phase_));
  const bool good_action = action.kind == ActionKind::draw || action.kind == ActionKind::display ||
                           action.kind == ActionKind::return_good;
  if (good_action && action.data[0] >= kGoodKinds) throw RuleViolation("no such good");
  const auto seat = static_cast<std::size_t>(turn_);
  switch (action.kind) {
    case ActionKind::draw: {
      if (draw_is_forced()) {
        if (action.good() != forced_draw())
          throw RuleViolation("the next card is the " + notation::to_string(forced_draw()) +
                              " the loader put under the deck");
        return;
      }
      if (draw_pool()[action.good()] == 0)
        throw RuleViolation("no " + notation::to_string(action.good()) + " is left to draw");
      return;
    }
    case ActionKind::captain_card: {
      const auto& cards = components_->captain_cards;
      if (action.captain_card_index() >= static_cast<int>(cards.size()) || action.captain_card_side() > 1)
        throw RuleViolation("there is no such captain card side");
      return;
    }
    case ActionKind::display:
      if (hand_[seat][action.good()] == 0)
        throw RuleViolation(seat_name(turn_) + " has no " + notation::to_string(action.good()) + " in hand");
      return;
    case ActionKind::pass: {
      if (action.data[0] >= kRoleKinds) throw RuleViolation("no such action card");
      const Role card = action.card();
      if (turn_ == captain_) {
        if (card != Role::none) throw RuleViolation("the captain takes no action card when passing");
        return;
      }
      if (card == Role::none) return;  // taken face down, named in phase 3
      const auto& cards = components_->action_cards;
      if (std::find(cards.begin(), cards.end(), card) == cards.end())
        throw RuleViolation(std::string("the ") + std::string(role_name(card)) + " is not an action card of this game");
      if (count_role(card) > 0)
        throw RuleViolation(std::string("the ") + std::string(role_name(card)) + " has already been taken");
      return;
    }
    case ActionKind::reveal: {
      if (action.data[0] >= kRoleKinds) throw RuleViolation("no such action card");
      const Role card = action.card();
      const auto& cards = components_->action_cards;
      if (std::find(cards.begin(), cards.end(), card) == cards.end())
        throw RuleViolation(std::string("the ") + std::string(role_name(card)) + " is not an action card of this game");
      // Two players cannot hold one card: one of them mistyped, and phase 3 shows who holds what.
      if (const int holder = seat_with(card); holder >= 0)
        throw RuleViolation(seat_name(holder) + " holds the " + std::string(role_name(card)) + " already");
      return;
    }
    case ActionKind::add_combat:
      if (action.count() > face_down_[seat][Good::combat])
        throw RuleViolation(face_down_[seat][Good::combat] == 0
                                ? seat_name(turn_) + " has no combat card face down"
                                : seat_name(turn_) + " has only " + counted(face_down_[seat][Good::combat], "combat card") +
                                      " face down");
      return;
    case ActionKind::allocate: {
      if (action.data[0] >= kGoodKinds || action.data[2] >= kGoodKinds) throw RuleViolation("no such good");
      const auto active = active_pointers();
      const std::string problem = allocation_problem(
          displayed_[seat], std::span<const Island* const>(active.data(), static_cast<std::size_t>(active_count_)),
          action.allocation());
      if (!problem.empty()) throw RuleViolation(problem);
      return;
    }
    case ActionKind::return_good:
      if (hand_[seat][action.good()] == 0)
        throw RuleViolation("the loader has no " + notation::to_string(action.good()) + " in hand");
      return;
  }
}

void State::apply_action(const Action& action) {
  check(action);
  history_.push_back(action);
  step(action);
}

// ---------------------------------------------------------------- the phases

void State::step(const Action& action) {
  const auto seat = static_cast<std::size_t>(turn_);
  switch (action.kind) {
    case ActionKind::draw: {
      const Good good = action.good();
      if (deck_.total() > 0) {
        --deck_[good];
      } else if (!bottom_.empty()) {
        bottom_.erase(bottom_.begin());
      } else {
        // Phase 8: an empty deck is rebuilt from the shuffled discards.
        deck_ = discard_;
        discard_ = GoodCounts{};
        --deck_[good];
      }
      ++hand_[seat][good];
      if (phase_ == Phase::deal) advance_deal();
      else advance_refill();
      return;
    }
    case ActionKind::captain_card:
      // Step 1: the offer the captain pays a mate.
      offer_ = components_->captain_cards[static_cast<std::size_t>(action.captain_card_index())]
                                         [static_cast<std::size_t>(action.captain_card_side())];
      phase_ = Phase::offers;
      turn_ = captain_;
      return;
    case ActionKind::display: {
      const Good good = action.good();
      --hand_[seat][good];
      ++displayed_[seat][good];
      if (good == Good::pirate && pirate_ship_ >= 0) {
        // Pirate variant: the pirate ship sails as many islands as cards left in the hand; reaching
        // or passing the ship discards every displayed good. Sharing the ship's island is no catch:
        // the pirates must then sail all the way round.
        const int steps = hand_[seat].total();
        int gap = ((ship_ - pirate_ship_) % islands_ + islands_) % islands_;
        if (gap == 0) gap = islands_;
        pirate_ship_ = island_steps(pirate_ship_, steps);
        if (steps >= gap) {
          pirate_raid_ = true;
          for (int s = 0; s < players_; ++s) {
            discard_ += displayed_[static_cast<std::size_t>(s)];
            displayed_[static_cast<std::size_t>(s)] = GoodCounts{};
          }
        }
      }
      next_offer_turn();
      return;
    }
    case ActionKind::pass:
      face_down_[seat] = hand_[seat];
      hand_[seat] = GoodCounts{};
      passed_[seat] = true;
      if (turn_ == captain_) {
        captain_destination_ = island_steps(ship_, face_down_[seat].total());
      } else {
        role_[seat] = action.card();
        card_face_down_[seat] = action.card() == Role::none;
      }
      next_offer_turn();
      return;
    case ActionKind::reveal:
      role_[seat] = action.card();
      card_face_down_[seat] = false;
      ++order_index_;
      advance_reveal();
      return;
    case ActionKind::add_combat:
      face_down_[seat][Good::combat] -= action.count();
      combat_added_[seat] += action.count();
      ++order_index_;
      advance_mutiny();
      return;
    case ActionKind::allocate: {
      Allocation allocation = action.allocation();
      for (std::size_t slot = 0; slot < allocation.count.size(); ++slot)
        if (allocation.count[slot] == 0) allocation.good[slot] = Good::ruby;
      allocation_[seat] = allocation;
      ++order_index_;
      advance_sales();
      return;
    }
    case ActionKind::return_good:
      --hand_[seat][action.good()];
      bottom_.push_back(action.good());
      if (hand_[seat].total() > kHandSize) return;  // more to put back
      loader_done_ = true;
      advance_refill();
      return;
  }
}

void State::advance_deal() {
  while (turn_ < players_ && hand_[static_cast<std::size_t>(turn_)].total() >= kHandSize) ++turn_;
  if (turn_ == players_) start_round();
}

void State::start_round() {
  phase_ = Phase::captain_card;
  turn_ = captain_;
  role_.fill(Role::none);
  role_[static_cast<std::size_t>(captain_)] = Role::captain;
  passed_.fill(false);
  card_face_down_.fill(false);
  combat_added_.fill(0);
  allocation_.fill(Allocation{});
  round_vp_.fill(0);
  offer_ = 0;
  captain_destination_ = -1;
  mutineer_destination_ = -1;
  mutiny_ = MutinyOutcome{};
  pirate_raid_ = false;
}

// Step 2: clockwise, skipping those who passed, until everybody has passed.
void State::next_offer_turn() {
  for (int i = 1; i <= players_; ++i) {
    const int seat = (turn_ + i) % players_;
    if (!passed_[static_cast<std::size_t>(seat)]) {
      turn_ = seat;
      return;
    }
  }
  reveal();
}

// Step 3: the action cards are shown: those taken face down are named, clockwise from the captain.
void State::reveal() {
  phase_ = Phase::reveal;
  order_index_ = 0;
  advance_reveal();
}

void State::advance_reveal() {
  while (order_index_ < players_) {
    const int seat = (captain_ + order_index_) % players_;
    if (card_face_down_[static_cast<std::size_t>(seat)]) {
      turn_ = seat;
      return;
    }
    ++order_index_;
  }
  start_mutiny();
}

// Step 4: a mutineer sets its destination counterclockwise.
void State::start_mutiny() {
  const int mutineer = seat_with(Role::mutineer);
  if (mutineer < 0) {
    resolve_roles();
    return;
  }
  mutineer_destination_ = island_steps(ship_, -face_down_[static_cast<std::size_t>(mutineer)].total());
  phase_ = Phase::mutiny;
  order_index_ = 0;
  advance_mutiny();
}

// Step 4: captain first, then clockwise; members without face-down combat cards have nothing to add.
void State::advance_mutiny() {
  while (order_index_ < players_) {
    const int seat = (captain_ + order_index_) % players_;
    const Role role = role_[static_cast<std::size_t>(seat)];
    if ((on_captains_side(role) || on_mutineers_side(role)) && face_down_[static_cast<std::size_t>(seat)][Good::combat] > 0) {
      turn_ = seat;
      return;
    }
    ++order_index_;
  }
  resolve_roles();
}

// Step 5: the roles' VP; a successful mutineer takes the captain cards at once.
void State::resolve_roles() {
  int captain_side = 0;
  int mutineer_side = 0;
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const int combat = displayed_[s][Good::combat] + combat_added_[s];
    if (on_captains_side(role_[s])) captain_side += combat;
    if (on_mutineers_side(role_[s])) mutineer_side += combat;
  }
  const int mate = seat_with(Role::mate);
  const int mutineer = seat_with(Role::mutineer);
  mutiny_ = resolve_mutiny(mutineer >= 0, captain_side, mate >= 0, mutineer_side);
  auto add = [&](int seat, int vp) { round_vp_[static_cast<std::size_t>(seat)] += vp; };
  const auto& islands = components_->islands;
  if (mutiny_.succeeded) {
    add(mutineer, islands[static_cast<std::size_t>(mutineer_destination_)].destination_vp);
    if (const int boy = seat_with(Role::ships_boy); boy >= 0) add(boy, kShipsBoyVp);
    captain_ = mutineer;
  } else {
    add(captain_, islands[static_cast<std::size_t>(captain_destination_)].destination_vp);
    if (mate >= 0) {
      add(captain_, -offer_);
      add(mate, kMateBaseVp + offer_);
    }
  }
  phase_ = Phase::sales;
  order_index_ = 0;
  advance_sales();
}

// Step 5, sales: declared clockwise from the captain; the only possible allocation is made at once.
void State::advance_sales() {
  const auto active = active_pointers();
  const std::span<const Island* const> islands(active.data(), static_cast<std::size_t>(active_count_));
  while (order_index_ < players_) {
    const int seat = (captain_ + order_index_) % players_;
    int options = 0;
    Allocation only;
    for_each_allocation(displayed_[static_cast<std::size_t>(seat)], islands, [&](const Allocation& allocation) {
      if (options++ == 0) only = allocation;
    });
    if (options > 1) {
      phase_ = Phase::sales;
      turn_ = seat;
      return;
    }
    allocation_[static_cast<std::size_t>(seat)] = only;
    ++order_index_;
  }
  score_sales();
}

void State::score_sales() {
  const auto active = active_pointers();
  const int merchant = seat_with(Role::merchant);
  for (int slot = 0; slot < active_count_; ++slot) {
    std::array<int, kMaxPlayers> sold{};
    for (int seat = 0; seat < players_; ++seat)
      sold[static_cast<std::size_t>(seat)] = allocation_[static_cast<std::size_t>(seat)].count[static_cast<std::size_t>(slot)];
    score_island(*active[static_cast<std::size_t>(slot)], std::span<const int>(sold.data(), static_cast<std::size_t>(players_)),
                 merchant, options_.sale_rules, std::span<int>(round_vp_.data(), static_cast<std::size_t>(players_)));
  }
  RoundRecord record;
  record.round = round_;
  record.roles = role_;
  record.displayed = displayed_;
  record.combat_added = combat_added_;
  record.allocations = allocation_;
  record.active = active_;
  record.active_count = active_count_;
  record.ship = ship_;
  record.offer = offer_;
  record.captain_destination = captain_destination_;
  record.mutineer_destination = mutineer_destination_;
  record.mutiny = mutiny_;
  record.vp = round_vp_;
  record.pirate_raid = pirate_raid_;
  records_.push_back(record);
  for (int seat = 0; seat < players_; ++seat) vp_[static_cast<std::size_t>(seat)] += round_vp_[static_cast<std::size_t>(seat)];
  if (round_ == rounds_) {
    phase_ = Phase::game_over;  // the last round ends after phase 5
    return;
  }
  end_round();
}

void State::end_round() {
  // Step 6: islands away from the ship turn passive; the ship sails; its new island turns active.
  const int destination = mutiny_.succeeded ? mutineer_destination_ : captain_destination_;
  active_ = {ship_, destination};
  active_count_ = destination == ship_ ? 1 : 2;
  ship_ = destination;
  // Step 7: displayed goods and added combat cards are discarded; face-down cards return.
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    discard_ += displayed_[s];
    displayed_[s] = GoodCounts{};
    discard_[Good::combat] += combat_added_[s];
    combat_added_[s] = 0;
    hand_[s] += face_down_[s];
    face_down_[s] = GoodCounts{};
  }
  passed_.fill(false);
  // Step 8: refill clockwise from the (possibly new) captain.
  order_index_ = 0;
  loader_done_ = false;
  advance_refill();
}

void State::advance_refill() {
  while (order_index_ < players_) {
    const int seat = (captain_ + order_index_) % players_;
    const auto s = static_cast<std::size_t>(seat);
    const bool loading = role_[s] == Role::loader && !loader_done_;
    const int target = kHandSize + (loading ? kLoaderExtraCards : 0);
    turn_ = seat;
    if (hand_[s].total() < target) {
      phase_ = Phase::refill;
      return;
    }
    if (loading) {
      phase_ = Phase::loader_return;
      return;
    }
    ++order_index_;
  }
  // Step 9: the action cards go back; the next round begins.
  ++round_;
  start_round();
}

// ---------------------------------------------------------------- actions for policies and people (text: action.hpp)

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  const auto seat = static_cast<std::size_t>(std::max(turn_, 0));
  switch (phase_) {
    case Phase::deal:
    case Phase::refill:
      if (draw_is_forced()) {
        out.push(Action::draw(forced_draw()));
        return;
      }
      for (Good good : kAllGoods)
        if (draw_pool()[good] > 0) out.push(Action::draw(good));
      return;
    case Phase::captain_card:
      for (std::size_t card = 0; card < components_->captain_cards.size(); ++card)
        for (int side = 0; side < 2; ++side) out.push(Action::captain_card(static_cast<int>(card), side));
      return;
    case Phase::offers:
      for (Good good : kAllGoods)
        if (hand_[seat][good] > 0) out.push(Action::display(good));
      if (turn_ == captain_) {
        out.push(Action::pass(Role::none));
        return;
      }
      for (Role card : components_->action_cards)
        if (count_role(card) == 0) out.push(Action::pass(card));
      return;
    case Phase::reveal:
      for (Role card : components_->action_cards)
        if (count_role(card) == 0) out.push(Action::reveal(card));
      return;
    case Phase::mutiny:
      for (int n = 0; n <= face_down_[seat][Good::combat]; ++n) out.push(Action::add_combat(n));
      return;
    case Phase::sales: {
      const auto active = active_pointers();
      for_each_allocation(displayed_[seat], std::span<const Island* const>(active.data(), static_cast<std::size_t>(active_count_)),
                          [&](const Allocation& allocation) { out.push(Action::allocate(allocation)); });
      return;
    }
    case Phase::loader_return:
      for (Good good : kAllGoods)
        if (hand_[seat][good] > 0) out.push(Action::return_good(good));
      return;
    case Phase::game_over: return;
  }
}

std::vector<Action> State::legal_actions() const {
  ActionList list;
  legal_actions(list);
  return {list.begin(), list.end()};
}

std::vector<std::pair<Action, double>> State::chance_outcomes() const {
  std::vector<std::pair<Action, double>> out;
  if (phase_ != Phase::deal && phase_ != Phase::refill) return out;
  if (draw_is_forced()) return {{Action::draw(forced_draw()), 1.0}};
  const GoodCounts& pool = draw_pool();
  const double total = pool.total();
  for (Good good : kAllGoods)
    if (pool[good] > 0) out.emplace_back(Action::draw(good), pool[good] / total);
  return out;
}

Action State::sample_chance(rules::Rng& rng) const {
  if (draw_is_forced()) return Action::draw(forced_draw());
  const GoodCounts& pool = draw_pool();
  int pick = std::uniform_int_distribution<int>(0, pool.total() - 1)(rng);
  for (Good good : kAllGoods) {
    pick -= pool[good];
    if (pick < 0) return Action::draw(good);
  }
  throw std::logic_error("Meuterer: sample_chance outside a draw");
}

// ---------------------------------------------------------------- the scorer's view

RoundTable State::round_table(const RoundRecord& record) const {
  RoundTable table;
  table.islands = components_->islands;
  table.active.assign(record.active.begin(), record.active.begin() + record.active_count);
  table.ship = record.ship;
  table.offer = record.offer;
  table.captain_destination = record.captain_destination;
  if (record.mutineer_destination >= 0) table.mutineer_destination = record.mutineer_destination;
  table.sale_rules = options_.sale_rules;
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    SeatAtTable at;
    at.name = seat_name(seat);
    at.role = record.roles[s];
    at.displayed = record.displayed[s];
    at.combat_added = record.combat_added[s];
    for (int slot = 0; slot < record.active_count; ++slot) {
      const auto i = static_cast<std::size_t>(slot);
      if (record.allocations[s].count[i] > 0)
        at.sales.push_back({record.active[i], record.allocations[s].good[i], record.allocations[s].count[i]});
    }
    table.seats.push_back(std::move(at));
  }
  return table;
}

RoundTable State::sales_table() const {
  if (phase_ != Phase::sales) throw RuleViolation("sales are not being allocated now");
  RoundRecord now;
  now.roles = role_;
  now.displayed = displayed_;
  now.combat_added = combat_added_;
  now.allocations = allocation_;
  now.active = active_;
  now.active_count = active_count_;
  now.ship = ship_;
  now.offer = offer_;
  now.captain_destination = captain_destination_;
  now.mutineer_destination = mutineer_destination_;
  RoundTable table = round_table(now);
  // The seat allocating now and those after it have not declared yet.
  for (int i = order_index_; i < players_; ++i) table.seats[static_cast<std::size_t>((captain_ + i) % players_)].sales_declared = false;
  return table;
}

std::vector<SaleOption> State::sale_options() const { return meuterer::sale_options(sales_table(), turn_); }

// ---------------------------------------------------------------- checks and text

std::string State::check_invariants() const {
  if (all_cards() != all_cards_)
    return "cards not conserved: " + format_goods(all_cards()) + " instead of " + format_goods(all_cards_);
  for (int seat = 0; seat < players_; ++seat) {
    int sum = 0;
    for (const RoundRecord& record : records_) sum += record.vp[static_cast<std::size_t>(seat)];
    if (sum != vp_[static_cast<std::size_t>(seat)]) return seat_name(seat) + "'s VP differ from the sum of its rounds";
  }
  const bool round_done = phase_ == Phase::refill || phase_ == Phase::loader_return || phase_ == Phase::game_over;
  if (static_cast<int>(records_.size()) != round_ - (round_done ? 0 : 1)) return "round results missing or extra";
  if (round_ < 1 || round_ > rounds_) return "round out of range";
  if (phase_ != Phase::deal && phase_ != Phase::game_over) {
    if (count_role(Role::captain) != 1) return "not exactly one captain";
    for (Role card : {Role::mate, Role::mutineer, Role::ships_boy, Role::merchant, Role::loader})
      if (count_role(card) > 1) return "an action card is held twice";
  }
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (!card_face_down_[s]) continue;
    if (phase_ != Phase::offers && phase_ != Phase::reveal) return seat_name(seat) + "'s card is still face down after phase 3";
    if (!passed_[s] || seat == captain_ || role_[s] != Role::none) return seat_name(seat) + " holds a card face down it cannot hold";
  }
  if (ship_ < 0 || ship_ >= islands_) return "the ship is off the ring";
  if (std::find(active_.begin(), active_.begin() + active_count_, ship_) == active_.begin() + active_count_)
    return "the ship's island is not active";
  if (options_.pirate != (pirate_ship_ >= 0) || pirate_ship_ >= islands_) return "the pirate ship is misplaced";
  const bool in_round = phase_ == Phase::captain_card || phase_ == Phase::offers || phase_ == Phase::reveal ||
                        phase_ == Phase::mutiny || phase_ == Phase::sales;
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const int cards = hand_[s].total() + face_down_[s].total() + displayed_[s].total() + combat_added_[s];
    if (in_round && cards > kHandSize) return seat_name(seat) + " holds more than five cards in a round";
    if (phase_ == Phase::captain_card && hand_[s].total() != kHandSize) return seat_name(seat) + " does not hold five cards";
    if (passed_[s] && hand_[s].total() != 0) return seat_name(seat) + " passed but still holds cards";
  }
  return "";
}

std::string State::to_string() const {
  const auto& islands = components_->islands;
  auto island = [&](int index) { return index < 0 ? std::string("-") : islands[static_cast<std::size_t>(index)].name; };
  std::string out = "Meuterer round " + std::to_string(round_) + "/" + std::to_string(rounds_) + ", " +
                    std::string(phase_name(phase_));
  if (phase_ != Phase::game_over)
    out += current_player() == rules::kChancePlayer ? " (draw for " + seat_name(turn_) + ")" : ", " + seat_name(turn_) + " to act";
  out += "\nship: " + island(ship_) + "; active:";
  for (int i = 0; i < active_count_; ++i) {
    out += ' ';
    out += island(active_[static_cast<std::size_t>(i)]);
  }
  if (pirate_ship_ >= 0) out += "; pirate ship: " + island(pirate_ship_);
  out += "\ncaptain: " + seat_name(captain_) + ", offer " + std::to_string(offer_) + "; destinations: captain " +
         island(captain_destination_) + ", mutineer " + island(mutineer_destination_) + "\n";
  for (int seat = 0; seat < players_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    out += seat_name(seat) + " [" + (card_face_down_[s] ? std::string("card face down") : std::string(role_name(role_[s]))) +
           "] VP " + std::to_string(vp_[s]) +
           "; hand " + format_goods(hand_[s]) + "; face down " + format_goods(face_down_[s]) + "; displayed " +
           format_goods(displayed_[s]);
    if (combat_added_[s] > 0) out += "; added " + std::to_string(combat_added_[s]) + " combat";
    out += "\n";
  }
  out += "deck: " + format_goods(deck_);
  if (!bottom_.empty()) {
    out += "; under it:";
    for (Good good : bottom_) {
      out += ' ';
      out += notation::to_string(good);
    }
  }
  out += "; discards: " + format_goods(discard_);
  return out;
}

}  // namespace qm::meuterer
