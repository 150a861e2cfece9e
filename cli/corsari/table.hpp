#pragma once
// Corsari at the table in the REPL (issue 4, item 5): the rules' table mode
// (rules/corsari/table.hpp) keeps the score sheet and the sailing being entered; this adapter
// turns the typed words into its steps:
//   sail NAME --tavern COLOUR   a player sails: opens the sailing
//   hand NAME CARDS...          each player's 12 cards (the sailor's after its face-down discard)
//   add NAME CARDS...|none|best an opponent states its additions instead of the proposed best ones
//   confirm                     settles the sailing and records it on the score sheet
//   void                        the deal was voided (the last tavern card was taken)
//   cancel                      drops the sailing being entered
// Every step is a journaled event, so a half-entered sailing survives a crash and `undo` takes
// back one step. Nothing here prints: the commands (table_commands.cpp) announce each step.
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "cli/table_commands.hpp"
#include "rules/corsari/table.hpp"

namespace qm::cli::corsari_cli {

// What `hand NAME CARDS` did.
struct HandEntered {
  int seat = 0;
  bool dropped = false;  // stated additions no longer apply: the hands they relied on changed
};

class CorsariTable : public GameTable, public WherePlayStands {
 public:
  // Throws InputError for a bad player count, limit or dealer.
  CorsariTable(std::vector<std::string> players, int limit, int first_dealer);

  // GameTable
  std::string game() const override { return "corsari"; }
  const std::vector<std::string>& players() const override { return table_.players(); }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "penalty"; }
  // While a sailing is entered: the first player whose hand is missing; otherwise "".
  std::string whose_turn() const override;
  bool is_over() const override { return table_.match().is_over(); }
  std::vector<std::string> winners() const override { return table_.winners(); }
  nlohmann::json options() const override;
  double target() const override { return table_.match().limit(); }
  int completed_turns() const override { return static_cast<int>(table_.match().deals().size()); }
  std::string turn_name() const override { return "deal"; }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;
  ScanStep scan_step(const std::vector<std::string>& words) const override;  // a hand of the open sailing
  // After the standings (and so after `undo` and `redo`): the sailing being entered, or whose
  // deal it is.
  void print_where_play_stands(Context& ctx) const override;

  // ---- The steps, from the words typed after the command. Each throws InputError or
  // RuleViolation and then changes nothing.
  int sail(const std::string& player, const std::string& tavern);  // the sailor's seat
  HandEntered hand(const std::vector<std::string>& words);          // NAME CARDS...
  int add(const std::vector<std::string>& words);                   // NAME CARDS...|none|best: the seat
  const qm::corsari::DealEntry& confirm() { return table_.confirm(); }
  const qm::corsari::DealEntry& void_deal() { return table_.void_deal(); }
  qm::corsari::OpenSailing cancel() { return table_.cancel(); }

  const qm::corsari::Table& tracked() const { return table_; }

 private:
  qm::corsari::Table table_;
};

}  // namespace qm::cli::corsari_cli
