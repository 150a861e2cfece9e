// Piraten Kapern in the catalogue: `score piraten`, `simulate piraten` (with the advisor's
// `optimal` policy) and `new piraten` with its table flow.
#include "cli/piraten/entry.hpp"

#include "advice/solver.hpp"
#include "cli/advice/advise.hpp"
#include "cli/piraten/commands.hpp"
#include "rules/piraten/simulation.hpp"

namespace qm::cli {

GameEntry piraten_entry() {
  GameEntry entry;
  entry.name = "piraten";
  entry.title = "Piraten Kapern";
  // `optimal` plays every turn by the advisor's exact solver, for the player's own points (the
  // per-card table's objective), so its mean turn can be checked against that table.
  entry.simulate = [](const rules::SimulationRequest& request) {
    const qm::piraten::ExternalPolicies advisor = {
        {"optimal", [](const qm::piraten::State& state, rules::Rng&) { return advice::optimal_move(shared_solver(0), state); }}};
    return qm::piraten::simulate(request, advisor);
  };
  entry.add_commands = [](CLI::App& root, Context& ctx) {
    piraten_cli::setup_score_piraten(*root.get_subcommand("score"), ctx);
  };
  entry.add_new_command = [](CLI::App& new_command, Context& ctx) { piraten_cli::setup_new_piraten(new_command, ctx); };
  return entry;
}

}  // namespace qm::cli
