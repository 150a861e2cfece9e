// Corsari in the catalogue: `score corsari`, `score corsari-sailing`, `simulate corsari` and
// `new corsari` with its table flow.
#include "cli/corsari/entry.hpp"

#include "cli/corsari/commands.hpp"
#include "rules/corsari/simulation.hpp"

namespace qm::cli {

GameEntry corsari_entry() {
  GameEntry entry;
  entry.name = "corsari";
  entry.title = "Corsari";
  entry.simulate = [](const rules::SimulationRequest& request) { return qm::corsari::simulate(request); };
  entry.add_commands = [](CLI::App& root, Context& ctx) {
    CLI::App* score = root.get_subcommand("score");
    corsari_cli::setup_score_corsari(*score, ctx);
    corsari_cli::setup_score_corsari_sailing(*score, ctx);
  };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) { corsari_cli::setup_new_corsari(new_command, ctx); };
  return entry;
}

}  // namespace qm::cli
