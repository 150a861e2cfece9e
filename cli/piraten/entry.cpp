// Piraten Kapern in the catalogue: `score piraten`, `simulate piraten` and `new piraten` with its
// table flow.
#include "cli/piraten/entry.hpp"

#include "cli/piraten/piraten_cli.hpp"
#include "rules/piraten/simulation.hpp"

namespace qm::cli {

GameEntry piraten_entry() {
  GameEntry entry;
  entry.name = "piraten";
  entry.title = "Piraten Kapern";
  entry.simulate = [](const rules::SimulationRequest& request) { return qm::piraten::simulate(request); };
  entry.add_commands = [](CLI::App& root, Context& ctx) {
    piraten_cli::setup_score_piraten(*root.get_subcommand("score"), ctx);
  };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) { piraten_cli::setup_new_piraten(new_command, ctx); };
  return entry;
}

}  // namespace qm::cli
