// `new piraten PLAYER... [--target 5000|6000|8000] [--promo] [--no-pirate-magic] [--option K=V...]`
// (CLI.md, Table commands; RULINGS.md, Piraten Kapern): starts a game of Piraten Kapern at the
// table. Names in seat order; the first player plays first.
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/piraten/commands.hpp"
#include "cli/piraten/table.hpp"
#include "cli/table_commands.hpp"
#include "rules/game_options.hpp"

namespace qm::cli::piraten_cli {
namespace {

namespace pk = qm::piraten;

struct NewOptions {
  std::vector<std::string> players;
  std::string target;
  bool promo = false;
  bool pirate_magic = true;
  std::vector<std::string> options;  // K=V, as in `simulate --option`
};

void run_new(const NewOptions& options, const CLI::App& command, Context& ctx) {
  check_player_names(options.players, pk::kMinPlayers, pk::kMaxPlayers);
  rules::GameOptions game_options = rules::GameOptions::parse(options.options);
  if (!options.target.empty()) game_options.set("target", options.target);
  if (command.count("--promo") > 0) game_options.set("promo", options.promo ? "on" : "off");
  if (command.count("--pirate-magic") + command.count("--no-pirate-magic") > 0)
    game_options.set("pirate_magic", options.pirate_magic ? "on" : "off");
  const pk::Options read = pk::Options::read(game_options, static_cast<int>(options.players.size()));
  game_options.reject_unknown("piraten");

  auto table = std::make_unique<PiratenTable>(options.players, read);
  const PiratenTable& started = *table;
  if (ctx.json && !ctx.replaying) {
    // begin_game greets people; a script gets one JSON document instead.
    std::ostringstream greeting;
    std::ostream* out = ctx.out;
    ctx.out = &greeting;
    begin_game(ctx, std::move(table));
    ctx.out = out;
    ctx.print() << nlohmann::json{{"new", "piraten"}, {"players", started.players()}, {"options", started.options()},
                                  {"to_play", started.whose_turn()}}
                       .dump(2)
                << "\n";
    return;
  }
  begin_game(ctx, std::move(table));
  if (ctx.replaying) return;
  ctx.print() << fmt::format(
      "Target {}{}{}. Each turn: 'card CARD', then 'roll DICE', 'reroll DICE -> FACES', 'chest put|take DICE', "
      "'stop'; or all at once: 'tally CARD DICE'.\n",
      read.target, read.promo ? ", with the promo cards storm and truce" : "",
      read.pirate_magic ? "" : ", no pirate magic");
}

}  // namespace

void setup_new_piraten(CLI::App& new_command, Context& ctx) {
  auto options = std::make_shared<NewOptions>();
  CLI::App* sub = new_command.add_subcommand("piraten", "Piraten Kapern: 2-5 players, in seat order");
  sub->add_option("players", options->players, "The players in seat order; the first plays first")
      ->required()
      ->type_name("PLAYER");
  sub->add_option("--target", options->target, "Points that end the game: 5000, 6000 (default) or 8000")
      ->type_name("POINTS");
  sub->add_flag("--promo", options->promo, "Add the promo cards storm and truce to the fortune deck (37 cards)");
  sub->add_flag("--pirate-magic,!--no-pirate-magic", options->pirate_magic,
                "Nine of a kind wins at once (default on; --no-pirate-magic plays without it)");
  sub->add_option("--option", options->options, "A game option as in RULINGS.md: target, promo, pirate_magic")
      ->type_name("K=V");
  sub->footer(
      "Table commands: card CARD; roll DICE; reroll DICE -> FACES; sorceress DICE -> FACES; chest put|take DICE;\n"
      "stop; tally CARD DICE [--chest DICE] [--skull-island]; show; turns; standings; undo.\n"
      "Example: new piraten Ann Bob Cy --target 8000 --promo");
  sub->callback([options, sub, &ctx] { run_new(*options, *sub, ctx); });
}

}  // namespace qm::cli::piraten_cli
