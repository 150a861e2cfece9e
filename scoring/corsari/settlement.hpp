#pragma once
// Settling one sailing (rules text "得点計算"; RULINGS.md, Settlement, Sweep, Match).
// S = the sailor's stowaway total, T = an opponent's, after its additions and best grouping:
//   - T > S:  the opponent adds T to its penalty                              (case 1)
//   - T <= S: the opponent subtracts 10 and hands its stowaways to the sailor (case 2)
//   - the sailor adds nothing when nobody handed cards over; otherwise it adds
//     10 + S + the total of all cards received                                (case 3)
//   - S = 0 is a sweep: the sailor wins the match at once, the sailing is not scored.
// Penalties may go below zero; a player reaching the limit is out.
//
// Two layers: score_sailing works on card sets for the engine (no allocation, no names); settle
// takes what players typed at the table (names, hands, stated additions, penalties) and returns
// everything `score corsari-sailing` prints.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scoring/corsari/card.hpp"
#include "scoring/corsari/card_set.hpp"
#include "scoring/corsari/grouping.hpp"

namespace qm::corsari {

inline constexpr int kMinPlayers = 2;        // RULINGS.md, Setup: 2-4 players
inline constexpr int kMaxPlayers = 4;
inline constexpr int kHandSize = 12;         // RULINGS.md, Setup and Sailing: 12 cards, 12 grouped
inline constexpr int kMaxScoredHand = 13;    // an opponent's hand as typed into the scorer: 0..13
inline constexpr int kDefaultLimit = 101;    // RULINGS.md, Match: the penalty limit
inline constexpr int kHandOverBonus = 10;    // case 2: the opponent subtracts 10
inline constexpr int kSailorSurcharge = 10;  // case 3: the sailor adds 10 + S + cards received

enum class SettlementCase : std::uint8_t {
  opponent_pays,        // case 1: T > S, adds T
  opponent_hands_over,  // case 2: T <= S, subtracts 10, hands its stowaways to the sailor
  sailor_clear,         // case 3: nobody handed cards over, the sailor adds nothing
  sailor_pays,          // case 3: cards were handed over, the sailor adds 10 + S + received
  sweep_winner,         // the sailor had no stowaways and wins the match
  swept,                // an opponent of a sweep: out of the match
};

// ---- The engine's layer: card sets, fixed arrays -------------------------------------------

struct SailingScore {
  bool sweep = false;
  int sailor = 0;
  int players = 0;
  int received_total = 0;                        // the stowaways handed to the sailor
  std::array<CardSet, kMaxPlayers> additions{};  // what each opponent added to the sailor's crew
  std::array<GroupedHand, kMaxPlayers> groups{};  // each player's best grouping after its additions
  std::array<int, kMaxPlayers> delta{};           // what each penalty changes by
  std::array<SettlementCase, kMaxPlayers> cases{};
  friend bool operator==(const SailingScore&, const SailingScore&) = default;
};

// `hands[sailor]` is the sailor's 12 cards after the face-down discard. `additions[i]` is what
// opponent i adds (already checked; the sailor's entry must be empty). No validation here.
SailingScore score_sailing(Colour tavern, int sailor, std::span<const CardSet> hands,
                           std::span<const CardSet> additions);
// The same with every opponent making its best additions (what the assistant proposes).
SailingScore score_sailing(Colour tavern, int sailor, std::span<const CardSet> hands);

// ---- The table's layer: names and lists, validated -----------------------------------------

struct SailingHand {
  std::string name;
  std::vector<Card> hand;                         // the sailor's: its 12 cards after the face-down discard
  int penalty = 0;                                // before this sailing
  std::optional<std::vector<Card>> additions;     // stated by the player; none: the best are proposed
};

struct Sailing {
  Colour tavern = Colour::pink;
  std::size_t sailor = 0;             // index into players
  std::vector<SailingHand> players;   // the players still in the match, in any order
  int limit = kDefaultLimit;
};

struct PlayerSettlement {
  std::string name;
  std::vector<Card> additions;
  bool additions_proposed = false;  // true when the assistant chose them
  Grouping grouping;                // after the additions; grouping.stowaways go to the sailor in case 2
  int delta = 0;
  int penalty = 0;                  // after this sailing
  bool out = false;                 // reached the limit, or swept
  SettlementCase settlement_case = SettlementCase::opponent_pays;
};

struct Settlement {
  bool sweep = false;
  std::size_t sailor = 0;
  int sailor_total = 0;            // S
  int received_total = 0;          // the stowaways handed to the sailor
  std::vector<PlayerSettlement> players;  // in the order given
  bool match_over = false;         // a sweep, at most one player left, or all at the limit
  std::vector<std::size_t> winners;  // when the match is over: the winner(s), sharing on a tie
};

// Throws qm::InputError for a malformed table (2-4 players, a sailor without exactly 12 cards, an
// opponent with more than 13, a card in two hands, a repeated name, a player already out) and
// qm::RuleViolation for additions the rules forbid (see check_additions).
Settlement settle(const Sailing& sailing);

// One sentence explaining a player's line of the settlement, for people.
std::string explain(const Settlement& settlement, std::size_t player, int limit);

// Who wins once penalties are final (RULINGS.md, Match): the only player under the limit; if
// none, the lowest penalty (equal lowest share). Empty while two or more are under the limit.
std::vector<std::size_t> match_winners(std::span<const int> penalties, int limit);

}  // namespace qm::corsari
