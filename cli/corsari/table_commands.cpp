// Corsari's table commands in the REPL (issue 4, item 5): sail, hand, add, confirm, void,
// cancel, show, deals. Each command that changes the table checks everything, applies it, calls
// ctx.record_event(), then prints (nothing while the journal is replayed).
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "cli/corsari/table.hpp"
#include "cli/table_commands.hpp"
#include "cli/text_table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {
namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

std::string names_of(const CorsariTable& table, const std::vector<int>& seats) {
  std::string names;
  for (const int seat : seats) names += (names.empty() ? "" : ", ") + table.players()[at(seat)];
  return names;
}

nlohmann::json standings_json(const CorsariTable& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Standing& s : table.standings())
    rows.push_back({{"player", s.player}, {"penalty", static_cast<int>(s.total)}, {"out", s.out}});
  return rows;
}

// The next deal, for the JSON of every table command.
nlohmann::json next_json(const CorsariTable& table) {
  const game::Match& match = table.match();
  return {{"deal", table.deal_number()},
          {"dealer", match.is_over() ? nlohmann::json(nullptr) : nlohmann::json(table.players()[at(match.dealer())])},
          {"match_over", match.is_over()},
          {"winners", table.winners()},
          {"standings", standings_json(table)}};
}

nlohmann::json sailing_json(const CorsariTable& table) {
  nlohmann::json doc = next_json(table);
  const auto& open = table.open_sailing();
  doc["sailing_open"] = open.has_value();
  if (!open) return doc;
  doc["sailor"] = table.players()[at(open->sailor)];
  doc["tavern"] = notation::to_string(open->tavern);
  nlohmann::json players = nlohmann::json::array();
  for (const int seat : table.sailing_order()) {
    const SeatView view = table.seat_view(seat);
    nlohmann::json row = {{"name", table.players()[at(seat)]}, {"sailor", view.sailor}};
    row["hand"] = view.has_hand ? cards_json(*open->hands[at(seat)]) : nlohmann::json(nullptr);
    if (!view.sailor) {
      row["additions"] = view.additions_known ? cards_json(view.additions) : nlohmann::json(nullptr);
      row["additions_proposed"] = view.additions_proposed;
    }
    row["grouping"] = view.grouping ? grouping_json(*view.grouping) : nlohmann::json(nullptr);
    row["stowaway_total"] = view.grouping ? nlohmann::json(view.grouping->stowaway_total) : nlohmann::json(nullptr);
    players.push_back(std::move(row));
  }
  doc["players"] = players;
  nlohmann::json waiting = nlohmann::json::array();
  for (const int seat : table.waiting_for()) waiting.push_back(table.players()[at(seat)]);
  doc["waiting_for"] = waiting;
  doc["sweep"] = table.is_sweep();
  doc["ready"] = table.ready();
  if (table.ready()) {
    const game::Settlement preview = table.preview();
    doc["proposed_settlement"] = settlement_json(preview, open->tavern, table.match().limit(), table.hands_entered());
  }
  return doc;
}

// Where the sailing being entered stands, for people.
void print_sailing(Context& ctx, const CorsariTable& table) {
  const auto& open = table.open_sailing();
  if (!open) return;
  const std::string& sailor = table.players()[at(open->sailor)];
  if (table.ready()) {
    const game::Settlement preview = table.preview();
    if (table.is_sweep()) {
      ctx.print() << bold(ctx, sailor + " has no stowaways: a sweep, " + sailor + " wins the match.") << "\n"
                  << "Type 'confirm' to record it.\n";
      return;
    }
    ctx.print() << bold(ctx, "Proposed settlement") << " (additions marked (best) are the assistant's proposal):\n";
    print_settlement(ctx, preview, open->tavern, table.match().limit());
    ctx.print() << "Type 'confirm' to record it, or 'add NAME CARDS' (or 'add NAME none') to state other additions.\n";
    return;
  }
  TextTable out({"player", "hand", "added to the crew", "stowaways", "total"});
  for (const int seat : table.sailing_order()) {
    const SeatView view = table.seat_view(seat);
    const std::string name = table.players()[at(seat)] + (view.sailor ? " (sails)" : "");
    if (!view.has_hand) {
      out.add_row({name, dim(ctx, "waiting"), "", "", ""});
      continue;
    }
    std::string added;
    if (!view.sailor)
      added = view.additions_known ? cards_text(view.additions, "none") + (view.additions_proposed && !view.additions.empty() ? " (best)" : "")
                                   : "(after " + sailor + "'s hand)";
    out.add_row({name, "12 cards", added, cards_text(view.grouping->stowaways, "none"),
                 std::to_string(view.grouping->stowaway_total)});
  }
  out.print(ctx.print());
  ctx.print() << "waiting for: " << names_of(table, table.waiting_for()) << " ('hand NAME CARDS')\n";
}

