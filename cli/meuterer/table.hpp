#pragma once
// Meuterer at the table in the REPL (issue 6, item 5): the rules' table (rules/meuterer/table.hpp)
// behind the moves players type. The state is rebuilt by replaying the journaled lines, so it
// holds nothing that the same words would not give again.
#include <memory>
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "rules/meuterer/table.hpp"

namespace qm::cli::meuterer_cli {

class MeutererTable : public GameTable {
 public:
  // Throws InputError for a bad player count or components too small for the game. data_dir is
  // where the components were read (empty: the default), for the options.
  MeutererTable(std::vector<std::string> players, std::shared_ptr<const qm::meuterer::Components> components,
                qm::meuterer::Options options, std::string data_dir);

  // GameTable
  std::string game() const override { return "meuterer"; }
  const std::vector<std::string>& players() const override { return table_.players(); }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "VP"; }
  std::string whose_turn() const override { return table_.whose_turn(); }
  bool is_over() const override { return table_.state().is_terminal(); }
  std::vector<std::string> winners() const override { return table_.winners(); }
  nlohmann::json options() const override;
  int completed_turns() const override { return static_cast<int>(table_.state().rounds_played().size()); }
  std::string turn_name() const override { return "round"; }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;

  // The game as the rules follow it.
  const qm::meuterer::Table& table() const { return table_; }
  qm::meuterer::Table& table() { return table_; }  // the commands play their moves on it
  const qm::meuterer::State& state() const { return table_.state(); }
  const std::string& name(int seat) const { return table_.name(seat); }

 private:
  qm::meuterer::Table table_;
  std::string data_dir_;
};

}  // namespace qm::cli::meuterer_cli
