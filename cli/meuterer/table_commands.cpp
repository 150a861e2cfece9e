// Meuterer's table commands in the REPL (issue 6, item 5), added while a game of Meuterer is the
// current one. The moves, in the order a round asks for them:
//   draw [PLAYER] GOODS...        card [PLAYER] N               display [PLAYER] GOOD
//   pass [PLAYER] [ROLE]          combat [PLAYER] N             sell [PLAYER] SALES...|nothing
//   return [PLAYER] GOODS...
// and the views: sales (the sales helper), show [--hands], rounds [N].
// Each move: validate fully, apply, ctx.record_event(), then announce (nothing on replay).
#include <algorithm>
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "cli/meuterer/table.hpp"
#include "cli/table_commands.hpp"
#include "cli/text_table.hpp"
#include "rules/meuterer/round_json.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::meuterer_cli {
namespace {

using game::Phase;
using game::Role;

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

const std::string& island_name(const MeutererTable& table, int island) {
  return table.state().components().islands[at(island)].name;
}

nlohmann::json island_json(const MeutererTable& table, int island) {
  return island < 0 ? nlohmann::json(nullptr) : nlohmann::json(island_name(table, island));
}

std::string islands_text(const MeutererTable& table, const std::vector<int>& islands) {
  std::vector<std::string> names;
  for (const int island : islands) names.push_back(island_name(table, island));
  return and_list(names);
}

bool offer_laid(const game::State& state) {
  return state.phase() != Phase::captain_card && state.phase() != Phase::deal && state.phase() != Phase::refill &&
         state.phase() != Phase::loader_return;
}

// The destinations lie on the table from the offers to the sales (phases 2 to 5).
bool in_round(const game::State& state) {
  return state.phase() == Phase::offers || state.phase() == Phase::mutiny || state.phase() == Phase::sales;
}

// The mutiny as it stands: both sides' strength from the cards shown so far.
game::MutinyOutcome mutiny_now(const game::State& state) {
  int captain_side = 0;
  int mutineer_side = 0;
  bool mutineer = false;
  bool mate = false;
  for (int seat = 0; seat < state.players(); ++seat) {
    const Role role = state.role(seat);
    const int combat = state.displayed(seat)[game::Good::combat] + state.combat_added(seat);
    if (game::on_captains_side(role)) captain_side += combat;
    if (game::on_mutineers_side(role)) mutineer_side += combat;
    mutineer = mutineer || role == Role::mutineer;
    mate = mate || role == Role::mate;
  }
  return game::resolve_mutiny(mutineer, captain_side, mate, mutineer_side);
}

// ---- JSON -----------------------------------------------------------------------------------

nlohmann::json standings_json(const MeutererTable& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Standing& s : table.standings()) rows.push_back({{"player", s.player}, {"vp", static_cast<int>(s.total)}});
  return rows;
}

nlohmann::json state_json(const MeutererTable& table, bool hands) {
  const game::State& state = table.state();
  nlohmann::json players = nlohmann::json::array();
  for (int seat = 0; seat < state.players(); ++seat) {
    nlohmann::json row = {{"name", table.name(seat)},
                          {"role", std::string(game::role_name(state.role(seat)))},
                          {"vp", state.vp(seat)},
                          {"hand", state.hand(seat).total()},
                          {"displayed", game::format_goods(state.displayed(seat))},
                          {"face_down", state.face_down(seat).total()},
                          {"combat_added", state.combat_added(seat)},
                          {"passed", state.passed(seat)}};
    if (hands) row["hand_goods"] = game::format_goods(state.hand(seat));
    players.push_back(std::move(row));
  }
  const int acting = table.acting_seat();
  return {{"round", state.round()},
          {"rounds", state.rounds()},
          {"phase", std::string(game::phase_name(state.phase()))},
          {"to_play", acting < 0 ? nlohmann::json(nullptr) : nlohmann::json(table.name(acting))},
          {"next", table.next_step()},
          {"captain", table.name(state.captain())},
          {"offer", offer_laid(state) ? nlohmann::json(state.offer()) : nlohmann::json(nullptr)},
          {"ship", island_name(table, state.ship())},
          {"active", [&] {
             nlohmann::json active = nlohmann::json::array();
             for (const int island : state.active_islands()) active.push_back(island_name(table, island));
             return active;
           }()},
          {"pirate_ship", island_json(table, state.pirate_ship())},
          {"captain_destination", island_json(table, in_round(state) ? state.captain_destination() : -1)},
          {"mutineer_destination", island_json(table, in_round(state) ? state.mutineer_destination() : -1)},
          {"players", players},
          {"deck", state.deck().total() + static_cast<int>(state.deck_bottom().size())},
          {"discards", state.discards().total()},
          {"over", table.is_over()},
          {"winners", table.winners()},
          {"standings", standings_json(table)}};
}