void print_next_deal(Context& ctx, const CorsariTable& table) {
  if (table.is_over()) return;
  ctx.print() << fmt::format("Deal {}: {} deals. When someone sails: 'sail NAME --tavern COLOUR'; 'void' if the tavern runs out.\n",
                             table.deal_number(), table.players()[at(table.match().dealer())]);
}

// The words after the player's name: cards (spaces or commas), parsed by the notation.
std::vector<game::Card> cards_after_name(const std::vector<std::string>& words) {
  return notation::parse_corsari_cards(std::vector<std::string>(words.begin() + 1, words.end()));
}

// "Bob would best add red4: 12 stowaway points." (or "adds", once stated)
void print_additions(Context& ctx, const std::string& name, const SeatView& view) {
  ctx.print() << fmt::format("{} {} {}: {}.\n", name, view.additions_proposed ? "would best add" : "adds",
                             cards_text(view.additions, "nothing"), counted(view.grouping->stowaway_total, "stowaway point"));
}

}  // namespace

void CorsariTable::print_where_play_stands(Context& ctx) const {
  if (!sailing_) {
    print_next_deal(ctx, *this);
    return;
  }
  ctx.print() << fmt::format("Deal {}: {} sails, tavern {}.\n", deal_number(), players_[at(sailing_->sailor)],
                             notation::to_string(sailing_->tavern));
  print_sailing(ctx, *this);
}

