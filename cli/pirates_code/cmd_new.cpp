// `new pirates-code PLAYER... --me NAME --hand NUMBERS [--cards SET] [--option K=V...]`
// (CLI.md, Table commands): starts a game of Pirate's Code at the table in the memo variant, with
// the deduction notebook of one player, the one typing (--me), who knows its own hand (--hand).
// Names in seat order, clockwise from the start player.
#include <memory>

#include "cli/pirates_code/commands.hpp"
#include "cli/pirates_code/table.hpp"
#include "cli/pirates_code/table_words.hpp"
#include "cli/table_commands.hpp"
#include "rules/game_options.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

struct NewOptions {
  std::vector<std::string> players;
  std::string me;
  std::vector<std::string> hand;
  std::string cards;
  std::vector<std::string> options;
};

int seat_named(const std::vector<std::string>& players, const std::string& name) {
  for (std::size_t seat = 0; seat < players.size(); ++seat)
    if (notation::folded(players[seat]) == notation::folded(name)) return static_cast<int>(seat);
  throw InputError("--me " + quoted_token(name) + " is not one of the players");
}

// カードの配付: four number cards with three players; three and a skeleton with four (the
// skeleton may be named or left out).
pc::NumberSet hand_of(const std::vector<std::string>& texts, int players) {
  const int wanted = pc::dealt_numbers(players);
  pc::NumberSet hand;
  int skeletons = 0;
  for (const std::string& token : notation::split_lists(texts)) {
    const int card = parse_card(token);
    if (card == pc::kSkeleton) {
      if (players == pc::kMinPlayers)
        throw InputError("--hand " + quoted_token(token) + ": there are no skeletons with three players");
      if (++skeletons > 1) throw InputError("--hand " + quoted_token(token) + ": a hand is dealt one skeleton");
      continue;
    }
    if (hand.contains(card)) throw InputError("--hand: " + quoted_token(token) + " is named twice");
    hand.insert(card);
  }
  if (hand.size() != wanted)
    throw InputError("--hand '" + pc::to_string(hand) + "': with " + counted(players, "player") +
                     " a hand is dealt " + counted(wanted, "number card") +
                     (players == pc::kMinPlayers ? "" : " and a skeleton"));
  return hand;
}

void run_new(const NewOptions& options, Context& ctx) {
  check_player_names(options.players, pc::kMinPlayers, pc::kMaxPlayers);
  const int players = static_cast<int>(options.players.size());
  rules::GameOptions game_options = rules::GameOptions::parse(options.options);
  if (!options.cards.empty()) game_options.set("cards", options.cards);
  const int me = seat_named(options.players, options.me);
  const pc::NumberSet hand = hand_of(options.hand, players);
  pc::Game game = pc::make_game(players, game_options);
  game_options.reject_unknown("pirates-code");
  auto table = std::make_unique<PiratesCodeTable>(TableSetup{options.players, me, hand, std::move(game)});
  const PiratesCodeTable& started = *table;
  begin_game(ctx, std::move(table));  // with --json it prints nothing: the document below is all
  if (ctx.replaying) return;
  if (ctx.json) {
    ctx.print() << nlohmann::json{{"game", started.game()},
                                  {"players", started.players()},
                                  {"options", started.options()},
                                  {"to_play", started.whose_turn()},
                                  {"code_pairs", started.notebook().code_pair_count()}}
                       .dump(2)
                << "\n";
    return;
  }
  ctx.print() << started.name(started.me()) << " keeps the notebook, holding " << pc::to_string(started.my_hand())
              << (started.my_skeletons() > 0 ? " and a skeleton" : "") << " (" << started.notebook().code_pair_count()
              << " code pairs possible).\n"
              << "Record each move as it happens, e.g. 'guess Bob 5 11 -> Cy has', 'inquiry Ann->Bob has 6 no', "
                 "'scout Bob sees 4', 'plunder 9 from Bob'; 'notebook' shows what follows.\n";
}

}  // namespace

void setup_new_pirates_code(CLI::App& new_command, Context& ctx) {
  auto options = std::make_shared<NewOptions>();
  CLI::App* sub = new_command.add_subcommand(
      "pirates-code", "Pirate's Code (memo variant): 3-4 players; you keep a deduction notebook from your own seat");
  sub->alias("pirates_code");
  sub->add_option("players", options->players, "The players, clockwise from the start player")
      ->required()
      ->type_name("PLAYER");
  sub->add_option("--me", options->me, "Whose notebook this is: the player typing")->required()->type_name("NAME");
  sub->add_option("--hand", options->hand,
                  "Your number cards at the deal: four with 3 players, three (and a skeleton) with 4, e.g. 3,7,9,12")
      ->required()
      ->type_name("NUMBERS");
  sub->add_option("--cards", options->cards, "The card set: a name in data/pirates_code (default base) or a .json file")
      ->type_name("SET");
  sub->add_option("--option", options->options,
                  "plunder_with_last_card=true|false, failed_guess_ends_turn=true|false (RULINGS.md)")
      ->type_name("K=V");
  sub->footer(
      "Example: new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12\n"
      "Table commands: guess, inquiry, scout, clairvoyance, rapid-fire, plunder, faceup, turn, notebook "
      "(help COMMAND for each); standings, undo, redo.");
  sub->callback([options, &ctx] { run_new(*options, ctx); });
}

}  // namespace qm::cli::pirates_code_cli
