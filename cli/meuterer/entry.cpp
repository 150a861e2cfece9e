// Meuterer in the catalogue: `score meuterer`, `simulate meuterer` and `new meuterer` with its
// table flow.
#include "cli/meuterer/entry.hpp"

#include "cli/meuterer/commands.hpp"
#include "rules/meuterer/simulation.hpp"

namespace qm::cli {

GameEntry meuterer_entry() {
  GameEntry entry;
  entry.name = "meuterer";
  entry.title = "Meuterer";
  // Option data=DIR reads DIR/components.json (rules/meuterer/simulation.hpp).
  entry.simulate = [](const rules::SimulationRequest& request) { return qm::meuterer::simulate(request); };
  entry.add_commands = [](CLI::App& root, Context& ctx) {
    meuterer_cli::setup_score_meuterer(*root.get_subcommand("score"), ctx);
  };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) { meuterer_cli::setup_new_meuterer(new_command, ctx); };
  return entry;
}

}  // namespace qm::cli
