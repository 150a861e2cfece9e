// Piraten Kapern's output, shared by `score piraten` and the table commands.
#include <ostream>

#include <fmt/format.h>

#include "cli/piraten/piraten_cli.hpp"
#include "cli/text_table.hpp"
#include "scoring/notation.hpp"
#include "scoring/piraten/fortune_card.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::piraten_cli {

nlohmann::json dice_json(const pk::FaceCounts& dice) {
  nlohmann::json out = nlohmann::json::array();
  for (const pk::Face face : pk::kFaces)
    for (int n = 0; n < pk::count_of(dice, face); ++n) out.push_back(notation::to_string(face));
  return out;
}

nlohmann::json result_json(const pk::TurnResult& result) {
  nlohmann::json breakdown = nlohmann::json::array();
  for (const pk::BreakdownItem& item : result.breakdown)
    breakdown.push_back({{"item", item.item}, {"points", item.points}});
  return {{"score", result.score},         {"died", result.died},
          {"skull_island", result.skull_island}, {"deduction", result.deduction},
          {"instant_win", result.instant_win},   {"breakdown", breakdown}};
}

std::string dice_text(const pk::FaceCounts& dice) {
  const std::string text = notation::format_dice(dice);
  return text.empty() ? "none" : text;
}

std::string signed_points(int points) { return points > 0 ? fmt::format("+{}", points) : std::to_string(points); }

void print_result(Context& ctx, const pk::TurnResult& result, bool pirate_magic) {
  TextTable table({"item", "points"});
  for (const pk::BreakdownItem& item : result.breakdown) {
    if (!pirate_magic && item.item.rfind("pirate magic", 0) == 0) continue;  // a 0-point note, not played
    table.add_row({item.item, std::to_string(item.points)});
  }
  table.print(ctx.print());
  std::string score = "score " + signed_points(result.score);
  if (result.died) score += " (dead)";
  ctx.print() << (result.score < 0 || result.died ? bad(ctx, score) : bold(ctx, score)) << "\n";
  if (result.deduction > 0) ctx.print() << fmt::format("every opponent loses {}\n", result.deduction);
  if (result.instant_win && pirate_magic) ctx.print() << bold(ctx, "pirate magic: nine of a kind wins the game at once") << "\n";
}

std::string card_summary(pk::FortuneCard card) {
  using pk::FortuneCard;
  switch (card) {
    case FortuneCard::chest:
      return "dice put in the chest ('chest put DICE') still score if the turn dies";
    case FortuneCard::captain:
      return "everything of this turn counts double";
    case FortuneCard::sorceress:
      return "one skull may be rerolled once, with other dice ('sorceress DICE -> FACES')";
    case FortuneCard::sea_battle_2:
    case FortuneCard::sea_battle_3:
    case FortuneCard::sea_battle_4:
      return fmt::format("{} win +{}, fewer lose {}; no Island of Skulls", counted(pk::sea_battle_sabres(card), "sabre"),
                         pk::sea_battle_bonus(card), pk::sea_battle_bonus(card));
    case FortuneCard::coin:
      return "one extra coin for sets and face value";
    case FortuneCard::diamond:
      return "one extra diamond for sets and face value";
    case FortuneCard::monkey_business:
      return "monkeys and parrots count as one kind";
    case FortuneCard::skull_1:
      return "the turn starts with one skull";
    case FortuneCard::skull_2:
      return "the turn starts with two skulls";
    case FortuneCard::storm:
      return "two rolls in all; only coins and diamonds score, doubled";
    case FortuneCard::truce:
      return "every sabre showing at the end costs 1000; with none the score is doubled";
  }
  return "";
}

}  // namespace qm::cli::piraten_cli
