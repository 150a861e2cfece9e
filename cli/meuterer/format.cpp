// Meuterer's output, text and JSON (see format.hpp): a round's VP with their reasons and the
// sales helper, shared by `score meuterer` and the table, and the table's own views.
#include "cli/meuterer/format.hpp"

#include <cstddef>
#include <ostream>

#include <fmt/format.h>

#include "cli/meuterer/table.hpp"
#include "cli/table_commands.hpp"
#include "cli/text_table.hpp"
#include "rules/meuterer/round_json.hpp"
#include "rules/seats.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::meuterer_cli {
namespace {

int seat_with(const game::RoundTable& table, game::Role role) {
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat)
    if (table.seats[seat].role == role) return static_cast<int>(seat);
  return -1;
}

const std::string& island_name(const game::RoundTable& table, int island) {
  return table.islands[static_cast<std::size_t>(island)].name;
}

using game::Phase;
using game::Role;

using seats::at;

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

// The role column of `show`: an action card lying face down is shown as such, never by name.
std::string role_text(const MeutererTable& table, int seat) {
  if (table.table().action_card_face_down(seat)) return "(face down)";
  const Role role = table.state().role(seat);
  return role == Role::none ? "-" : std::string(game::role_name(role));
}

void print_next(Context& ctx, const MeutererTable& table) {
  const std::string next = table.table().next_step();
  if (!next.empty()) ctx.print() << "next: " << next << "\n";
}

void print_sales_helper(Context& ctx, const MeutererTable& table) {
  const game::RoundTable round = table.table().current_round_table();
  print_sale_options(ctx, round, table.state().current_player(), table.table().sale_options(), true);
}

void print_reveal(Context& ctx, const MeutererTable& table, const game::MoveOutcome& outcome) {
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
  const game::MutinyOutcome now = table.table().mutiny_so_far();
  if (state.phase() == Phase::mutiny)
    ctx.print() << fmt::format("So far: captain's side {}, mutineer's side {} (a tie goes to the mutineer).\n",
                               now.captain_strength, now.mutineer_strength);
}

void print_round_end(Context& ctx, const MeutererTable& table, std::size_t index) {
  const game::State& state = table.state();
  const game::RoundRecord& record = state.rounds_played().at(index);
  const game::RoundTable round = table.table().round_table(index);
  ctx.print() << bold(ctx, fmt::format("Round {} of {}", record.round, state.rounds())) << "\n";
  if (record.pirate_raid) ctx.print() << bad(ctx, "The pirates caught the ship: every displayed good was discarded.") << "\n";
  print_round_score(ctx, round, game::score_round(round));
  if (!state.is_terminal())
    ctx.print() << "Active islands: " << islands_text(table, state.active_islands()) << ".\n";
  print_standings(ctx, table);
}

}  // namespace

std::string signed_vp(int vp) { return vp > 0 ? "+" + std::to_string(vp) : std::to_string(vp); }

std::string mutiny_text(const game::RoundTable& table, const game::RoundScore& score) {
  if (!score.mutiny.happened) return "no mutiny";
  const int mutineer = seat_with(table, game::Role::mutineer);
  const std::string who = mutineer >= 0 ? table.seats[static_cast<std::size_t>(mutineer)].name : "the mutineer";
  return fmt::format("{}'s mutiny {} (captain's side {}, mutineer's side {}{})", who,
                     score.mutiny.succeeded ? "succeeds" : "fails", score.mutiny.captain_strength,
                     score.mutiny.mutineer_strength,
                     score.mutiny.succeeded && score.mutiny.captain_strength == score.mutiny.mutineer_strength
                         ? ": a tie goes to the mutineer"
                         : "");
}

void print_round_score(Context& ctx, const game::RoundTable& table, const game::RoundScore& score) {
  ctx.print() << "Mutiny: " << mutiny_text(table, score) << ".\n";
  TextTable out({"player", "role", "VP", "sold"});
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat)
    out.add_row({table.seats[seat].name, std::string(game::role_name(table.seats[seat].role)),
                 std::to_string(score.seats[seat].total), game::describe_sales(score.sales[seat], table.islands)});
  out.print(ctx.print());
  // The reason for every point, one line per player who scored or paid.
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    std::string reasons;
    for (const game::VpItem& item : score.seats[seat].items)
      reasons += (reasons.empty() ? "" : "; ") + item.reason + " " + signed_vp(item.vp);
    if (!reasons.empty()) ctx.print() << "  " << table.seats[seat].name << ": " << reasons << "\n";
  }
  ctx.print() << "The ship sails to " << island_name(table, score.ship_destination) << "; next captain: "
              << table.seats[static_cast<std::size_t>(score.next_captain)].name << ".\n";
}

