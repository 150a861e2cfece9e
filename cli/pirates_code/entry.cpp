// Pirate's Code in the catalogue: each piece of the entry lives in its own command file.
#include "cli/pirates_code/entry.hpp"

#include "cli/pirates_code/commands.hpp"
#include "rules/pirates_code/simulation.hpp"

namespace qm::cli {

GameEntry pirates_code_entry() {
  GameEntry entry;
  entry.name = "pirates-code";
  entry.title = "Pirate's Code";
  entry.simulate = [](const rules::SimulationRequest& request) { return qm::pirates_code::simulate(request); };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) {
    pirates_code_cli::setup_new_pirates_code(new_command, ctx);
  };
  return entry;
}

}  // namespace qm::cli
