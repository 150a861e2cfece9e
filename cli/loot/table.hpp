#pragma once
// A game of Loot at the table (issue 5, item 4): the REPL follows a real game from the moves
// players call out (`float Ann m5`, `attack Bob blue3 #2`, `captain Bob blue #2`, `admiral Ann #2`,
// `draw Cy`, `discard Cy green1`), through the engine's table mode (rules/loot/table.hpp), which
// knows only what lies in the open: it validates each move, makes the captures at the start of
// each turn and notices the end. `end NAME=CARDS...` then takes the merchants left in the hands
// and gives the final totals. A table that does not track its moves types only the result:
// `final --captured NAME=CARDS... --hand NAME=CARDS...`.
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

// What one move did, for its announcement.
struct MoveOutcome {
  qm::loot::Action action;
  bool reinforced = false;                  // attack: the side already had a fleet there
  std::vector<qm::loot::Capture> captures;  // made at the start of the turn(s) that followed
  std::vector<int> lost;                    // merchants (#n) lost at sea when the game ended
  bool deck_emptied = false;                // this draw took the last card of the deck
  bool ended = false;                       // the move ended the game (deck empty, a hand empty)
};

class LootTable : public GameTable {
 public:
  // Throws InputError for a bad player count or team layout.
  explicit LootTable(const qm::loot::Setup& setup);

  std::string game() const override { return "loot"; }
  const std::vector<std::string>& players() const override { return setup_.names; }
  void add_commands(CLI::App& app, Context& ctx) override;  // table_commands.cpp
  std::vector<Standing> standings() const override;
  std::string score_name() const override { return "gold"; }
  std::string whose_turn() const override;
  bool is_over() const override { return result_.has_value(); }
  std::vector<std::string> winners() const override;
  nlohmann::json options() const override;
  int completed_turns() const override { return table_.board().turns(); }
  std::vector<std::string> completions(const std::vector<std::string>& command) const override;

  // The table's operations, apart from any printing. Each validates fully before it changes
  // anything and throws InputError (RuleViolation for a move the rules forbid).
  // A move as typed, verb first: {"attack", "Bob", "blue3", "#2"}; the player may be left out
  // ({"draw"}, {"float", "m5"}): then it is the player whose turn it is.
  MoveOutcome play(std::vector<std::string> words);
  // One player's cards noted before the totals, a player at a time (typed, or photographed with
  // `scan PHOTO PLAYER`): the cards left in the hand, or at a table not tracking the moves the
  // merchants captured. Noting a pile again replaces it. `end` and `final` take what is noted
  // for every player they do not name.
  enum class Pile { hand, captured };
  void note(Pile pile, const NamedCards& cards);
  const std::vector<NamedCards>& noted(Pile pile) const { return pile == Pile::hand ? noted_hands_ : noted_captured_; }
  // The game has ended at the table: the merchants (or all the cards) left in each hand;
  // a player neither named nor noted shows none.
  const qm::loot::FinalTotals& end(const std::vector<NamedCards>& hands);
  // Without tracking: the merchants each player captured and those left in its hand.
  const qm::loot::FinalTotals& settle(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands);
  // `scan PHOTO PLAYER [hand|captured]`: one player's pile (by default the hand once the game is
  // over, the captured merchants at a table that tracked no move).
  ScanStep scan_step(const std::vector<std::string>& words) const override;

  const qm::loot::Table& tracked() const { return table_; }
  const qm::loot::Board& board() const { return table_.board(); }
  const std::optional<qm::loot::FinalTotals>& result() const { return result_; }
  bool typed_final() const { return typed_final_; }
  const std::string& name(int seat) const { return setup_.names[static_cast<std::size_t>(seat)]; }
  // The seat of a player, named in any case; throws InputError naming an unknown one.
  int seat_of(const std::string& name) const;

 private:
  void refuse_when_over() const;
  // Why `pile` cannot be noted now (typed or scanned), or nullopt: a hand once a tracked game is
  // over, captured merchants at a table that tracked no move, both before the totals.
  std::optional<std::string> pile_refusal(Pile pile) const;
  std::vector<std::vector<qm::loot::Card>> shown_hands(const std::vector<NamedCards>& hands) const;  // per seat
  std::vector<qm::loot::PlayerHaul> hauls(const std::vector<NamedCards>& captured, const std::vector<NamedCards>& hands) const;
  std::vector<std::vector<std::string>> team_names() const;

  qm::loot::Setup setup_;
  qm::loot::Table table_;
  std::optional<qm::loot::FinalTotals> result_;
  std::vector<NamedCards> noted_hands_;     // one entry per player noted, in the order noted
  std::vector<NamedCards> noted_captured_;
  bool typed_final_ = false;
};

}  // namespace qm::cli::loot_cli