nlohmann::json round_json(const MeutererTable& table, std::size_t index) {
  const game::RoundRecord& record = table.state().rounds_played().at(index);
  const game::RoundTable round = table.round_table(index);
  nlohmann::json doc = game::round_score_json(round, game::score_round(round));
  doc["round"] = record.round;
  doc["ship"] = island_name(table, record.ship);
  nlohmann::json active = nlohmann::json::array();
  for (int i = 0; i < record.active_count; ++i) active.push_back(island_name(table, record.active[at(i)]));
  doc["active"] = active;
  doc["offer"] = record.offer;
  doc["captain_destination"] = island_json(table, record.captain_destination);
  doc["mutineer_destination"] = island_json(table, record.mutineer_destination);
  doc["pirate_raid"] = record.pirate_raid;
  return doc;
}

// ---- People's output ------------------------------------------------------------------------

void print_next(Context& ctx, const MeutererTable& table) {
  const std::string next = table.next_step();
  if (!next.empty()) ctx.print() << "next: " << next << "\n";
}

void print_sales_helper(Context& ctx, const MeutererTable& table) {
  const game::RoundTable round = table.current_round_table();
  print_sale_options(ctx, round, table.state().current_player(), table.sale_options(), true);
}

void print_reveal(Context& ctx, const MeutererTable& table, const MoveOutcome& outcome) {
  const game::State& state = table.state();
  const bool ended = outcome.rounds_ended > 0;
  const game::RoundRecord* record = ended ? &state.rounds_played().at(at(outcome.first_new_round)) : nullptr;
  std::vector<std::string> cards;
  int mutineer = -1;
  for (int seat = 0; seat < state.players(); ++seat) {
    const Role role = ended ? record->roles[at(seat)] : state.role(seat);
    if (role == Role::mutineer) mutineer = seat;
    if (game::is_action_card(role)) cards.push_back(table.name(seat) + " " + std::string(game::role_name(role)));
  }
  ctx.print() << "Action cards: " << (cards.empty() ? std::string("none") : and_list(cards)) << ".\n";
  if (mutineer < 0) return;
  const int destination = ended ? record->mutineer_destination : state.mutineer_destination();
  ctx.print() << bold(ctx, "Mutiny!") << " " << table.name(mutineer) << "'s destination: " << island_name(table, destination)
              << ".\n";
  if (ended) return;  // the round's result follows
  const game::MutinyOutcome now = mutiny_now(state);
  if (state.phase() == Phase::mutiny)
    ctx.print() << fmt::format("So far: captain's side {}, mutineer's side {} (a tie goes to the mutineer).\n",
                               now.captain_strength, now.mutineer_strength);
}

void print_round_end(Context& ctx, const MeutererTable& table, std::size_t index) {
  const game::State& state = table.state();
  const game::RoundRecord& record = state.rounds_played().at(index);
  const game::RoundTable round = table.round_table(index);
  ctx.print() << bold(ctx, fmt::format("Round {} of {}", record.round, state.rounds())) << "\n";
  if (record.pirate_raid) ctx.print() << bad(ctx, "The pirates caught the ship: every displayed good was discarded.") << "\n";
  print_round_score(ctx, round, game::score_round(round));
  if (!state.is_terminal())
    ctx.print() << "Active islands: " << islands_text(table, state.active_islands()) << ".\n";
  print_standings(ctx, table);
}