void CorsariTable::add_commands(CLI::App& app, Context& ctx) {
  // sail NAME --tavern COLOUR
  struct SailOptions {
    std::string player, tavern;
  };
  auto sail_options = std::make_shared<SailOptions>();
  CLI::App* sail_command =
      app.add_subcommand("sail", "Corsari: a player sails (opens the sailing): sail NAME --tavern COLOUR");
  sail_command->add_option("player", sail_options->player, "The player who sailed")->required();
  sail_command->add_option("--tavern,-t", sail_options->tavern, "The tavern colour (its top card) when it sailed")
      ->required()
      ->type_name("COLOUR");
  sail_command->footer("Then type each player's hand with 'hand NAME CARDS', and 'confirm'.");
  sail_command->callback([this, sail_options, &ctx] {
    const int seat = seat_of(sail_options->player);
    const game::Colour tavern = notation::parse_corsari_colour(sail_options->tavern);
    sail(seat, tavern);
    ctx.record_event();
    if (ctx.replaying) return;
    if (ctx.json) {
      ctx.print() << sailing_json(*this).dump(2) << "\n";
      return;
    }
    ctx.print() << fmt::format("Deal {}: {} sails, tavern {}. Type each hand: 'hand NAME CARDS' ({}: the 12 cards after the face-down discard).\n",
                               deal_number(), players_[at(seat)], notation::to_string(tavern), players_[at(seat)]);
    ctx.print() << "waiting for: " << names_of(*this, waiting_for()) << "\n";
  });

  // hand NAME CARDS...
  CLI::App* hand_command = add_words_command(
      app, "hand", "Corsari: a player's 12 cards in the open sailing: hand NAME CARDS (typing it again replaces it)",
      [this, &ctx](const std::vector<std::string>& words) {
        if (words.empty()) throw InputError("hand NAME CARDS: give a player and 12 cards");
        const int seat = seat_of(words.front());
        const bool dropped = enter_hand(seat, cards_after_name(words));
        ctx.record_event();
        if (ctx.replaying) return;
        if (ctx.json) {
          ctx.print() << sailing_json(*this).dump(2) << "\n";
          return;
        }
        const SeatView view = seat_view(seat);
        const std::string& name = players_[at(seat)];
        if (view.additions_known) {
          print_additions(ctx, name, view);
        } else {
          ctx.print() << fmt::format("{}: {}{}.\n", name, counted(view.grouping->stowaway_total, "stowaway point"),
                                     view.sailor ? "" : " before any additions");
        }
        if (dropped) ctx.print() << "(additions stated earlier no longer apply: the proposal is back)\n";
        print_sailing(ctx, *this);
      });
  hand_command->footer(
      "Cards are colour+number, separated by spaces or commas: hand Bob red1,red2 blue7 ...\n"
      "The sailor's hand is its 12 cards after the face-down discard.");

  // add NAME CARDS... | none | best
  CLI::App* add_command = add_words_command(
      app, "add",
      "Corsari: the cards an opponent adds to the sailor's crew: add NAME CARDS, 'add NAME none', or 'add NAME best'",
      [this, &ctx](const std::vector<std::string>& words) {
        if (words.empty()) throw InputError("add NAME CARDS|none|best: give a player");
        const int seat = seat_of(words.front());
        std::optional<std::vector<game::Card>> additions;
        if (words.size() == 1) throw InputError("add " + words.front() + ": give the cards, 'none' or 'best'");
        const std::string keyword = words.size() == 2 ? notation::folded(words[1]) : "";
        if (keyword == "none") {
          additions = std::vector<game::Card>{};
        } else if (keyword != "best") {
          additions = cards_after_name(words);
        }
        state_additions(seat, additions);
        ctx.record_event();
        if (ctx.replaying) return;
        if (ctx.json) {
          ctx.print() << sailing_json(*this).dump(2) << "\n";
          return;
        }
        print_additions(ctx, players_[at(seat)], seat_view(seat));
        print_sailing(ctx, *this);
      });
  add_command->footer(
      "Additions must be of the crew's colours, of numbers the crew does not hold, one card per number.\n"
      "'add NAME best' goes back to the proposed best additions.");

  CLI::App* confirm_command =
      app.add_subcommand("confirm", "Corsari: settle the open sailing as shown and record it on the score sheet");
  confirm_command->alias("settle");
  confirm_command->callback([this, &ctx] {
    const game::Colour tavern = sailing_ ? sailing_->tavern : game::Colour::pink;
    const game::Settlement& settlement = confirm();
    const std::vector<bool>& entered = log_.back().hand_entered;
    ctx.record_event();
    if (ctx.replaying) return;
    if (ctx.json) {
      nlohmann::json doc = settlement_json(settlement, tavern, match_.limit(), entered);
      doc["deal"] = static_cast<int>(log_.size());
      doc["next"] = next_json(*this);
      ctx.print() << doc.dump(2) << "\n";
      return;
    }
    ctx.print() << bold(ctx, fmt::format("Deal {} settled", log_.size())) << ": ";
    print_settlement(ctx, settlement, tavern, match_.limit(), entered);
    print_standings(ctx, *this);
  });

  app.add_subcommand("void", "Corsari: the deal was voided (the last tavern card was taken): nobody scores")
      ->callback([this, &ctx] {
        const int dealer = match_.dealer();
        void_deal();
        ctx.record_event();
        if (ctx.replaying) return;
        if (ctx.json) {
          nlohmann::json doc = {{"void", true}, {"deal", static_cast<int>(log_.size())}, {"next", next_json(*this)}};
          ctx.print() << doc.dump(2) << "\n";
          return;
        }
        ctx.print() << fmt::format("Deal {} (dealt by {}) is void: nobody scores.\n", log_.size(), players_[at(dealer)]);
        print_next_deal(ctx, *this);
      });

  app.add_subcommand("cancel", "Corsari: drop the sailing being entered (the deal goes on)")->callback([this, &ctx] {
    const std::string sailor = sailing_ ? players_[at(sailing_->sailor)] : "";
    cancel();
    ctx.record_event();
    if (ctx.replaying) return;
    if (ctx.json) {
      ctx.print() << sailing_json(*this).dump(2) << "\n";
      return;
    }
    ctx.print() << sailor << "'s sailing is cancelled.\n";
    print_next_deal(ctx, *this);
  });

  app.add_subcommand("show", "Corsari: where the deal stands (the sailing being entered and its proposal)")
      ->callback([this, &ctx] {
        if (ctx.json) {
          ctx.print() << sailing_json(*this).dump(2) << "\n";
          return;
        }
        if (sailing_) {
          print_where_play_stands(ctx);
          return;
        }
        print_standings(ctx, *this);
      });

  app.add_subcommand("deals", "Corsari: the score sheet, deal by deal")->callback([this, &ctx] {
    if (ctx.json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const DealEntry& entry : log_) {
        nlohmann::json row = {{"deal", entry.number}, {"dealer", players_[at(entry.dealer)]}, {"void", !entry.settlement}};
        const game::DealRecord& record = match_.deals()[at(entry.number - 1)];
        row["delta"] = std::vector<int>(record.delta.begin(), record.delta.begin() + match_.players());
        if (entry.settlement)
          row["settlement"] = settlement_json(*entry.settlement, entry.tavern, match_.limit(), entry.hand_entered);
        rows.push_back(std::move(row));
      }
      ctx.print() << nlohmann::json{{"players", players_}, {"deals", rows}, {"next", next_json(*this)}}.dump(2) << "\n";
      return;
    }
    if (log_.empty()) {
      ctx.print() << "No deal finished yet.\n";
      return;
    }
    std::vector<std::string> header = {"deal", "dealer", "sailed"};
    for (const std::string& player : players_) header.push_back(player);
    TextTable out(header);
    std::vector<int> running(players_.size(), 0);
    for (const DealEntry& entry : log_) {
      const game::DealRecord& record = match_.deals()[at(entry.number - 1)];
      std::string sailed = "void";
      if (entry.settlement) {
        const game::Settlement& s = *entry.settlement;
        sailed = fmt::format("{} ({}, {})", s.players[s.sailor].name, notation::to_string(entry.tavern), s.sailor_total);
        if (s.sweep) sailed += " sweep";
      }
      std::vector<std::string> row = {std::to_string(entry.number), players_[at(entry.dealer)], sailed};
      for (std::size_t seat = 0; seat < players_.size(); ++seat) {
        running[seat] += record.delta[seat];
        row.push_back(entry.settlement ? fmt::format("{} = {}", signed_number(record.delta[seat]), running[seat]) : "");
      }
      out.add_row(row);
    }
    out.print(ctx.print());
  });
}

}  // namespace qm::cli::corsari_cli
