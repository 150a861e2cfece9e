// Corsari's table commands in the REPL (issue 4, item 5), one function per command: sail, hand,
// add, confirm, void, cancel, show, deals. Each command that changes the table takes its step
// (which checks everything first), calls ctx.record_event(), then announces it (nothing while the
// journal is replayed).
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "cli/corsari/format.hpp"
#include "cli/corsari/table.hpp"
#include "cli/table_commands.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {
namespace {

// sail NAME --tavern COLOUR
void add_sail_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  struct SailOptions {
    std::string player, tavern;
  };
  auto options = std::make_shared<SailOptions>();
  CLI::App* sub = app.add_subcommand("sail", "Corsari: a player sails (opens the sailing): sail NAME --tavern COLOUR");
  sub->add_option("player", options->player, "The player who sailed")->required();
  sub->add_option("--tavern,-t", options->tavern, "The tavern colour (its top card) when it sailed")
      ->required()
      ->type_name("COLOUR");
  sub->footer("Then type each player's hand with 'hand NAME CARDS', and 'confirm'.");
  sub->callback([&table, options, &ctx] {
    const int seat = table.sail(options->player, options->tavern);
    ctx.record_event();
    if (ctx.replaying) return;
    const game::Table& tracked = table.tracked();
    if (ctx.json) {
      ctx.print() << sailing_json(tracked).dump(2) << "\n";
      return;
    }
    ctx.print() << fmt::format("Deal {}: {} sails, tavern {}. Type each hand: 'hand NAME CARDS' ({}: the 12 cards after the face-down discard).\n",
                               tracked.deal_number(), tracked.name(seat), notation::to_string(tracked.open_sailing()->tavern),
                               tracked.name(seat));
    ctx.print() << "waiting for: " << names_of(tracked, tracked.waiting_for()) << "\n";
  });
}

// hand NAME CARDS...
void add_hand_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  CLI::App* sub = add_words_command(
      app, "hand", "Corsari: a player's 12 cards in the open sailing: hand NAME CARDS (typing it again replaces it)",
      [&table, &ctx](const std::vector<std::string>& words) {
        const HandEntered entered = table.hand(words);
        ctx.record_event();
        if (ctx.replaying) return;
        const game::Table& tracked = table.tracked();
        if (ctx.json) {
          ctx.print() << sailing_json(tracked).dump(2) << "\n";
          return;
        }
        const game::SeatView view = tracked.seat_view(entered.seat);
        const std::string& name = tracked.name(entered.seat);
        if (view.additions_known) {
          print_additions(ctx, name, view);
        } else {
          ctx.print() << fmt::format("{}: {}{}.\n", name, counted(view.grouping->stowaway_total, "stowaway point"),
                                     view.sailor ? "" : " before any additions");
        }
        if (entered.dropped) ctx.print() << "(additions stated earlier no longer apply: the proposal is back)\n";
        print_sailing(ctx, tracked);
      });
  sub->footer(
      "Cards are colour+number, separated by spaces or commas: hand Bob red1,red2 blue7 ...\n"
      "The sailor's hand is its 12 cards after the face-down discard.");
}

// add NAME CARDS... | none | best
void add_add_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  CLI::App* sub = add_words_command(
      app, "add",
      "Corsari: the cards an opponent adds to the sailor's crew: add NAME CARDS, 'add NAME none', or 'add NAME best'",
      [&table, &ctx](const std::vector<std::string>& words) {
        const int seat = table.add(words);
        ctx.record_event();
        if (ctx.replaying) return;
        const game::Table& tracked = table.tracked();
        if (ctx.json) {
          ctx.print() << sailing_json(tracked).dump(2) << "\n";
          return;
        }
        print_additions(ctx, tracked.name(seat), tracked.seat_view(seat));
        print_sailing(ctx, tracked);
      });
  sub->footer(
      "Additions must be of the crew's colours, of numbers the crew does not hold, one card per number.\n"
      "'add NAME best' goes back to the proposed best additions.");
}