void announce(Context& ctx, const MeutererTable& table, const MoveOutcome& outcome) {
  if (ctx.json) {
    nlohmann::json doc = {{"player", table.name(outcome.seat)}, {"verb", outcome.verb}};
    // Draws and returns are hidden cards: their count only.
    if (outcome.verb == "draw" || outcome.verb == "return") doc["cards"] = outcome.cards;
    else doc["moves"] = outcome.moves;
    if (outcome.pirate_moved) {
      doc["pirate_ship"] = island_json(table, table.state().pirate_ship());
      doc["pirate_raid"] = outcome.pirate_raid;
    }
    doc["round_result"] = outcome.rounds_ended > 0 ? round_json(table, at(outcome.first_new_round)) : nlohmann::json(nullptr);
    doc["state"] = state_json(table, false);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  const game::State& state = table.state();
  const std::string& who = table.name(outcome.seat);
  if (outcome.verb == "draw") {
    ctx.print() << fmt::format("{} draws {}.\n", who, counted(outcome.cards, "card"));
  } else if (outcome.verb == "return") {
    ctx.print() << fmt::format("{} puts {} back under the deck.\n", who, counted(outcome.cards, "card"));
  } else {
    for (const std::string& move : outcome.moves) ctx.print() << who << ": " << move << "\n";
  }
  if (outcome.pirate_moved) {
    ctx.print() << "The pirate ship sails to " << island_name(table, state.pirate_ship()) << ".\n";
    if (outcome.pirate_raid)
      ctx.print() << bad(ctx, "The pirates caught the ship: every displayed good is discarded.") << "\n";
  }
  if (outcome.revealed) print_reveal(ctx, table, outcome);
  if (outcome.rounds_ended > 0) print_round_end(ctx, table, at(outcome.first_new_round));
  if (state.is_terminal()) return;  // print_standings announced the winner
  if (outcome.round_started)
    ctx.print() << bold(ctx, fmt::format("Round {} of {}", state.round(), state.rounds())) << ": "
                << table.name(state.captain()) << " is captain; the ship lies at " << island_name(table, state.ship())
                << ".\n";
  if (state.phase() == Phase::sales) print_sales_helper(ctx, table);
  print_next(ctx, table);
}

void print_state(Context& ctx, const MeutererTable& table, bool hands) {
  const game::State& state = table.state();
  std::string line = fmt::format("Round {} of {} ({}) · captain {}", state.round(), state.rounds(),
                                 game::phase_name(state.phase()), table.name(state.captain()));
  if (offer_laid(state)) line += fmt::format(" · offer {}", state.offer());
  line += " · ship at " + island_name(table, state.ship()) + " · active: " + islands_text(table, state.active_islands());
  if (state.pirate_ship() >= 0) line += " · pirate ship at " + island_name(table, state.pirate_ship());
  ctx.print() << line << "\n";
  if (in_round(state) && (state.captain_destination() >= 0 || state.mutineer_destination() >= 0)) {
    std::string destinations = "destinations:";
    if (state.captain_destination() >= 0) destinations += " captain " + island_name(table, state.captain_destination());
    if (state.mutineer_destination() >= 0)
      destinations += std::string(state.captain_destination() >= 0 ? "," : "") + " mutineer " +
                      island_name(table, state.mutineer_destination());
    ctx.print() << destinations << "\n";
  }
  std::vector<std::string> header = {"player", "role", "hand", "displayed", "face down", "VP"};
  if (hands) header.insert(header.begin() + 3, "cards");
  TextTable out(header);
  for (int seat = 0; seat < state.players(); ++seat) {
    std::string displayed = game::format_goods(state.displayed(seat));
    if (state.combat_added(seat) > 0) displayed += fmt::format(" (+{} combat added)", state.combat_added(seat));
    std::vector<std::string> row = {table.name(seat),
                                    state.role(seat) == Role::none ? "-" : std::string(game::role_name(state.role(seat))),
                                    std::to_string(state.hand(seat).total()),
                                    displayed,
                                    state.passed(seat) ? std::to_string(state.face_down(seat).total()) : "-",
                                    std::to_string(state.vp(seat))};
    if (hands) row.insert(row.begin() + 3, game::format_goods(state.hand(seat)));
    out.add_row(std::move(row));
  }
  out.print(ctx.print());
  ctx.print() << fmt::format("deck {} · discards {}\n", state.deck().total() + static_cast<int>(state.deck_bottom().size()),
                             state.discards().total());
  if (state.phase() == Phase::mutiny) {
    const game::MutinyOutcome now = mutiny_now(state);
    ctx.print() << fmt::format("mutiny so far: captain's side {}, mutineer's side {}\n", now.captain_strength,
                               now.mutineer_strength);
  }
  if (table.is_over()) {
    print_standings(ctx, table);
    return;
  }
  print_next(ctx, table);
}

void print_rounds(Context& ctx, const MeutererTable& table) {
  const game::State& state = table.state();
  if (state.rounds_played().empty()) {
    ctx.print() << "No round has been played yet.\n";
    return;
  }
  std::vector<std::string> header = {"round", "captain", "ship", "mutiny", "sails to"};
  for (const std::string& player : table.players()) header.push_back(player);
  TextTable out(header);
  std::vector<int> totals(table.players().size(), 0);
  for (std::size_t i = 0; i < state.rounds_played().size(); ++i) {
    const game::RoundRecord& record = state.rounds_played()[i];
    const game::RoundTable round = table.round_table(i);
    const game::RoundScore score = game::score_round(round);
    int captain = 0;
    for (int seat = 0; seat < state.players(); ++seat)
      if (record.roles[at(seat)] == Role::captain) captain = seat;
    std::string mutiny = "none";
    if (score.mutiny.happened)
      mutiny = fmt::format("{} {}:{}", score.mutiny.succeeded ? "won" : "lost", score.mutiny.captain_strength,
                           score.mutiny.mutineer_strength);
    std::vector<std::string> row = {std::to_string(record.round), table.name(captain), island_name(table, record.ship),
                                    mutiny, island_name(table, score.ship_destination)};
    for (int seat = 0; seat < state.players(); ++seat) row.push_back(signed_vp(record.vp[at(seat)]));
    out.add_row(std::move(row));
  }
  std::vector<std::string> total_row = {"total", "", "", "", ""};
  for (int seat = 0; seat < state.players(); ++seat) total_row.push_back(std::to_string(state.vp(seat)));
  out.add_row(std::move(total_row));
  out.print(ctx.print());
  ctx.print() << "('rounds N' explains round N's points)\n";
}

struct Move {
  const char* verb;
  const char* description;
  const char* footer;
};

constexpr const char* kPlayerFooter = "PLAYER may be left out: it is then the player whose turn it is.";

}  // namespace

