#pragma once
// Corsari at the table (issue 4, item 5). The table keeps the score sheet (rules/corsari/match.hpp)
// and the sailing being entered. The flow of one deal:
//   sail NAME --tavern COLOUR   a player sails: opens the sailing
//   hand NAME CARDS...          each player's 12 cards (the sailor's after its face-down discard)
//   add NAME CARDS...|none|best an opponent states its additions instead of the proposed best ones
//   confirm                     settles the sailing and records it on the score sheet
//   void                        the deal was voided (the last tavern card was taken)
//   cancel                      drops the sailing being entered
// Every step is a journaled event, so a half-entered sailing survives a crash and `undo` takes
// back one step. The table holds no serialisation: the same words always rebuild the same state.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "cli/corsari/format.hpp"
#include "cli/game_table.hpp"
#include "cli/table_commands.hpp"
#include "rules/corsari/match.hpp"

namespace qm::cli::corsari_cli {

// A sailing being entered: who sailed, the tavern colour, and what has been typed per seat.
struct OpenSailing {
  game::Colour tavern = game::Colour::pink;
  int sailor = 0;  // seat
  std::array<std::optional<std::vector<game::Card>>, game::kMaxPlayers> hands{};
  std::array<std::optional<std::vector<game::Card>>, game::kMaxPlayers> stated{};  // stated additions
};

// One line of the deal log: a settled sailing or a void deal.
struct DealEntry {
  int number = 0;  // 1-based
  int dealer = 0;  // seat
  game::Colour tavern = game::Colour::pink;
  std::optional<game::Settlement> settlement;  // none: a void deal
  std::vector<bool> hand_entered;  // per line of the settlement: was the hand typed (a sweep settles without the rest)
};

// What the table knows about one seat of the open sailing, for people and for JSON.
struct SeatView {
  int seat = 0;
  bool sailor = false;
  bool has_hand = false;
  bool additions_known = false;  // the sailor's and this opponent's hands are in
  bool additions_proposed = false;
  std::vector<game::Card> additions;
  std::optional<game::Grouping> grouping;  // after the additions, once known
};

class CorsariTable : public GameTable, public WherePlayStands {
 public:
  // Throws InputError for a bad player count, limit or dealer.
  CorsariTable(std::vector<std::string> players, int limit, int first_dealer);

  // GameTable
  std::string game() const override { return "corsari"; }
  const std::vector<std::string>& players() const override { return players_; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "penalty"; }
  // While a sailing is entered: the first player whose hand is missing; otherwise "".
  std::string whose_turn() const override;
  bool is_over() const override { return match_.is_over(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  double target() const override { return match_.limit(); }
  int completed_turns() const override { return static_cast<int>(match_.deals().size()); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;
  ScanStep scan_step(const std::vector<std::string>& words) const override;  // a hand of the open sailing

  // ---- The steps. Each checks everything before it changes anything and throws InputError or
  // RuleViolation naming the offending player or card.
  int seat_of(const std::string& name) const;  // case-insensitive
  void sail(int seat, game::Colour tavern);
  // Returns true when stated additions were dropped because the hands they relied on changed.
  bool enter_hand(int seat, std::vector<game::Card> hand);
  // nullopt: back to the proposed best additions.
  void state_additions(int seat, std::optional<std::vector<game::Card>> additions);
  const game::Settlement& confirm();
  void void_deal();
  void cancel();

  // ---- Views
  // After the standings (and so after `undo` and `redo`): the sailing being entered, or whose
  // deal it is (table_commands.cpp).
  void print_where_play_stands(Context& ctx) const override;
  const game::Match& match() const { return match_; }
  const std::optional<OpenSailing>& open_sailing() const { return sailing_; }
  const std::vector<DealEntry>& deal_log() const { return log_; }
  int deal_number() const { return static_cast<int>(match_.deals().size()) + 1; }
  // Seats of the open sailing, the sailor first, then clockwise.
  std::vector<int> sailing_order() const;
  std::vector<int> waiting_for() const;  // seats of the open sailing whose hand is missing
  bool is_sweep() const;                 // the sailor's hand is in and has no stowaways
  bool ready() const;                    // confirm would settle: every hand in, or a sweep
  SeatView seat_view(int seat) const;
  game::Settlement preview() const;      // what confirm would record; requires ready()
  // Per line of the settlement (the seats still in, in order): was the hand typed. A sweep is
  // settled as soon as the sailor's hand is in, so the others' may never be.
  std::vector<bool> hands_entered() const;

 private:
  void need_open(const std::string& command) const;
  void need_playing() const;
  void need_in(int seat) const;
  game::Sailing build_sailing() const;

  std::vector<std::string> players_;
  int first_dealer_ = 0;
  game::Match match_;
  std::optional<OpenSailing> sailing_;
  std::vector<DealEntry> log_;
};

}  // namespace qm::cli::corsari_cli
