#pragma once
// Meuterer's rule engine (rules/meuterer.ja.md; RULINGS.md, Meuterer). A round has nine phases:
//
//   1 captain card   the captain lays one captain card, one side up: the offer to the mate
//   2 offers         clockwise from the captain, each player displays one good or passes; a
//                    passing player lays its hand face down, and a non-captain takes an action
//                    card (mate, mutineer, ship's boy, merchant, loader); the captain's
//                    destination lies as many islands clockwise as it laid cards face down
//   3 reveal         the action cards are shown; a card taken face down (a pass that did not
//                    name it) is named now, clockwise from the captain
//   4 mutiny         if there is a mutineer: its destination lies as many islands counterclockwise
//                    as it laid cards face down; captain first, then clockwise, the captain, mate,
//                    mutineer and ship's boy may turn up face-down combat cards; strength = combat
//                    displayed + turned up, +1 for the mate; a tie goes to the mutineer
//   5 VP             roles (round_score.hpp) and sales on the active islands (sales.hpp);
//                    the game ends here after the last round
//   6 ship           the islands away from the ship turn passive, the ship sails to the winning
//                    destination, which turns active: the next round sells on both
//   7 discards       displayed goods and added combat cards are discarded; face-down cards return
//   8 refill         clockwise from the captain, hands refill to five; the loader draws three more
//                    and puts three back under the deck; an empty deck is rebuilt from the discards
//   9 action cards   returned
//
// 8 rounds with 4 players, 9 with 3; the highest VP wins, equal highest share.
//
// Parameters (game options, RULINGS.md defaults):
//   name                default   meaning
//   pirate              off       pirate variant: the pirate card joins the deck, the pirate ship starts
//                                 at Piratennest; displaying the pirate card moves it clockwise as many
//                                 islands as cards left in the hand; reaching or passing the ship
//                                 discards every displayed good
//   rounds              8 or 9    number of rounds (8 with 4 players, 9 with 3)
//   merchant_four_way   on        the merchant scores the first column even in a four-way tie
//
// Chance is a player: every card drawn is a chance action naming the good, drawn from the part of
// the deck whose order is unknown; the cards the loader put back are drawn last, in their order.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/engine.hpp"
#include "rules/game_options.hpp"
#include "rules/meuterer/action.hpp"
#include "rules/meuterer/components.hpp"
#include "scoring/meuterer/round_score.hpp"

namespace qm::meuterer {

// Rule constants (rules: 4.プレイの流れ, フェイズ8).
inline constexpr int kRoundsFourPlayers = 8;
inline constexpr int kRoundsThreePlayers = 9;
inline constexpr int kLoaderExtraCards = 3;  // 積み荷係: 追加で3枚 ... 任意の3枚を戻して
inline constexpr int kMaxRounds = 50;  // no rule: the most the `rounds` option accepts

struct Options {
  bool pirate = false;
  int rounds = 0;  // 0: by the number of players
  SaleRules sale_rules;
  friend bool operator==(const Options&, const Options&) = default;
};

int default_rounds(int players);
// Reads pirate, rounds and merchant_four_way; the caller then calls options.reject_unknown.
Options read_options(const rules::GameOptions& options, int players);

enum class Phase : std::uint8_t { deal, captain_card, offers, reveal, mutiny, sales, refill, loader_return, game_over };
std::string_view phase_name(Phase phase);

// Room for every legal action at any node, so policies never allocate.
struct ActionList {
  static constexpr int kCapacity = 64;
  std::array<Action, kCapacity> items{};
  int size = 0;
  void push(const Action& action);
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

// What happened in one round, kept when the round ends so its VP can be explained.
struct RoundRecord {
  int round = 0;
  std::array<Role, kMaxPlayers> roles{};
  std::array<GoodCounts, kMaxPlayers> displayed{};
  std::array<int, kMaxPlayers> combat_added{};
  std::array<Allocation, kMaxPlayers> allocations{};
  std::array<int, kMaxActiveIslands> active{};
  int active_count = 0;
  int ship = 0;
  int offer = 0;
  int captain_destination = -1;
  int mutineer_destination = -1;  // -1: no mutineer
  MutinyOutcome mutiny;
  std::array<int, kMaxPlayers> vp{};  // the round's VP of each seat
  bool pirate_raid = false;
  friend bool operator==(const RoundRecord&, const RoundRecord&) = default;
};

class State {
 public:
  using Action = meuterer::Action;

  // Throws InputError for 3 or 4 players not given, or components too small for the game.
  State(std::shared_ptr<const Components> components, int players, Options options = {});

  // ---- the rules::GameState interface ----
  int current_player() const;  // rules::kChancePlayer while cards are drawn
  bool is_terminal() const { return phase_ == Phase::game_over; }
  std::vector<Action> legal_actions() const;  // at a chance node: the goods that can be drawn
  Action sample_chance(rules::Rng& rng) const;
  void apply_action(const Action& action);  // throws RuleViolation, leaving the state unchanged
  const std::vector<Action>& history() const { return history_; }
  std::vector<double> returns() const;  // each seat's VP
  std::string check_invariants() const;
  std::string to_string() const;
  // Every member: the components by value (SharedComponents), islands_ follows from them.
  bool operator==(const State&) const = default;

