#pragma once
// A game of Loot at the table (issue 5, item 4): the REPL follows a real game from the moves
// players call out (`float Ann m5`, `attack Bob blue3 #2`, `captain Bob blue #2`, `admiral Ann #2`,
// `draw Cy`, `discard Cy green1`), through the engine's table mode (rules/loot/table.hpp), which
// knows only what lies in the open: it validates each move, makes the captures at the start of
// each turn and notices the end. `end NAME=CARDS...` then takes the merchants left in the hands
// and gives the final totals. A table that does not track its moves types only the result:
// `final --captured NAME=CARDS... --hand NAME=CARDS...`. This adapter turns the typed words into
// the table mode's steps; nothing here prints (the commands, table_commands.cpp, announce them).
//
// The state is rebuilt by replaying the journaled lines, so it holds nothing that the same
// words would not give again.
#include <optional>
#include <string>
#include <vector>

#include "cli/game_table.hpp"
#include "cli/loot/hauls.hpp"
#include "rules/loot/table.hpp"

namespace qm::cli::loot_cli {

class LootTable : public GameTable {
 public:
  using Pile = qm::loot::Table::Pile;

  // Throws InputError for a bad player count or team layout.
  explicit LootTable(const qm::loot::Setup& setup);

  std::string game() const override { return "loot"; }
  const std::vector<std::string>& players() const override { return setup_.names; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "gold"; }
  std::string whose_turn() const override;
  bool is_over() const override { return table_.result().has_value(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  int completed_turns() const override { return table_.board().turns(); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;
  // `scan PHOTO PLAYER [hand|captured]`: one player's pile (by default the hand once the game is
  // over, the captured merchants at a table that tracked no move).
  ScanStep scan_step(const std::vector<std::string>& words) const override;

  // The table's steps from the words typed. Each validates fully before it changes anything and
  // throws InputError (RuleViolation for a move the rules forbid).
  // A move as typed, verb first: {"attack", "Bob", "blue3", "#2"}; the player may be left out
  // ({"draw"}, {"float", "m5"}): then it is the player whose turn it is.
  qm::loot::MoveOutcome play(std::vector<std::string> words);
  // One player's cards noted before the totals (rules/loot/table.hpp, note).
  void note(Pile pile, const NamedCards& cards) { table_.note(pile, cards); }
  const std::vector<NamedCards>& noted(Pile pile) const { return table_.noted(pile); }
  const qm::loot::FinalTotals& end(const std::vector<NamedCards>& hands) { return table_.end(hands); }
  const qm::loot::FinalTotals& settle(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands) {
    return table_.settle(captured, hands);
  }

  const qm::loot::Table& tracked() const { return table_; }
  const qm::loot::Board& board() const { return table_.board(); }
  const std::optional<qm::loot::FinalTotals>& result() const { return table_.result(); }
  const std::string& name(int seat) const { return setup_.names[static_cast<std::size_t>(seat)]; }
  // The seat of a player, named in any case; throws InputError naming an unknown one.
  int seat_of(const std::string& name) const { return table_.seat_of(name); }

 private:
  qm::loot::Setup setup_;
  qm::loot::Table table_;
};

}  // namespace qm::cli::loot_cli
