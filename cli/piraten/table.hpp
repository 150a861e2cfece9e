#pragma once
// Piraten Kapern at the table in the REPL (issue 3, item 4): the rules' table (rules/piraten/
// table.hpp) behind the commands players type. Every step is one journaled event, so `undo`
// takes back one step and a session reopened from its journal is exactly as it was left.
//
// For the advisor (`advise`/`hint` during a refereed turn): state() and current_turn() give the
// engine's own view of the game and of the turn being played.
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "rules/piraten/table.hpp"

namespace qm::cli::piraten_cli {

class PiratenTable : public GameTable {
 public:
  // Throws InputError for a bad player count.
  PiratenTable(std::vector<std::string> players, const qm::piraten::Options& options);

  // GameTable
  std::string game() const override { return "piraten"; }
  const std::vector<std::string>& players() const override { return table_.players(); }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string whose_turn() const override { return table_.whose_turn(); }
  bool is_over() const override { return table_.state().is_terminal(); }
  std::vector<std::string> winners() const override { return table_.winners(); }
  nlohmann::json options() const override;
  double target() const override { return table_.state().options().target; }
  int completed_turns() const override { return table_.state().turns_played(); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;
  ScanStep scan_step(const std::vector<std::string>& words) const override;  // the dice of the throw awaited

  // The game as the rules follow it, and the advisor's views of it.
  const qm::piraten::Table& table() const { return table_; }
  qm::piraten::Table& table() { return table_; }  // the commands play their steps on it
  const qm::piraten::State& state() const { return table_.state(); }
  // The turn being played, or null between turns (and once the game is over).
  const qm::piraten::Turn* current_turn() const { return table_.current_turn(); }

 private:
  qm::piraten::Table table_;
};

}  // namespace qm::cli::piraten_cli
