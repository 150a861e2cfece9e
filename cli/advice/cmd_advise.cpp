// `quartermaster advise piraten --card CARD --dice DICE [--chest DICE] [--sorceress-used] [--rolls N]
//  [--opponents N] [--json]` and `quartermaster advise piraten --table [--json]` (CLI.md, Advice).
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "advice/position.hpp"
#include "cli/advice/advise.hpp"
#include "cli/text_table.hpp"
#include "rules/piraten/state.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

using piraten::Face;
using piraten::FaceCounts;

constexpr std::size_t kAlternatives = 5;  // ranked alternatives shown after the best move
constexpr int kMaxOpponents = piraten::kMaxPlayers - 1;
constexpr double kNoChance = 1e-12;  // below this a chance of death is rounding, not risk
// Without --opponents an Island deduction counts once: what every opponent loses.
constexpr int kIslandOpponentsUnsaid = 1;

struct AdviseOptions {
  std::string card;
  std::vector<std::string> dice;
  std::vector<std::string> chest;
  bool sorceress_used = false;
  int rolls = 1;
  int opponents = 0;
  bool opponents_given = false;  // otherwise advice::default_objective decides
  bool table = false;
  std::size_t alternatives = kAlternatives;
};

// ---- words for people ----

// "the parrot", "the two parrots", "a skull (the sorceress)".
std::string dice_phrase(const FaceCounts& dice) {
  static constexpr std::array<const char*, 9> kNumbers = {"", "", "two", "three", "four", "five", "six", "seven", "eight"};
  std::vector<std::string> parts;
  if (dice[static_cast<int>(Face::skull)] > 0) parts.push_back("a skull (the sorceress)");
  for (Face face : {Face::coin, Face::diamond, Face::sabre, Face::monkey, Face::parrot}) {
    const int count = dice[static_cast<int>(face)];
    if (count == 1) parts.push_back("the " + notation::to_string(face));
    if (count > 1) parts.push_back(fmt::format("the {} {}", kNumbers[static_cast<std::size_t>(count)], qm::plural(notation::to_string(face))));
  }
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

std::string points(double value) { return fmt::format("{:.0f}", value); }

// "31%"; "0.4%" below one percent; `decimals` for the table.
std::string percent(double chance, int decimals = 0) {
  if (chance > 0 && chance < 0.01) decimals = std::max(decimals, 1);
  return fmt::format("{:.{}f}%", 100 * chance, decimals);
}

// JSON numbers without the last bits of rounding noise (819.9999999999997 -> 820).
double tidy(double value) { return std::round(value * 1e9) / 1e9; }

std::string move_phrase(const advice::Decision& decision) {
  if (!decision.reroll) return "stop";
  std::string text;
  if (piraten::dice_total(decision.chest_take) > 0) text += "take " + dice_phrase(decision.chest_take) + " out of the chest, ";
  if (piraten::dice_total(decision.chest_put) > 0) text += "put " + dice_phrase(decision.chest_put) + " in the chest, ";
  if (!text.empty()) text += "then ";
  return text + "reroll " + dice_phrase(decision.dice);
}

// "reroll 2parrot", "chest put 4coin, reroll 2monkey": the table's own words.
std::string move_words(const advice::Decision& decision) {
  if (!decision.reroll) return "stop";
  std::string text;
  if (piraten::dice_total(decision.chest_take) > 0) text += "chest take " + notation::format_dice(decision.chest_take) + ", ";
  if (piraten::dice_total(decision.chest_put) > 0) text += "chest put " + notation::format_dice(decision.chest_put) + ", ";
  return text + "reroll " + notation::format_dice(decision.dice);
}

nlohmann::json faces_json(const FaceCounts& dice) {
  nlohmann::json faces = nlohmann::json::array();
  for (Face face : piraten::kFaces)
    for (int i = 0; i < dice[static_cast<int>(face)]; ++i) faces.push_back(notation::to_string(face));
  return faces;
}

nlohmann::json decision_json(const advice::Decision& decision) {
  return {{"action", decision.reroll ? "reroll" : "stop"},
          {"reroll", faces_json(decision.dice)},
          {"chest_put", faces_json(decision.chest_put)},
          {"chest_take", faces_json(decision.chest_take)},
          {"expected", tidy(decision.expected)},
          {"death_chance", tidy(decision.death_chance)}};
}

nlohmann::json outlook_json(const advice::TurnOutlook& outlook) {
  return {{"expected", tidy(outlook.expected)},
          {"death_chance", tidy(outlook.death_chance)},
          {"island_chance", tidy(outlook.island_chance)},
          {"full_chest_chance", tidy(outlook.full_chest_chance)}};
}


// ---- the two forms of the command ----

void run_table(const AdviseOptions& options, Context& ctx) {
  const advice::DeckTable table = advice::deck_table(shared_solver(options.opponents));
  if (ctx.json) {
    nlohmann::json cards = nlohmann::json::array();
    for (const advice::CardRow& row : table.cards) {
      nlohmann::json card = outlook_json(row.outlook);
      card["card"] = notation::to_string(row.card);
      cards.push_back(card);
    }
    nlohmann::json deck = outlook_json(table.deck);
    deck["cards"] = piraten::card_total(piraten::fortune_deck(false));
    nlohmann::json deck_promo = outlook_json(table.deck_promo);
    deck_promo["cards"] = piraten::card_total(piraten::fortune_deck(true));
    ctx.print() << nlohmann::json{{"cards", cards}, {"deck", deck}, {"deck_promo", deck_promo}, {"opponents", options.opponents}}.dump(2)
                << "\n";
    return;
  }
  ctx.print() << "One Piraten Kapern turn under optimal play, exact" << objective_note(options.opponents) << ":\n";
  TextTable text({"card", "expected", "death", "Skull Island", "Full Chest"});
  auto add = [&text](const std::string& name, const advice::TurnOutlook& outlook) {
    text.add_row({name, format_number(outlook.expected, 1), percent(outlook.death_chance, 1), percent(outlook.island_chance, 1),
                  percent(outlook.full_chest_chance, 1)});
  };
  for (const advice::CardRow& row : table.cards) add(notation::to_string(row.card), row.outlook);
  add("deck (35 cards)", table.deck);
  add("deck with promo (37)", table.deck_promo);
  text.print(ctx.print());
}

void run_advise(const AdviseOptions& options, Context& ctx) {
  if (options.table) {
    if (!options.card.empty() || !options.dice.empty() || !options.chest.empty())
      throw InputError("--table: the table covers every card; leave out --card, --dice and --chest");
    run_table(options, ctx);
    return;
  }
  if (options.card.empty() || options.dice.empty()) throw InputError("advise piraten: give --card and --dice (or --table)");
  advice::Position position;
  position.card = notation::parse_fortune_card(options.card);
  position.dice = notation::parse_dice_counts(options.dice);
  position.chest = notation::parse_dice_counts(options.chest);
  position.sorceress_used = options.sorceress_used;
  position.rolls = options.rolls;
  const piraten::Turn turn = advice::decision_turn(position);
  const int opponents = options.opponents_given ? options.opponents
                                                : advice::default_objective(turn, kIslandOpponentsUnsaid).opponents;
  const advice::Advice advice = shared_solver(opponents).advise(turn);

  if (ctx.json) {
    nlohmann::json doc = advice_json(advice, options.alternatives);
    doc["card"] = notation::to_string(turn.card);
    doc["skull_island"] = turn.skull_island;
    doc["opponents"] = opponents;
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  ctx.print() << notation::to_string(turn.card) << ": " << notation::format_dice(turn.dice);
  if (piraten::dice_total(turn.chest) > 0) ctx.print() << ", chest " << notation::format_dice(turn.chest);
  if (turn.skull_island) ctx.print() << ", Island of Skulls";
  ctx.print() << objective_note(opponents) << "\n";
  ctx.print() << bold(ctx, advice_sentence(advice)) << "\n";
  if (advice.ranked.size() < 2) return;
  TextTable text({"move", "expected", "death"});
  for (std::size_t i = 0; i < advice.ranked.size() && i <= options.alternatives; ++i)
    text.add_row({move_words(advice.ranked[i]), format_number(advice.ranked[i].expected, 1), percent(advice.ranked[i].death_chance)});
  text.print(ctx.print());
}

}  // namespace

std::string objective_note(int opponents) {
  if (opponents == 0) return "";
  return " (Island deductions count as gains x " + counted(opponents, "opponent") + ")";
}

const advice::Solver& shared_solver(int opponents) {
  static std::array<std::unique_ptr<advice::Solver>, kMaxOpponents + 1> solvers;
  if (opponents < 0 || opponents > kMaxOpponents)
    throw InputError(fmt::format("--opponents: 0 to {}, not {}", kMaxOpponents, opponents));
  std::unique_ptr<advice::Solver>& slot = solvers[static_cast<std::size_t>(opponents)];
  if (!slot) slot = std::make_unique<advice::Solver>(advice::Objective{opponents});
  return *slot;
}

std::string advice_sentence(const advice::Advice& advice) {
  const advice::Decision& best = advice.best;
  if (best.reroll) {
    std::string text = move_phrase(best) + ": " + points(best.expected) + " expected vs " + points(advice.stop_value) + " if you stop";
    if (advice.stopping_dies) text += " (three skulls: stopping is death)";
    if (best.death_chance > kNoChance) text += "; " + percent(best.death_chance) + " chance to die";
    return text;
  }
  std::string text = "stop: " + points(advice.stop_value) + (advice.stopping_dies ? " (death)" : " points");
  for (const advice::Decision& other : advice.ranked) {
    if (!other.reroll) continue;
    text += "; the best reroll (" + dice_phrase(other.dice) + ") gives only " + points(other.expected) + " expected";
    if (other.death_chance > kNoChance) text += " with " + with_article(percent(other.death_chance)) + " chance to die";
    return text;
  }
  return text + "; no reroll is allowed";
}

nlohmann::json advice_json(const advice::Advice& advice, std::size_t alternatives) {
  nlohmann::json best = decision_json(advice.best);
  nlohmann::json others = nlohmann::json::array();
  for (std::size_t i = 1; i < advice.ranked.size() && i <= alternatives; ++i) others.push_back(decision_json(advice.ranked[i]));
  return {{"best", best},
          {"stop_value", tidy(advice.stop_value)},
          {"death_chance", tidy(advice.death_chance)},
          {"alternatives", others},
          {"explanation", advice_sentence(advice)}};
}

void setup_advise(CLI::App& app, Context& ctx) {
  CLI::App* advise = app.add_subcommand("advise", "The best move of a turn, computed exactly")->require_subcommand(1);
  auto options = std::make_shared<AdviseOptions>();
  CLI::App* sub = advise->add_subcommand("piraten", "Piraten Kapern: stop or reroll which dice, for the most expected points");
  sub->add_option("--card", options->card, "The fortune card of the turn")->type_name("CARD");
  sub->add_option("--dice", options->dice, "The eight dice showing, skulls and chest included, e.g. 'skull 3coin 2parrot 2monkey'")
      ->type_name("DICE");
  sub->add_option("--chest", options->chest, "Chest card: which of those dice lie in the chest")->type_name("DICE");
  sub->add_flag("--sorceress-used", options->sorceress_used, "The sorceress's skull reroll was used this turn");
  sub->add_option("--rolls", options->rolls, "Throws so far, the first included (the storm allows two)")
      ->check(CLI::Range(1, 1000))
      ->default_val(1);
  CLI::Option* opponents =
      sub->add_option("--opponents", options->opponents,
                      "Count each Island deduction as a gain this many times (relative points); 0: own points only. "
                      "Default: once on the Island of Skulls, where the turn scores nothing of its own")
          ->check(CLI::Range(0, kMaxOpponents));
  sub->add_option("--alternatives", options->alternatives, "How many ranked alternatives to show after the best move")
      ->check(CLI::Range(0, 1000))
      ->default_val(kAlternatives);
  sub->add_flag("--table", options->table, "Every card's whole turn under optimal play, and the deck as drawn");
  sub->footer(
      "The solver is exact: it weighs every outcome of every throw by its probability, honouring every rule\n"
      "(two dice a reroll, skulls locked, the sorceress, the Island of Skulls, sea battles, storm, truce, chest).\n"
      "Four or more skulls (dice + card) mean the Island of Skulls; there the deduction counts as a gain (see\n"
      "--opponents). Under the chest card, the advice names the dice to put in (or take out of) the chest before\n"
      "the reroll.\n"
      "Example: advise piraten --card sorceress --dice 'skull 2coin 2sabre monkey 2parrot'");
  sub->callback([options, opponents, &ctx] {
    options->opponents_given = opponents->count() > 0;
    run_advise(*options, ctx);
  });
}

}  // namespace qm::cli
