// The Loot table's own commands (issue 5, item 4), added to the tree while a game of Loot is
// the current one, one function per command. Moves as they are played:
//   draw [PLAYER]                    float [PLAYER] m2..m8
//   attack [PLAYER] PIRATE #N        reinforce [PLAYER] PIRATE #N
//   captain [PLAYER] COLOUR #N       admiral [PLAYER] #N
//   discard [PLAYER] CARD            (the deck empty: a card that is not a merchant)
// and the views and the end:
//   battles                          the battle view of every merchant at sea
//   end NAME=CARDS...                the game has ended: the merchants left in the hands
//   hand NAME CARDS                  one player's hand at the end, noted for `end` (or scanned:
//                                    `scan PHOTO NAME`); captured NAME CARDS likewise for `final`
//   final --captured NAME=CARDS... --hand NAME=CARDS...   the result only, without tracking
// Each move: validate fully, apply, ctx.record_event(), then announce (nothing on replay).
#include <memory>

#include "cli/loot/battle_report.hpp"
#include "cli/loot/format.hpp"
#include "cli/loot/hauls.hpp"
#include "cli/loot/table.hpp"
#include "cli/table_commands.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::loot_cli {
namespace {

// A move and its help line.
struct Move {
  const char* verb;
  const char* description;
};

constexpr Move kMoves[] = {
    {"draw", "Loot: draw the top card of the deck (draw [PLAYER])"},
    {"float", "Loot: put a merchant ship out to sea; it becomes #1, #2, ... (float [PLAYER] m2..m8)"},
    {"attack", "Loot: attack merchant #N, or add to one's fleet on it (attack [PLAYER] PIRATE #N, e.g. attack Bob blue3 #2)"},
    {"reinforce", "Loot: add a pirate ship to one's fleet on #N, the same as attack (reinforce [PLAYER] PIRATE #N)"},
    {"captain", "Loot: a captain joins its owner's fleet of its colour on #N (captain [PLAYER] COLOUR #N)"},
    {"admiral", "Loot: the admiral defends one's own merchant, or a partner's (admiral [PLAYER] #N)"},
    {"discard", "Loot: with the deck empty, discard a card that is not a merchant (discard [PLAYER] CARD)"},
};

constexpr const char* kMoveFooter =
    "PLAYER may be left out: it is then the player whose turn it is. #N is the merchant's number, "
    "given when it was floated (N alone works too: a shell reads # as a comment).";

// draw, float, attack, reinforce, captain, admiral, discard: [PLAYER] and the move's words.
void add_move_command(CLI::App& app, Context& ctx, LootTable& table, const Move& move) {
  const std::string verb = move.verb;
  CLI::App* sub = add_words_command(app, verb, move.description, [&table, &ctx, verb](const std::vector<std::string>& words) {
    std::vector<std::string> line = {verb};
    line.insert(line.end(), words.begin(), words.end());
    const qm::loot::MoveOutcome outcome = table.play(line);
    ctx.record_event();
    if (ctx.replaying) return;
    announce_move(ctx, table, outcome);
  });
  sub->footer(kMoveFooter);
}

// battles
void add_battles_command(CLI::App& app, Context& ctx, const LootTable& table) {
  app.add_subcommand("battles", "Loot: every merchant at sea: fleets, who is winning and why, when it is taken")
      ->callback([&table, &ctx] {
        if (ctx.json) {
          ctx.print() << nlohmann::json{{"battles", battles_json(table.board())},
                                        {"deck", table.board().deck_size()},
                                        {"hands", hands_json(table.board())},
                                        {"to_play", table.whose_turn()}}
                             .dump(2)
                      << "\n";
          return;
        }
        print_battles(ctx, table.board());
        print_status(ctx, table);
      });
}

// end NAME=CARDS...
void add_end_command(CLI::App& app, Context& ctx, LootTable& table) {
  CLI::App* sub = add_words_command(
      app, "end", "Loot: the game has ended; the merchants left in each hand give the final totals (end NAME=CARDS...)",
      [&table, &ctx](const std::vector<std::string>& words) {
        table.end(parse_named_cards(words, "end"));
        ctx.record_event();
        if (ctx.replaying) return;
        announce_result(ctx, table, true);
      });
  sub->footer("Example: end Ann=m2,m3 Bob= Cy=m4 (a player not named shows no merchants; all the cards may be shown)");
}

// hand NAME CARDS / captured NAME CARDS: one player's pile, noted for `end` or `final`.
void add_pile_command(CLI::App& app, Context& ctx, LootTable& table, LootTable::Pile pile) {
  const bool hand = pile == LootTable::Pile::hand;
  const std::string verb = hand ? "hand" : "captured";
  CLI::App* sub = add_words_command(
      app, verb,
      hand ? "Loot: note the cards left in one player's hand at the end, for 'end' (hand NAME CARDS, or 'hand NAME none')"
           : "Loot, not tracking the moves: note the merchants one player captured, for 'final' (captured NAME CARDS)",
      [&table, &ctx, pile, verb](const std::vector<std::string>& words) {
        if (words.empty()) throw InputError(verb + " NAME CARDS: name the player and the cards");
        NamedCards cards{words.front(), {}};
        std::vector<std::string> tokens(words.begin() + 1, words.end());
        if (!(tokens.size() == 1 && same_name(tokens.front(), "none"))) cards.cards = notation::parse_loot_cards(tokens);
        table.note(pile, cards);
        ctx.record_event();
        if (ctx.replaying) return;
        announce_noted(ctx, table, pile);
      });
  sub->footer(hand ? "Example: hand Ann m2 m5 blue1 (non-merchants may be shown: they count nothing). 'scan PHOTO Ann' reads them."
                   : "Example: captured Ann m5 m3 m8. 'scan PHOTO Ann captured' reads them from a photo.");
}

// final --captured NAME=CARDS... --hand NAME=CARDS...
void add_final_command(CLI::App& app, Context& ctx, LootTable& table) {
  struct FinalOptions {
    std::vector<std::string> captured;
    std::vector<std::string> hands;
  };
  auto options = std::make_shared<FinalOptions>();
  CLI::App* sub = app.add_subcommand(
      "final", "Loot without tracking the moves: the merchants each player captured and those left in hand");
  sub->add_option("--captured", options->captured, "A player's captured merchants, e.g. Ann=m5,m3")->type_name("NAME=CARDS");
  sub->add_option("--hand", options->hands, "The merchants left in a player's hand, e.g. Ann=m2")->type_name("NAME=CARDS");
  sub->footer("Example: final --captured Ann=m5,m3 Bob=m8 --hand Ann=m2 (a player not named has none)");
  sub->callback([&table, &ctx, options] {
    table.settle(parse_named_cards(options->captured, "--captured"), parse_named_cards(options->hands, "--hand"));
    ctx.record_event();
    if (ctx.replaying) return;
    announce_result(ctx, table, false);
  });
}

}  // namespace

void LootTable::add_commands(CLI::App& app, Context& ctx) {
  for (const Move& move : kMoves) add_move_command(app, ctx, *this, move);
  add_battles_command(app, ctx, *this);
  add_end_command(app, ctx, *this);
  add_pile_command(app, ctx, *this, Pile::hand);
  add_pile_command(app, ctx, *this, Pile::captured);
  add_final_command(app, ctx, *this);
}

}  // namespace qm::cli::loot_cli