  // ---- for the table flow and the policies ----
  void legal_actions(ActionList& out) const;
  std::vector<std::pair<Action, double>> chance_outcomes() const;
  // The round as the scorer sees it while sales are declared: the allocations declared so far, the
  // seats yet to declare marked so (sales_declared false). Throws RuleViolation outside the sales.
  RoundTable sales_table() const;
  // The sales helper for the seat to allocate now (round_score.hpp, sale_options).
  std::vector<SaleOption> sale_options() const;
  // The round that ended last as the scorer sees it, and its VP with reasons.
  RoundTable round_table(const RoundRecord& record) const;
  const std::vector<RoundRecord>& rounds_played() const { return records_; }

  // ---- observers ----
  const Components& components() const { return *components_; }
  const Options& options() const { return options_; }
  Phase phase() const { return phase_; }
  int players() const { return players_; }
  int rounds() const { return rounds_; }
  int round() const { return round_; }  // 1-based
  int captain() const { return captain_; }
  int offer() const { return offer_; }
  Role role(int seat) const { return role_[static_cast<std::size_t>(seat)]; }
  bool passed(int seat) const { return passed_[static_cast<std::size_t>(seat)]; }
  // The seat took an action card face down and has not named it yet (it does in phase 3).
  bool card_face_down(int seat) const { return card_face_down_[static_cast<std::size_t>(seat)]; }
  const GoodCounts& hand(int seat) const { return hand_[static_cast<std::size_t>(seat)]; }
  const GoodCounts& face_down(int seat) const { return face_down_[static_cast<std::size_t>(seat)]; }
  const GoodCounts& displayed(int seat) const { return displayed_[static_cast<std::size_t>(seat)]; }
  int combat_added(int seat) const { return combat_added_[static_cast<std::size_t>(seat)]; }
  const Allocation& allocation(int seat) const { return allocation_[static_cast<std::size_t>(seat)]; }
  int vp(int seat) const { return vp_[static_cast<std::size_t>(seat)]; }
  int ship() const { return ship_; }
  // The island `steps` clockwise of `from` on the ring (counterclockwise when negative).
  int island_steps(int from, int steps) const;
  std::vector<int> active_islands() const;
  int pirate_ship() const { return pirate_ship_; }  // -1 outside the pirate variant
  int captain_destination() const { return captain_destination_; }    // -1 until the captain passes
  int mutineer_destination() const { return mutineer_destination_; }  // -1 without a mutiny
  const GoodCounts& deck() const { return deck_; }            // the shuffled part
  const std::vector<Good>& deck_bottom() const { return bottom_; }  // known cards under it, next first
  const GoodCounts& discards() const { return discard_; }
  // Where the next draw comes from: the shuffled cards (the deck, or the discards about to be
  // shuffled into one) unless the loader's cards under the deck are all that is left.
  const GoodCounts& draw_pool() const;
  bool draw_is_forced() const;
  GoodCounts all_cards() const;  // every card of the game, wherever it lies
  // The action cards still on the table for a passing player.
  std::vector<Role> available_action_cards() const;
  std::vector<int> winners() const;  // at the end: seats with the most VP

 private:
  int next_seat(int seat) const { return (seat + 1) % players_; }
  int count_role(Role role) const;
  int seat_with(Role role) const;
  void step(const Action& action);
  void check(const Action& action) const;  // throws RuleViolation
  std::array<const Island*, kMaxActiveIslands> active_pointers() const;
  Good forced_draw() const;  // the bottom card when the shuffled part is empty

  void advance_deal();
  void next_offer_turn();
  void reveal();
  void advance_reveal();
  void start_mutiny();
  void advance_mutiny();
  void resolve_roles();
  void advance_sales();
  void score_sales();
  void end_round();
  void advance_refill();
  void start_round();

  SharedComponents components_;  // compared by value (components.hpp)
  Options options_;
  int players_ = 0;
  int rounds_ = 0;
  int islands_ = 0;
  Phase phase_ = Phase::deal;
  int round_ = 1;
  int captain_ = 0;
  int turn_ = 0;
  int offer_ = 0;
  int order_index_ = 0;  // progress through the seats clockwise from the captain (reveal, mutiny, sales, refill)
  bool loader_done_ = false;
  std::array<Role, kMaxPlayers> role_{};
  std::array<bool, kMaxPlayers> passed_{};
  std::array<bool, kMaxPlayers> card_face_down_{};
  std::array<GoodCounts, kMaxPlayers> hand_{};
  std::array<GoodCounts, kMaxPlayers> face_down_{};
  std::array<GoodCounts, kMaxPlayers> displayed_{};
  std::array<int, kMaxPlayers> combat_added_{};
  std::array<Allocation, kMaxPlayers> allocation_{};
  std::array<int, kMaxPlayers> vp_{};
  std::array<int, kMaxPlayers> round_vp_{};
  int ship_ = 0;
  std::array<int, kMaxActiveIslands> active_{};
  int active_count_ = 1;
  int pirate_ship_ = -1;
  bool pirate_raid_ = false;
  int captain_destination_ = -1;
  int mutineer_destination_ = -1;
  MutinyOutcome mutiny_;
  GoodCounts deck_;
  std::vector<Good> bottom_;
  GoodCounts discard_;
  GoodCounts all_cards_;  // the game's cards, fixed at setup: for the conservation check
  std::vector<RoundRecord> records_;
  std::vector<Action> history_;
};

static_assert(rules::GameState<State>);

}  // namespace qm::meuterer
