// `new meuterer PLAYER... [--pirate] [--rounds N] [--data DIR] [--option K=V...]` (CLI.md, Table
// commands): starts a game of Meuterer at the table. Players in seat order, clockwise; the first
// is the first captain.
#include <memory>
#include <ostream>

#include "cli/meuterer/commands.hpp"
#include "cli/meuterer/format.hpp"
#include "cli/meuterer/table.hpp"
#include "cli/table_commands.hpp"
#include "rules/game_options.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::meuterer_cli {
namespace {

struct NewOptions {
  std::vector<std::string> players;
  bool pirate = false;
  int rounds = 0;
  std::string data;
  std::vector<std::string> options;
};

void run_new(const NewOptions& options, Context& ctx) {
  check_player_names(options.players, game::kMinPlayers, game::kMaxPlayers);
  rules::GameOptions game_options = rules::GameOptions::parse(options.options);
  if (options.pirate) game_options.set("pirate", "on");
  if (options.rounds > 0) game_options.set("rounds", std::to_string(options.rounds));
  const game::Options rules = game::read_options(game_options, static_cast<int>(options.players.size()));
  game_options.reject_unknown("meuterer");
  auto table = std::make_unique<MeutererTable>(options.players, load_game_data(options.data), rules, options.data);
  const MeutererTable& started = *table;
  begin_game(ctx, std::move(table));
  if (ctx.replaying || ctx.json) return;
  const game::State& state = started.state();
  ctx.print() << counted(state.rounds(), "round") << (rules.pirate ? ", pirate variant" : "") << "; the ship lies at "
              << state.components().islands[static_cast<std::size_t>(state.ship())].name << "; "
              << started.name(state.captain()) << " is the first captain.\n"
              << "Each player draws five cards and reads them out ('draw NAME GOODS'); then the rounds.\n"
              << "next: " << started.table().next_step() << "\n";
}

}  // namespace

void setup_new_meuterer(CLI::App& new_command, Context& ctx) {
  auto options = std::make_shared<NewOptions>();
  CLI::App* sub = new_command.add_subcommand(
      "meuterer", "Meuterer: 3 or 4 players, 8 rounds (9 with 3); names clockwise, the first is captain");
  sub->add_option("players", options->players, "The players in seat order, clockwise from the first captain")
      ->required()
      ->type_name("PLAYER");
  sub->add_flag("--pirate", options->pirate, "The pirate variant: the pirate card and the pirate ship");
  sub->add_option("--rounds", options->rounds, "Number of rounds (default 8 with 4 players, 9 with 3)")
      ->check(CLI::Range(1, game::kMaxRounds))
      ->type_name("N");
  sub->add_option("--data", options->data,
                  "Use DIR/components.json, a table's corrected copy (give an absolute path: a reopened session reads it again)")
      ->type_name("DIR");
  sub->add_option("--option", options->options, "Game option: pirate=on, rounds=N, merchant_four_way=off")
      ->type_name("K=V");
  sub->footer(
      "A round: card N (captain); display GOOD or pass (clockwise; action cards are taken face down);\n"
      "reveal ROLE (phase 3, each who passed); combat N (mutiny); sell COUNTGOOD@ISLAND... or sell nothing;\n"
      "draw GOODS (refill); return GOODS (loader).\n"
      "Also: sales (the sales helper), show [--hands], rounds [N], standings, undo.\n"
      "Example: new meuterer Ann Bob Cy Dee --pirate");
  sub->callback([options, &ctx] { run_new(*options, ctx); });
}

}  // namespace qm::cli::meuterer_cli
