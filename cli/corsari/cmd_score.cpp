// `quartermaster score corsari --tavern COLOUR --hand CARDS [--json]` (CLI.md, Scoring): the best
// grouping of one hand into prisoners, crew and stowaways.
#include <memory>

#include "cli/corsari/commands.hpp"
#include "cli/corsari/format.hpp"
#include "scoring/corsari/grouping.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {
namespace {

struct ScoreOptions {
  std::string tavern;
  std::vector<std::string> hand;
};

void run_score(const ScoreOptions& options, Context& ctx) {
  const game::Colour tavern = notation::parse_corsari_colour(options.tavern);
  const std::vector<game::Card> hand = notation::parse_corsari_cards(options.hand);
  const game::Grouping grouping = game::best_grouping(tavern, hand);
  if (ctx.json) {
    nlohmann::json doc = grouping_json(grouping);
    doc["tavern"] = notation::to_string(tavern);
    doc["cards"] = static_cast<int>(hand.size());
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  ctx.print() << "tavern " << notation::to_string(tavern) << ", " << counted(static_cast<long long>(hand.size()), "card") << "\n";
  print_grouping(ctx, grouping);
}

}  // namespace

void setup_score_corsari(CLI::App& score, Context& ctx) {
  auto options = std::make_shared<ScoreOptions>();
  CLI::App* sub = score.add_subcommand("corsari", "Corsari: the best grouping of a hand (least stowaway points)");
  sub->add_option("--tavern", options->tavern, "The tavern colour (colour of the tavern's top card)")
      ->required()
      ->type_name("COLOUR");
  sub->add_option("--hand", options->hand, "The cards, e.g. 'red1,red2 blue7' (spaces or commas)")
      ->required()
      ->type_name("CARDS");
  sub->footer(
      "Prisoners are the tavern colour's cards; the crew holds at most two other colours with no\n"
      "number twice; every other card is a stowaway and counts its number.\n"
      "Example: score corsari --tavern lightblue --hand lightblue11,lightblue9,orange1,purple2,green1");
  sub->callback([options, &ctx] { run_score(*options, ctx); });
}

}  // namespace qm::cli::corsari_cli
