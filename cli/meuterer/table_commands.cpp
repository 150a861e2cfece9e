// Meuterer's table commands in the REPL (issue 6, item 5), added while a game of Meuterer is the
// current one, one function each. The moves, in the order a round asks for them:
//   draw [PLAYER] GOODS...        card [PLAYER] N               display [PLAYER] GOOD
//   pass [PLAYER]                 reveal [PLAYER] ROLE          combat [PLAYER] N
//   sell [PLAYER] SALES...|nothing                              return [PLAYER] GOODS...
// and the views: sales (the sales helper), show [--hands], rounds [N].
// Each move: played on the rules' table (rules/meuterer/table.hpp), which validates it fully,
// then ctx.record_event(), then announced (nothing on replay).
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "cli/meuterer/format.hpp"
#include "cli/meuterer/table.hpp"
#include "cli/table_commands.hpp"
#include "rules/meuterer/round_json.hpp"
#include "rules/seats.hpp"
#include "scoring/input_error.hpp"

namespace qm::cli::meuterer_cli {
namespace {

using seats::at;

struct Move {
  const char* verb;
  const char* description;
  const char* footer;
};

constexpr const char* kPlayerFooter = "PLAYER may be left out: it is then the player whose turn it is.";

constexpr Move kMoves[] = {
    {"draw", "Meuterer: the cards a player draws, at the deal and the refill (draw [PLAYER] GOODS...)",
     "Goods: ruby salt wine cloth grain combat pirate, with counts (3grain). Each player reads out its own\n"
     "cards; the table shows only how many were drawn. The loader draws its three extra cards too."},
    {"card", "Meuterer: the captain lays a captain card, the side showing N up: the offer to the mate (card [PLAYER] N)",
     "The default captain cards are 0/1 and 2/3: 'card 2' lays the 2/3 card with 2 showing."},
    {"display", "Meuterer: the player to act displays one good from its hand (display [PLAYER] GOOD)",
     "Combat cards and the pirate card may be displayed too; they are never sold."},
    {"pass", "Meuterer: the player to act passes; a non-captain takes an action card face down (pass [PLAYER])",
     "The card is named only in phase 3, with 'reveal', so the shared screen never shows it early.\n"
     "'pass ROLE' (older sessions, scripts) is still read, and kept as quiet, but the words are on the screen.\n"
     "The captain takes no card: its destination lies as many islands clockwise as the cards it lays face down."},
    {"reveal", "Meuterer: phase 3, a player who passed shows the action card it took (reveal [PLAYER] ROLE)",
     "Once everybody has passed, clockwise from the captain. Roles: mate, mutineer, ships-boy, merchant, loader.\n"
     "With a mutineer, its destination and the mutiny follow."},
    {"combat", "Meuterer: in a mutiny, a member turns up N of its face-down combat cards (combat [PLAYER] N)",
     "Captain first, then clockwise; 'combat 0' adds none. Members with no face-down combat card are skipped."},
    {"sell", "Meuterer: where the player sells its displayed goods (sell [PLAYER] COUNTGOOD@ISLAND... | sell nothing)",
     "One kind of good per island; a good may be split over both active islands: sell 2grain@karge 1grain@affen.\n"
     "Islands: case-insensitive, umlauts typed plain, a unique prefix is enough. 'sales' lists the options."},
    {"return", "Meuterer: the loader puts cards back under the deck (return [PLAYER] GOODS...)",
     "The loader puts back three cards; the first one named is the first drawn later."},
};

// One move: its words played on the table, journaled, then announced.
void add_move(CLI::App& app, Context& ctx, MeutererTable& table, const Move& move) {
  const std::string verb = move.verb;
  CLI::App* sub = add_words_command(app, verb, move.description, [&table, &ctx, verb](const std::vector<std::string>& words) {
    const game::MoveOutcome outcome = table.table().play(verb, words);
    ctx.record_event();
    if (ctx.replaying) return;
    announce(ctx, table, outcome);
  });
  sub->footer(std::string(move.footer) + "\n" + kPlayerFooter);
}

// sales [PLAYER]: the sales helper (changes nothing).
void add_sales(CLI::App& app, Context& ctx, const MeutererTable& table) {
  auto sales_player = std::make_shared<std::string>();
  CLI::App* sales = app.add_subcommand(
      "sales", "Meuterer: the sales helper: every legal allocation for the player selling now, and its VP");
  sales->add_option("player", *sales_player, "The player selling now (checked)");
  sales->footer(
      "The VP run from the worst to the best over what the players after this one may still sell;\n"
      "the most VP at worst (then at best) is marked best, every option that ties too.");
  sales->callback([&table, sales_player, &ctx] {
    const int seat = table.table().seller(*sales_player);
    const game::RoundTable round = table.table().current_round_table();
    if (ctx.json) {
      ctx.print() << game::sale_options_json(round, seat, table.table().sale_options()).dump(2) << "\n";
      return;
    }
    print_sale_options(ctx, round, seat, table.table().sale_options(), true);
  });
}

// show [--hands]: the table as it stands.
void add_show(CLI::App& app, Context& ctx, const MeutererTable& table) {
  auto show_hands = std::make_shared<bool>(false);
  CLI::App* show = app.add_subcommand("show", "Meuterer: the table: round, ship, islands, roles, displays, VP, next step");
  show->add_flag("--hands", *show_hands, "Show the cards in each hand too (they were typed with 'draw')");
  show->callback([&table, show_hands, &ctx] {
    if (ctx.json) {
      ctx.print() << state_json(table, *show_hands).dump(2) << "\n";
      return;
    }
    print_state(ctx, table, *show_hands);
  });
}

// rounds [N]: every round's VP, or round N's points with their reasons.
void add_rounds(CLI::App& app, Context& ctx, const MeutererTable& table) {
  auto round_number = std::make_shared<int>(0);
  CLI::App* rounds = app.add_subcommand("rounds", "Meuterer: the VP of every round played, or round N's in detail");
  rounds->add_option("round", *round_number, "A round's number: its points with their reasons")->check(CLI::PositiveNumber);
  rounds->callback([&table, round_number, &ctx] {
    const game::State& state = table.state();
    const auto played = state.rounds_played().size();
    if (*round_number > 0 && static_cast<std::size_t>(*round_number) > played)
      throw InputError(fmt::format("round {} has not been played ({} so far)", *round_number, played));
    if (ctx.json) {
      if (*round_number > 0) {
        ctx.print() << round_json(table, at(*round_number - 1)).dump(2) << "\n";
        return;
      }
      nlohmann::json list = nlohmann::json::array();
      for (std::size_t i = 0; i < played; ++i) list.push_back(round_json(table, i));
      ctx.print() << nlohmann::json{{"rounds", list}, {"standings", standings_json(table)}}.dump(2) << "\n";
      return;
    }
    if (*round_number > 0) {
      const game::RoundTable round = table.table().round_table(at(*round_number - 1));
      ctx.print() << bold(ctx, fmt::format("Round {} of {}", *round_number, state.rounds())) << "\n";
      if (state.rounds_played()[at(*round_number - 1)].pirate_raid)
        ctx.print() << "The pirates caught the ship: every displayed good was discarded.\n";
      print_round_score(ctx, round, game::score_round(round));
      return;
    }
    print_rounds(ctx, table);
  });
}

}  // namespace

void MeutererTable::add_commands(CLI::App& app, Context& ctx) {
  for (const Move& move : kMoves) add_move(app, ctx, *this, move);
  add_sales(app, ctx, *this);
  add_show(app, ctx, *this);
  add_rounds(app, ctx, *this);
}

}  // namespace qm::cli::meuterer_cli
