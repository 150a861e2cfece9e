// Loot in the catalogue: each piece of the entry lives in its own command file.
#include "cli/loot/entry.hpp"

#include "cli/loot/commands.hpp"
#include "rules/loot/simulation.hpp"

namespace qm::cli {

GameEntry loot_entry() {
  GameEntry entry;
  entry.name = "loot";
  entry.title = "Loot";
  entry.simulate = [](const rules::SimulationRequest& request) { return qm::loot::simulate(request); };
  entry.add_commands = [](CLI::App& root, Context& ctx) { loot_cli::setup_score_loot(root, ctx); };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) { loot_cli::setup_new_loot(new_command, ctx); };
  return entry;
}

}  // namespace qm::cli
