#pragma once
// The explicit table of games (no self-registration through static constructors: it is
// silently dropped from static libraries). Each entry points at the game's own command files.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.hpp"
#include "cli/game_table.hpp"
#include "rules/simulation.hpp"

namespace qm::cli {

struct GameEntry {
  std::string name;   // as typed: "piraten", "corsari", "loot", "meuterer", "pirates-code"
  std::string title;  // "Piraten Kapern"
  // `simulate NAME`; null when the game has no engine yet.
  std::function<rules::SimulationSummary(const rules::SimulationRequest&)> simulate;
  // Adds the game's stateless commands (`score NAME`, `advise NAME`, ...) beneath the root;
  // `score` exists already (root.get_subcommand("score")).
  std::function<void(CLI::App& root, Context& ctx)> add_commands;
  // Adds `new NAME PLAYER... [options]` under the `new` command; its callback starts the table
  // with Session::start_game. Null when the game has no table flow.
  std::function<void(CLI::App& new_command, Context& ctx)> add_new_command;
};

const std::vector<GameEntry>& game_catalogue();
const GameEntry* find_game(const std::string& name);
std::vector<std::string> game_names();
// "unknown game 'piratn' (did you mean piraten?)"
std::string unknown_game_message(const std::string& name);

}  // namespace qm::cli
