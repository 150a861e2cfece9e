// `quartermaster score loot --captured NAME=CARDS... --hand NAME=CARDS... [--team NAME,NAME...] [--json]`
// (CLI.md, Scoring): the final totals of a game of Loot from what each player shows.
#include <memory>

#include <fmt/format.h>

#include "cli/loot/commands.hpp"
#include "cli/loot/format.hpp"
#include "cli/loot/hauls.hpp"
#include "scoring/input_error.hpp"
#include "scoring/loot/final_totals.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {
namespace {

struct ScoreLootOptions {
  std::vector<std::string> captured;
  std::vector<std::string> hands;
  std::vector<std::string> teams;
};

qm::loot::FinalTotals score_loot(const ScoreLootOptions& options) {
  const std::vector<NamedCards> captured = parse_named_cards(options.captured, "--captured");
  const std::vector<NamedCards> hands = parse_named_cards(options.hands, "--hand");
  // Players in the order first given: every --captured, then any player named only by --hand.
  std::vector<qm::loot::PlayerHaul> hauls;
  std::vector<std::string> names;
  for (const NamedCards& c : captured) {
    hauls.push_back({c.name, c.cards, {}});
    names.push_back(c.name);
  }
  for (const NamedCards& h : hands) {
    std::size_t index = names.size();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (same_name(names[i], h.name)) index = i;
    if (index == names.size()) {
      hauls.push_back({h.name, {}, {}});
      names.push_back(h.name);
    }
    hauls[index].in_hand = h.cards;
  }
  if (hauls.empty()) throw InputError("score loot: give each player's --captured NAME=CARDS and --hand NAME=CARDS");
  return qm::loot::final_totals(hauls, parse_teams(options.teams));
}

void run_score_loot(const ScoreLootOptions& options, Context& ctx) {
  const qm::loot::FinalTotals totals = score_loot(options);
  if (ctx.json) {
    ctx.print() << final_totals_json(totals).dump(2) << "\n";
    return;
  }
  print_final_totals(ctx, totals);
  ctx.print() << bold(ctx, fmt::format("{}: {}", totals.winners.size() > 1 ? "winners" : "winner", and_list(totals.winners))) << "\n";
}

}  // namespace

void setup_score_loot(CLI::App& root, Context& ctx) {
  auto options = std::make_shared<ScoreLootOptions>();
  CLI::App* score = root.get_subcommand("score");
  CLI::App* sub = score->add_subcommand(
      "loot", "Loot final totals: gold captured minus gold of the merchants left in hand; equal highest share");
  sub->add_option("--captured", options->captured,
                  "A player's captured merchants, e.g. Ann=m5,m3 (one per player; Bob= for none)")
      ->type_name("NAME=CARDS");
  sub->add_option("--hand", options->hands,
                  "The cards left in a player's hand (only merchants count), e.g. Ann=m2 or Bob=")
      ->type_name("NAME=CARDS");
  sub->add_option("--team", options->teams, "Team play: two partners, e.g. --team Ann,Cy --team Bob,Dee")
      ->type_name("NAME,NAME");
  sub->footer("Example: quartermaster score loot --captured Ann=m5,m3 Bob=m8 --hand Ann=m2 Bob=");
  sub->callback([options, &ctx] { run_score_loot(*options, ctx); });
}

}  // namespace qm::cli::loot_cli
