// `new loot PLAYER... [--teams A+B,C+D]` (CLI.md, Table commands): starts a game of Loot at the
// table. Names in seat order, clockwise from the player left of the dealer, who plays first.
#include <memory>

#include "cli/loot/commands.hpp"
#include "cli/loot/hauls.hpp"
#include "cli/loot/table.hpp"
#include "cli/table_commands.hpp"
#include "rules/loot/setup.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {
namespace {

struct NewLootOptions {
  std::vector<std::string> players;
  std::vector<std::string> teams;
};

// --teams: partners by name (Ann+Bob,Cy+Dee), `on` for seats 1+2, 3+4, ..., or `off`.
std::vector<std::vector<std::string>> teams_of(const NewLootOptions& options) {
  const std::vector<std::string> words = notation::split_lists(options.teams);
  if (words.size() == 1 && (same_name(words[0], "off") || same_name(words[0], "no"))) return {};
  if (words.size() == 1 && (same_name(words[0], "on") || same_name(words[0], "yes"))) {
    std::vector<std::vector<std::string>> teams;
    for (std::size_t seat = 0; seat + 1 < options.players.size(); seat += 2)
      teams.push_back({options.players[seat], options.players[seat + 1]});
    if (options.players.size() % 2 != 0)
      throw InputError("--teams on: " + options.players.back() + " has no partner (teams need 4, 6 or 8 players)");
    return teams;
  }
  return parse_teams(options.teams);
}

void run_new_loot(const NewLootOptions& options, Context& ctx) {
  // RULINGS.md, Loot: 2-5 players alone, 4, 6 or 8 in teams; table_setup checks which applies.
  check_player_names(options.players, qm::loot::kMinSoloPlayers, qm::loot::kMaxPlayers);
  const qm::loot::Setup setup = qm::loot::table_setup(options.players, teams_of(options));
  auto table = std::make_unique<LootTable>(setup);
  const LootTable& started = *table;
  begin_game(ctx, std::move(table));
  if (ctx.replaying || ctx.json) return;
  if (started.board().team_play()) {
    std::vector<std::string> pairs;
    for (const auto& [a, b] : setup.teams) pairs.push_back(started.name(a) + "+" + started.name(b));
    ctx.print() << "teams: " << and_list(pairs) << "\n";
  }
  ctx.print() << "Six cards dealt to each; " << started.board().deck_size()
              << " left in the deck. Call the moves as they are played, e.g. 'float " << started.name(0)
              << " m5', 'attack " << started.name(1) << " blue3 #1', 'draw " << started.name(0)
              << "'; 'battles' shows who is winning what.\n";
}

}  // namespace

void setup_new_loot(CLI::App& new_command, Context& ctx) {
  auto options = std::make_shared<NewLootOptions>();
  CLI::App* sub = new_command.add_subcommand(
      "loot", "Loot: 2-5 players alone, or 4, 6 or 8 in teams of two; names in seat order from the first player");
  sub->add_option("players", options->players, "The players, clockwise from the one left of the dealer")
      ->required()
      ->type_name("PLAYER");
  sub->add_option("--teams", options->teams,
                  "Team play: partners side by side, e.g. Ann+Bob,Cy+Dee ('on': seats 1+2, 3+4, ...)")
      ->type_name("A+B,C+D");
  sub->footer("Example: new loot Ann Bob Cy Dee --teams Ann+Bob,Cy+Dee");
  sub->callback([options, &ctx] { run_new_loot(*options, ctx); });
}

}  // namespace qm::cli::loot_cli