void MeutererTable::add_commands(CLI::App& app, Context& ctx) {
  static constexpr Move kMoves[] = {
      {"draw", "Meuterer: the cards a player draws, at the deal and the refill (draw [PLAYER] GOODS...)",
       "Goods: ruby salt wine cloth grain combat pirate, with counts (3grain). Each player reads out its own\n"
       "cards; the table shows only how many were drawn. The loader draws its three extra cards too."},
      {"card", "Meuterer: the captain lays a captain card, the side showing N up: the offer to the mate (card [PLAYER] N)",
       "The default captain cards are 0/1 and 2/3: 'card 2' lays the 2/3 card with 2 showing."},
      {"display", "Meuterer: the player to act displays one good from its hand (display [PLAYER] GOOD)",
       "Combat cards and the pirate card may be displayed too; they are never sold."},
      {"pass", "Meuterer: the player to act passes, taking an action card; the captain takes none (pass [PLAYER] [ROLE])",
       "Roles: mate, mutineer, ships-boy, merchant, loader. The captain's destination lies as many islands\n"
       "clockwise as the cards it lays face down."},
      {"combat", "Meuterer: in a mutiny, a member turns up N of its face-down combat cards (combat [PLAYER] N)",
       "Captain first, then clockwise; 'combat 0' adds none. Members with no face-down combat card are skipped."},
      {"sell", "Meuterer: where the player sells its displayed goods (sell [PLAYER] COUNTGOOD@ISLAND... | sell nothing)",
       "One kind of good per island; a good may be split over both active islands: sell 2grain@karge 1grain@affen.\n"
       "Islands: case-insensitive, umlauts typed plain, a unique prefix is enough. 'sales' lists the options."},
      {"return", "Meuterer: the loader puts cards back under the deck (return [PLAYER] GOODS...)",
       "The loader puts back three cards; the first one named is the first drawn later."},
  };
  for (const Move& move : kMoves) {
    const std::string verb = move.verb;
    CLI::App* sub = add_words_command(app, verb, move.description, [this, &ctx, verb](const std::vector<std::string>& words) {
      const MoveOutcome outcome = play(verb, words);
      ctx.record_event();
      if (ctx.replaying) return;
      announce(ctx, *this, outcome);
    });
    sub->footer(std::string(move.footer) + "\n" + kPlayerFooter);
  }

  // sales [PLAYER]: the sales helper (changes nothing).
  auto sales_player = std::make_shared<std::string>();
  CLI::App* sales = app.add_subcommand(
      "sales", "Meuterer: the sales helper: every legal allocation for the player selling now, and its VP");
  sales->add_option("player", *sales_player, "The player selling now (checked)");
  sales->footer("The VP count the sales declared so far; the first allocation with the most VP is marked best.");
  sales->callback([this, sales_player, &ctx] {
    if (state_.phase() != Phase::sales) throw RuleViolation("nobody is selling now: " + next_step());
    const int seat = state_.current_player();
    if (!sales_player->empty() && seat_of(*sales_player) != seat)
      throw RuleViolation(name(seat) + " is the one selling now, not " + name(seat_of(*sales_player)));
    const game::RoundTable round = current_round_table();
    if (ctx.json) {
      ctx.print() << game::sale_options_json(round, seat, sale_options()).dump(2) << "\n";
      return;
    }
    print_sale_options(ctx, round, seat, sale_options(), true);
  });

  // show [--hands]: the table as it stands.
  auto show_hands = std::make_shared<bool>(false);
  CLI::App* show = app.add_subcommand("show", "Meuterer: the table: round, ship, islands, roles, displays, VP, next step");
  show->add_flag("--hands", *show_hands, "Show the cards in each hand too (they were typed with 'draw')");
  show->callback([this, show_hands, &ctx] {
    if (ctx.json) {
      ctx.print() << state_json(*this, *show_hands).dump(2) << "\n";
      return;
    }
    print_state(ctx, *this, *show_hands);
  });

  // rounds [N]: every round's VP, or round N's points with their reasons.
  auto round_number = std::make_shared<int>(0);
  CLI::App* rounds = app.add_subcommand("rounds", "Meuterer: the VP of every round played, or round N's in detail");
  rounds->add_option("round", *round_number, "A round's number: its points with their reasons")->check(CLI::PositiveNumber);
  rounds->callback([this, round_number, &ctx] {
    const auto played = state_.rounds_played().size();
    if (*round_number > 0 && static_cast<std::size_t>(*round_number) > played)
      throw InputError(fmt::format("round {} has not been played ({} so far)", *round_number, played));
    if (ctx.json) {
      if (*round_number > 0) {
        ctx.print() << round_json(*this, at(*round_number - 1)).dump(2) << "\n";
        return;
      }
      nlohmann::json list = nlohmann::json::array();
      for (std::size_t i = 0; i < played; ++i) list.push_back(round_json(*this, i));
      ctx.print() << nlohmann::json{{"rounds", list}, {"standings", standings_json(*this)}}.dump(2) << "\n";
      return;
    }
    if (*round_number > 0) {
      const game::RoundTable round = round_table(at(*round_number - 1));
      ctx.print() << bold(ctx, fmt::format("Round {} of {}", *round_number, state_.rounds())) << "\n";
      if (state_.rounds_played()[at(*round_number - 1)].pirate_raid)
        ctx.print() << "The pirates caught the ship: every displayed good was discarded.\n";
      print_round_score(ctx, round, game::score_round(round));
      return;
    }
    print_rounds(ctx, *this);
  });
}

}  // namespace qm::cli::meuterer_cli
