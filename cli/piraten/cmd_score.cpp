// `quartermaster score piraten --card CARD --dice DICE [--chest DICE] [--skull-island] [--json]`
// (CLI.md, Scoring): one turn's result from the fortune card and the eight dice as they lie.
#include <memory>

#include <fmt/format.h>

#include "cli/piraten/commands.hpp"
#include "cli/piraten/format.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::piraten_cli {
namespace {

struct ScoreOptions {
  std::string card;
  std::vector<std::string> dice;   // "3coin 5monkey", or several words, or commas
  std::vector<std::string> chest;
  bool skull_island = false;
};

void run_score(const ScoreOptions& options, Context& ctx) {
  pk::TurnInput input;
  input.card = notation::parse_fortune_card(options.card);
  input.dice = notation::parse_dice_counts(options.dice);
  input.chest = notation::parse_dice_counts(options.chest);
  input.skull_island = options.skull_island;
  const pk::TurnResult result = pk::score_turn(input);  // validates: InputError names what is wrong
  if (ctx.json) {
    nlohmann::json doc = result_json(result);
    doc["card"] = notation::to_string(input.card);
    doc["dice"] = dice_json(input.dice);
    doc["chest"] = dice_json(input.chest);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  std::string heading = fmt::format("{} card, dice {}", notation::to_string(input.card), dice_text(input.dice));
  if (pk::dice_total(input.chest) > 0) heading += ", chest " + dice_text(input.chest);
  if (input.skull_island) heading += ", on the Island of Skulls";
  ctx.print() << heading << "\n";
  print_result(ctx, result);
}

}  // namespace

void setup_score_piraten(CLI::App& score, Context& ctx) {
  auto options = std::make_shared<ScoreOptions>();
  CLI::App* sub = score.add_subcommand("piraten", "Piraten Kapern: score one turn from the fortune card and the eight dice");
  sub->add_option("--card", options->card,
                  "The fortune card: chest captain sorceress sea-battle-2 sea-battle-3 sea-battle-4 coin diamond "
                  "monkey-business skull-1 skull-2 storm truce")
      ->required()
      ->type_name("CARD");
  sub->add_option("--dice", options->dice,
                  "The eight dice as they lie when the turn ends, skulls included: skull coin diamond sabre monkey "
                  "parrot, with counts (3coin), separated by spaces or commas")
      ->required()
      ->type_name("DICE");
  sub->add_option("--chest", options->chest, "With the chest card: which of the eight dice lie in the chest")
      ->type_name("DICE");
  sub->add_flag("--skull-island,--island", options->skull_island, "The turn was played on the Island of Skulls");
  sub->footer(
      "JSON: {\"score\", \"died\", \"skull_island\", \"deduction\", \"instant_win\", \"breakdown\": [{\"item\", \"points\"}]};\n"
      "score is what the player's total changes by, deduction what every opponent loses.\n"
      "Example: score piraten --card diamond --dice \"3coin 5monkey\"   (1500)");
  sub->callback([options, &ctx] { run_score(*options, ctx); });
}

}  // namespace qm::cli::piraten_cli