// confirm (settle)
void add_confirm_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  CLI::App* sub = app.add_subcommand("confirm", "Corsari: settle the open sailing as shown and record it on the score sheet");
  sub->alias("settle");
  sub->callback([&table, &ctx] {
    const game::DealEntry& deal = table.confirm();
    ctx.record_event();
    if (ctx.replaying) return;
    const game::Table& tracked = table.tracked();
    const int limit = tracked.match().limit();
    if (ctx.json) {
      nlohmann::json doc = settlement_json(*deal.settlement, deal.tavern, limit, deal.hand_entered);
      doc["deal"] = deal.number;
      doc["next"] = next_deal_json(tracked);
      ctx.print() << doc.dump(2) << "\n";
      return;
    }
    ctx.print() << bold(ctx, fmt::format("Deal {} settled", deal.number)) << ": ";
    print_settlement(ctx, *deal.settlement, deal.tavern, limit, deal.hand_entered);
    print_standings(ctx, table);
  });
}

// void
void add_void_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  app.add_subcommand("void", "Corsari: the deal was voided (the last tavern card was taken): nobody scores")
      ->callback([&table, &ctx] {
        const game::DealEntry& deal = table.void_deal();
        ctx.record_event();
        if (ctx.replaying) return;
        const game::Table& tracked = table.tracked();
        if (ctx.json) {
          nlohmann::json doc = {{"void", true}, {"deal", deal.number}, {"next", next_deal_json(tracked)}};
          ctx.print() << doc.dump(2) << "\n";
          return;
        }
        ctx.print() << fmt::format("Deal {} (dealt by {}) is void: nobody scores.\n", deal.number, tracked.name(deal.dealer));
        print_next_deal(ctx, tracked);
      });
}

// cancel
void add_cancel_command(CLI::App& app, Context& ctx, CorsariTable& table) {
  app.add_subcommand("cancel", "Corsari: drop the sailing being entered (the deal goes on)")->callback([&table, &ctx] {
    const game::OpenSailing dropped = table.cancel();
    ctx.record_event();
    if (ctx.replaying) return;
    const game::Table& tracked = table.tracked();
    if (ctx.json) {
      ctx.print() << sailing_json(tracked).dump(2) << "\n";
      return;
    }
    ctx.print() << tracked.name(dropped.sailor) << "'s sailing is cancelled.\n";
    print_next_deal(ctx, tracked);
  });
}

// show
void add_show_command(CLI::App& app, Context& ctx, const CorsariTable& table) {
  app.add_subcommand("show", "Corsari: where the deal stands (the sailing being entered and its proposal)")
      ->callback([&table, &ctx] {
        if (ctx.json) {
          ctx.print() << sailing_json(table.tracked()).dump(2) << "\n";
          return;
        }
        if (table.tracked().open_sailing()) {
          print_deal(ctx, table.tracked());
          return;
        }
        print_standings(ctx, table);
      });
}

// deals
void add_deals_command(CLI::App& app, Context& ctx, const CorsariTable& table) {
  app.add_subcommand("deals", "Corsari: the score sheet, deal by deal")->callback([&table, &ctx] {
    if (ctx.json) {
      ctx.print() << deals_json(table.tracked()).dump(2) << "\n";
      return;
    }
    print_deals(ctx, table.tracked());
  });
}

}  // namespace

void CorsariTable::add_commands(CLI::App& app, Context& ctx) {
  add_sail_command(app, ctx, *this);
  add_hand_command(app, ctx, *this);
  add_add_command(app, ctx, *this);
  add_confirm_command(app, ctx, *this);
  add_void_command(app, ctx, *this);
  add_cancel_command(app, ctx, *this);
  add_show_command(app, ctx, *this);
  add_deals_command(app, ctx, *this);
}

}  // namespace qm::cli::corsari_cli
