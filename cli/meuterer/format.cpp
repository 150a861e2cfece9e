// People's output shared by Meuterer's commands: a round's VP with their reasons, and the sales
// helper's options.
#include <ostream>

#include <fmt/format.h>

#include "cli/meuterer/meuterer_cli.hpp"
#include "cli/text_table.hpp"
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
    std::vector<std::string> row = {option.best ? "best" : "", game::describe_sales(option.sales, table.islands),
                                    std::to_string(option.vp)};
    if (with_words) {
      std::string words = "sell";
      for (const game::Sale& sale : option.sales)
        words += fmt::format(" {}{}@{}", sale.count, notation::to_string(sale.good), game::island_key(island_name(table, sale.island)));
      row.push_back(option.sales.empty() ? "sell nothing" : words);
    }
    out.add_row(std::move(row));
  }
  out.print(ctx.print());
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

}  // namespace qm::cli::meuterer_cli
