// `new corsari PLAYER... [--limit INT] [--dealer NAME]`: starts a Corsari match at the table.
#include <memory>
#include <ostream>
#include <sstream>

#include "cli/corsari/commands.hpp"
#include "cli/corsari/table.hpp"
#include "cli/table_commands.hpp"
#include "scoring/corsari/settlement.hpp"

namespace qm::cli::corsari_cli {
namespace {

struct NewOptions {
  std::vector<std::string> players;
  int limit = qm::corsari::kDefaultLimit;
  std::string dealer;
};

void run_new(const NewOptions& options, Context& ctx) {
  check_player_names(options.players, qm::corsari::kMinPlayers, qm::corsari::kMaxPlayers);
  int first_dealer = 0;
  if (!options.dealer.empty()) {
    // The table resolves names; a throwaway table answers before the real one is built.
    first_dealer = qm::corsari::Table(options.players, options.limit, 0).seat_of(options.dealer);
  }
  auto table = std::make_unique<CorsariTable>(options.players, options.limit, first_dealer);
  const nlohmann::json started = {{"game", "corsari"},
                                  {"players", options.players},
                                  {"options", table->options()},
                                  {"deal", 1},
                                  {"dealer", options.players[static_cast<std::size_t>(first_dealer)]}};
  if (ctx.json) {
    // begin_game greets people; with --json the one document below is all that is printed.
    std::ostringstream greeting;
    std::ostream* out = ctx.out;
    ctx.out = &greeting;
    try {
      begin_game(ctx, std::move(table));
    } catch (...) {
      ctx.out = out;
      throw;
    }
    ctx.out = out;
    if (!ctx.replaying) ctx.print() << started.dump(2) << "\n";
    return;
  }
  begin_game(ctx, std::move(table));  // its standings end with who deals first
}

}  // namespace

void setup_new_corsari(CLI::App& new_command, Context& ctx) {
  auto options = std::make_shared<NewOptions>();
  CLI::App* sub = new_command.add_subcommand("corsari", "Corsari: a match of 2-4 players; penalties up to the limit");
  sub->add_option("players", options->players, "The players in seat order, clockwise")->required();
  sub->add_option("--limit", options->limit, "The penalty limit: a player reaching it is out")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000))
      ->type_name("INT");
  sub->add_option("--dealer", options->dealer, "Who deals the first deal (default: the first player)")->type_name("NAME");
  sub->footer(
      "Table commands for each deal: sail NAME --tavern COLOUR; hand NAME CARDS (every player);\n"
      "add NAME CARDS|none|best (optional); confirm. Also: void, cancel, show, deals, standings, undo.");
  sub->callback([options, &ctx] { run_new(*options, ctx); });
}

}  // namespace qm::cli::corsari_cli
