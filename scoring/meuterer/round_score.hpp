#pragma once
// One round's victory points from what lies on the table at the end of phase 5 (rules: フェイズ4,
// フェイズ5; RULINGS.md: Mutiny, VP, Sales). Pure functions: the CLI's `score meuterer --state FILE`
// reads a RoundTable from JSON (rules/meuterer/round_json.hpp) and prints the RoundScore; the engine
// builds the same RoundTable from its state, so both paths share these rules.
//
//   captain's side wins, or no mutiny: captain +destination VP - offer; mate +1 +offer
//                                      (no mate: the captain pays nothing)
//   mutiny succeeds:                    mutineer +VP of its destination; ship's boy +2;
//                                      captain and mate nothing
//   strength: combat cards displayed in the offer phase and added in the mutiny, +1 for the mate;
//             a tie goes to the mutineer; the merchant's and loader's combat cards do not count
//   sales: see sales.hpp
#include <optional>
#include <string>
#include <vector>

#include "scoring/meuterer/island.hpp"
#include "scoring/meuterer/role.hpp"
#include "scoring/meuterer/sales.hpp"

namespace qm::meuterer {

// Rule constants (rules: フェイズ4, フェイズ5).
inline constexpr int kMateStrength = 1;  // 航海士は戦闘力がアクションカードに1ついています
inline constexpr int kMateBaseVp = 1;    // 航海士は1VPを受け取ります
inline constexpr int kShipsBoyVp = 2;    // 見習い水夫は、2VPを受け取ります
inline constexpr int kHandSize = 5;      // 手札を5枚になるように補充 (also the largest destination step)

// One sale of one player: `count` cards of `good` on island `island` (an index into RoundTable::islands).
struct Sale {
  int island = 0;
  Good good = Good::ruby;
  int count = 0;
  friend bool operator==(const Sale&, const Sale&) = default;
};

struct SeatAtTable {
  std::string name;
  Role role = Role::none;
  GoodCounts displayed;   // face up after the offer phase, combat and pirate cards included
  int combat_added = 0;   // combat cards turned up during the mutiny
  std::vector<Sale> sales;
  bool sales_declared = true;  // false: let the assistant make the only legal allocation
};

struct RoundTable {
  std::vector<Island> islands;  // clockwise
  std::vector<int> active;      // islands showing their active side (1 or 2): where goods sell
  int ship = 0;                 // the island the ship lies beside
  int offer = 0;                // the captain card's number: what the captain pays the mate
  int captain_destination = 0;
  std::optional<int> mutineer_destination;  // present exactly when somebody took the mutineer
  std::vector<SeatAtTable> seats;           // clockwise
  SaleRules sale_rules;
};

enum class VpReason : std::uint8_t { destination, offer_paid, mate, offer_received, mutiny_destination, ships_boy, sale };

struct VpItem {
  VpReason kind = VpReason::sale;
  std::string reason;  // for people: "sole majority on Grünland (3 salt)"
  int vp = 0;
  friend bool operator==(const VpItem&, const VpItem&) = default;
};

struct SeatScore {
  std::vector<VpItem> items;
  int total = 0;
};

struct MutinyOutcome {
  bool happened = false;
  bool succeeded = false;
  int captain_strength = 0;
  int mutineer_strength = 0;
  friend bool operator==(const MutinyOutcome&, const MutinyOutcome&) = default;
};

struct RoundScore {
  MutinyOutcome mutiny;
  int ship_destination = 0;     // where the ship sails in phase 6 (the winning side's destination)
  int next_captain = 0;         // seat holding the captain cards after the round
  std::vector<std::vector<Sale>> sales;  // per seat: the allocation scored (declared or made by the assistant)
  std::vector<SeatScore> seats;
};

// The strength of both sides and who wins (a tie goes to the mutineer).
MutinyOutcome resolve_mutiny(bool mutineer_present, int captain_side_combat, bool mate_present,
                             int mutineer_side_combat);

// Throws InputError naming the seat or island when the table cannot have happened.
RoundScore score_round(const RoundTable& table);

// The sales helper: every legal allocation of `seat`'s displayed goods over the active islands and
// the sale VP each would bring that seat. Sales are declared one player after another, so some
// players may not have declared yet: `vp` counts the declared sales alone (as if those yet to
// declare sold nothing), `vp_min` and `vp_max` the worst and the best over every legal allocation
// they may still declare. Best is the most VP at worst, then at best; options alike in both are
// all best (a tie shows every option that ties).
struct SaleOption {
  std::vector<Sale> sales;
  int vp = 0;
  int vp_min = 0;
  int vp_max = 0;
  bool best = false;
};
std::vector<SaleOption> sale_options(const RoundTable& table, int seat);

// The seats other than `seat` that have not declared their sales and may still sell something:
// the ones sale_options() ranges over.
std::vector<int> undeclared_sellers(const RoundTable& table, int seat);

// "3 salt on Grünland, 1 wine on Hochland" or "nothing".
std::string describe_sales(const std::vector<Sale>& sales, const std::vector<Island>& islands);

}  // namespace qm::meuterer