void print_sale_options(Context& ctx, const game::RoundTable& table, int seat,
                        const std::vector<game::SaleOption>& options, bool with_words) {
  const game::SeatAtTable& at = table.seats[static_cast<std::size_t>(seat)];
  std::string active;
  for (int island : table.active) active += (active.empty() ? "" : ", ") + island_name(table, island);
  ctx.print() << fmt::format("Sales for {} ({} displayed; active: {}):\n", at.name, game::format_goods(at.displayed),
                             active);
  std::vector<std::string> header = {"", "sell", "VP"};
  if (with_words) header.push_back("type");
  TextTable out(header);
  for (const game::SaleOption& option : options) {
    // The VP as they may still turn out: "4", or "4-6" while later players' sales decide.
    const std::string vp = option.vp_min == option.vp_max ? std::to_string(option.vp_min)
                                                          : fmt::format("{}-{}", option.vp_min, option.vp_max);
    std::vector<std::string> row = {option.best ? "best" : "", game::describe_sales(option.sales, table.islands), vp};
    if (with_words) {
      std::string words = "sell";
      for (const game::Sale& sale : option.sales)
        words += fmt::format(" {}{}@{}", sale.count, notation::to_string(sale.good), game::island_key(island_name(table, sale.island)));
      row.push_back(option.sales.empty() ? "sell nothing" : words);
    }
    out.add_row(std::move(row));
  }
  out.print(ctx.print());
  std::vector<std::string> undeclared;
  for (const int other : game::undeclared_sellers(table, seat)) undeclared.push_back(table.seats[static_cast<std::size_t>(other)].name);
  if (!undeclared.empty())
    ctx.print() << "VP at worst and at best, over what " << and_list(undeclared) << " may still sell.\n";
}

std::shared_ptr<const game::Components> load_game_data(const std::string& dir) {
  return std::make_shared<const game::Components>(
      game::load_components(dir.empty() ? game::default_data_dir() : std::filesystem::path(dir)));
}

int seat_named(const game::RoundTable& table, const std::string& name) {
  std::string names;
  for (std::size_t seat = 0; seat < table.seats.size(); ++seat) {
    if (notation::folded(table.seats[seat].name) == notation::folded(name)) return static_cast<int>(seat);
    names += (names.empty() ? "" : ", ") + table.seats[seat].name;
  }
  throw InputError("no player " + quoted_token(name) + " at this table (" + names + ")");
}

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
                          {"role", table.table().action_card_face_down(seat) ? std::string("hidden")
                                                                              : std::string(game::role_name(state.role(seat)))},
                          {"vp", state.vp(seat)},
                          {"hand", state.hand(seat).total()},
                          {"displayed", game::format_goods(state.displayed(seat))},
                          {"face_down", state.face_down(seat).total()},
                          {"combat_added", state.combat_added(seat)},
                          {"passed", state.passed(seat)}};
    if (hands) row["hand_goods"] = game::format_goods(state.hand(seat));
    players.push_back(std::move(row));
  }
  const int acting = table.table().acting_seat();
  return {{"round", state.round()},
          {"rounds", state.rounds()},
          {"phase", std::string(game::phase_name(state.phase()))},
          {"to_play", acting < 0 ? nlohmann::json(nullptr) : nlohmann::json(table.name(acting))},
          {"next", table.table().next_step()},
          {"captain", table.name(state.captain())},
          {"offer", table.table().offer_laid() ? nlohmann::json(state.offer()) : nlohmann::json(nullptr)},
          {"ship", island_name(table, state.ship())},
          {"active", [&] {
             nlohmann::json active = nlohmann::json::array();
             for (const int island : state.active_islands()) active.push_back(island_name(table, island));
             return active;
           }()},
          {"pirate_ship", island_json(table, state.pirate_ship())},
          {"captain_destination", island_json(table, table.table().destinations_laid() ? state.captain_destination() : -1)},
          {"mutineer_destination", island_json(table, table.table().destinations_laid() ? state.mutineer_destination() : -1)},
          {"players", players},
          {"deck", state.deck().total() + static_cast<int>(state.deck_bottom().size())},
          {"discards", state.discards().total()},
          {"over", table.is_over()},
          {"winners", table.winners()},
          {"standings", standings_json(table)}};
}

nlohmann::json round_json(const MeutererTable& table, std::size_t index) {
  const game::RoundRecord& record = table.state().rounds_played().at(index);
  const game::RoundTable round = table.table().round_table(index);
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

void announce(Context& ctx, const MeutererTable& table, const game::MoveOutcome& outcome) {
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
  if (outcome.reveal_started)
    ctx.print() << "Everybody has passed: the action cards are shown (phase 3). Clockwise from the captain, each "
                   "player who took one face down names it.\n";
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
  if (table.table().offer_laid()) line += fmt::format(" · offer {}", state.offer());
  line += " · ship at " + island_name(table, state.ship()) + " · active: " + islands_text(table, state.active_islands());
  if (state.pirate_ship() >= 0) line += " · pirate ship at " + island_name(table, state.pirate_ship());
  ctx.print() << line << "\n";
  if (table.table().destinations_laid() && (state.captain_destination() >= 0 || state.mutineer_destination() >= 0)) {
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
                                    role_text(table, seat),
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
    const game::MutinyOutcome now = table.table().mutiny_so_far();
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
    const game::RoundTable round = table.table().round_table(i);
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

}  // namespace qm::cli::meuterer_cli
