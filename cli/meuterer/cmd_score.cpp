// `quartermaster score meuterer --state FILE [--data DIR] [--sales NAME] [--json]` (CLI.md, Scoring):
// one round's victory points from a JSON description of the table (schema:
// data/meuterer/STATE_SCHEMA.md, example: data/meuterer/examples/round.json). With --sales NAME,
// the sales helper instead: every legal allocation of NAME's displayed goods and the VP each would
// bring, from the worst to the best over what the players yet to declare may still sell.
#include <memory>
#include <ostream>

#include "cli/meuterer/commands.hpp"
#include "cli/meuterer/format.hpp"
#include "rules/meuterer/round_json.hpp"

namespace qm::cli::meuterer_cli {
namespace {

struct ScoreOptions {
  std::string state;
  std::string data;
  std::string sales_for;
};

void run_score(const ScoreOptions& options, Context& ctx) {
  const auto components = load_game_data(options.data);
  const game::RoundTable table = game::load_round_table(options.state, *components);

  if (!options.sales_for.empty()) {
    const int seat = seat_named(table, options.sales_for);
    const std::vector<game::SaleOption> sale_options = game::sale_options(table, seat);
    if (ctx.json) {
      ctx.print() << game::sale_options_json(table, seat, sale_options).dump(2) << "\n";
      return;
    }
    print_sale_options(ctx, table, seat, sale_options);
    return;
  }

  const game::RoundScore score = game::score_round(table);
  if (ctx.json) {
    ctx.print() << game::round_score_json(table, score).dump(2) << "\n";
    return;
  }
  print_round_score(ctx, table, score);
}

}  // namespace

void setup_score_meuterer(CLI::App& score, Context& ctx) {
  auto options = std::make_shared<ScoreOptions>();
  CLI::App* sub = score.add_subcommand("meuterer", "Meuterer: one round's victory points from a JSON table description");
  sub->add_option("--state", options->state, "The round's table as JSON (schema: see the man page)")
      ->required()
      ->type_name("FILE");
  sub->add_option("--data", options->data, "Use DIR/components.json (a table's corrected copy of the islands)")
      ->type_name("DIR");
  sub->add_option("--sales", options->sales_for,
                  "The sales helper: every legal allocation of this player's displayed goods and its VP "
                  "(a range over what players yet to declare may still sell)")
      ->type_name("NAME");
  sub->footer(
      "The file gives the ship, the active islands, the offer, the destinations and, per player in\n"
      "clockwise order, the role, displayed goods, combat cards added and sales.\n"
      "Example: score meuterer --state data/meuterer/examples/round.json");
  sub->callback([options, &ctx] { run_score(*options, ctx); });
}

}  // namespace qm::cli::meuterer_cli
