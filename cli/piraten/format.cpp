// Piraten Kapern's output, shared by `score piraten` and the table commands (see format.hpp).
#include <ostream>

#include <fmt/format.h>

#include "cli/piraten/format.hpp"
#include "cli/text_table.hpp"
#include "scoring/notation.hpp"
#include "scoring/piraten/fortune_card.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::piraten_cli {
namespace {

const char* phase_name(pk::TurnPhase phase) {
  static constexpr const char* kNames[] = {"first_roll", "choosing", "rolling", "over"};
  return kNames[static_cast<int>(phase)];
}

nlohmann::json turn_json(const pk::Table& table) {
  const pk::Turn* turn = table.current_turn();
  if (turn == nullptr) return nullptr;
  const pk::TurnPoints now = table.stop_value();
  nlohmann::json doc = {{"player", table.whose_turn()},
                        {"card", notation::to_string(turn->card)},
                        {"phase", phase_name(turn->phase)},
                        {"dice", dice_json(turn->dice)},
                        {"chest", dice_json(turn->chest)},
                        {"in_hand", turn->in_hand},
                        {"rolls", turn->rolls},
                        {"skulls", turn->skulls()},
                        {"skull_island", turn->skull_island},
                        {"sorceress_used", turn->sorceress_used},
                        {"must_use_sorceress", turn->must_use_sorceress()}};
  doc["stop_value"] = turn->phase == pk::TurnPhase::choosing
                          ? nlohmann::json{{"score", now.score}, {"deduction", now.deduction}, {"died", now.died}}
                          : nlohmann::json(nullptr);
  return doc;
}

}  // namespace


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

nlohmann::json table_json(const pk::Table& table) {
  const pk::State& state = table.state();
  nlohmann::json standings = nlohmann::json::array();
  for (int seat = 0; seat < state.players(); ++seat)
    standings.push_back({{"player", table.name(seat)}, {"total", state.total(seat)}});
  return {{"game", "piraten"},
          {"target", state.options().target},
          {"standings", standings},
          {"to_play", table.whose_turn()},
          {"turn", turn_json(table)},
          {"turns_played", state.turns_played()},
          {"last_round", state.last_round()},
          {"first_to_target", state.last_round() ? nlohmann::json(table.name(state.first_to_target())) : nlohmann::json(nullptr)},
          {"last_turns_left", state.last_turns_left()},
          {"last_round_cancelled", state.last_round_cancelled()},
          {"deck_left", pk::card_total(state.deck())},
          {"over", state.is_terminal()},
          {"winners", table.winners()}};
}

nlohmann::json turn_entry_json(const pk::Table& table, const pk::TurnLogEntry& entry) {
  return {{"turn", entry.number},
          {"player", table.name(entry.seat)},
          {"card", notation::to_string(entry.turn.card)},
          {"dice", dice_json(entry.turn.dice)},
          {"chest", dice_json(entry.turn.chest)},
          {"skull_island", entry.turn.skull_island},
          {"tallied", entry.tallied},
          {"score", entry.points.score},
          {"deduction", entry.points.deduction},
          {"died", entry.points.died},
          {"instant_win", entry.points.instant_win},
          {"totals", entry.totals}};
}

nlohmann::json step_json(const pk::Table& table, const pk::StepReport& report, const std::string& typed) {
  nlohmann::json doc = {{"step", typed},
                        {"player", table.name(report.seat)},
                        {"turn_over", report.turn_over},
                        {"island_reached", report.island_reached},
                        {"last_round_started", report.last_round_started},
                        {"last_round_cancelled", report.last_round_cancelled},
                        {"game_over", report.game_over}};
  if (report.turn_over) {
    const pk::TurnLogEntry& entry = table.turn_log().back();
    nlohmann::json result = result_json(entry.turn.result());
    const nlohmann::json details = turn_entry_json(table, entry);
    for (const auto& [key, value] : details.items())
      if (!result.contains(key)) result[key] = value;
    doc["result"] = result;
  } else {
    doc["result"] = nullptr;
  }
  doc["table"] = table_json(table);
  return doc;
}

// Where the turn being played stands, and what may come next.
void print_turn(Context& ctx, const pk::Table& table) {
  const pk::Turn* turn = table.current_turn();
  if (turn == nullptr) return;
  const std::string player = table.whose_turn();
  const std::string card = notation::to_string(turn->card);
  switch (turn->phase) {
    case pk::TurnPhase::first_roll:
      ctx.print() << fmt::format("{} draws {}: {}.\n", bold(ctx, player), card, card_summary(turn->card));
      ctx.print() << "Roll the eight dice: 'roll DICE' (or the whole turn at once: 'tally DICE').\n";
      return;
    case pk::TurnPhase::rolling:
      ctx.print() << fmt::format("{} picks up {}: 'roll FACES' says how {} came up.\n", player,
                                 counted(turn->in_hand, "die", "dice"), for_count(turn->in_hand, "it", "they"));
      return;
    default:
      break;
  }
  std::string line = fmt::format("{} ({}): {}", bold(ctx, player), card, dice_text(turn->dice));
  if (pk::dice_total(turn->chest) > 0) line += "; in the chest: " + dice_text(turn->chest);
  line += "; " + counted(turn->skulls(), "skull");
  ctx.print() << line << "\n";
  const pk::TurnPoints now = table.stop_value();
  if (turn->skull_island) {
    ctx.print() << fmt::format("Island of Skulls: stopping now takes {} from every opponent. 'roll FACES' rerolls "
                               "the other {}; the turn ends when no skull comes.\n",
                               now.deduction, counted(pk::dice_total(turn->loose_dice()), "die", "dice"));
    return;
  }
  if (turn->must_use_sorceress()) {
    ctx.print() << bad(ctx, "Three skulls:") << " only the sorceress can save the turn: 'sorceress DICE -> FACES' "
                << "rerolls one skull with other dice; 'stop' is death.\n";
    return;
  }
  ctx.print() << "stop now: " << (now.score < 0 ? bad(ctx, signed_points(now.score)) : good(ctx, signed_points(now.score)));
  if (turn->card == pk::FortuneCard::storm) ctx.print() << " (storm: one reroll left)";
  ctx.print() << ". Next: 'reroll DICE -> FACES'";
  if (turn->card == pk::FortuneCard::chest) ctx.print() << ", 'chest put|take DICE'";
  ctx.print() << " or 'stop'.\n";
}

void print_turn_end(Context& ctx, const pk::Table& table, const pk::StepReport& report) {
  const pk::TurnLogEntry& entry = table.turn_log().back();
  const pk::TurnResult result = entry.turn.result();
  std::string heading = fmt::format("{}'s turn {}: {}, dice {}", table.name(entry.seat), entry.number,
                                    notation::to_string(entry.turn.card), dice_text(entry.turn.dice));
  if (pk::dice_total(entry.turn.chest) > 0) heading += ", chest " + dice_text(entry.turn.chest);
  ctx.print() << heading << "\n";
  if (report.island_reached) ctx.print() << "Eight skulls: the Island of Skulls ends at once.\n";
  if (result.died) ctx.print() << bad(ctx, fmt::format("{} died ({}).", table.name(entry.seat), counted(entry.turn.skulls(), "skull"))) << "\n";
  if (result.skull_island) ctx.print() << "End of the Island of Skulls.\n";
  print_result(ctx, result, table.state().options().pirate_magic);
  const pk::State& state = table.state();
  if (report.last_round_cancelled)
    ctx.print() << bold(ctx, fmt::format("The last round is cancelled: the next player to reach {} wins at once.",
                                         state.options().target))
                << "\n";
  if (report.last_round_started)
    ctx.print() << bold(ctx, fmt::format("{} reached {}: every other player has one last turn.", table.name(entry.seat),
                                         state.options().target))
                << "\n";
  else if (state.last_round() && !state.is_terminal())
    ctx.print() << "last round: " << counted(state.last_turns_left(), "turn") << " left\n";
}

void print_turns(Context& ctx, const pk::Table& table) {
  if (table.turn_log().empty()) {
    ctx.print() << "No turn finished yet.\n";
    return;
  }
  std::vector<std::string> header = {"turn", "player", "card", "dice", "score"};
  for (const std::string& player : table.players()) header.push_back(player);
  TextTable out(header);
  for (const pk::TurnLogEntry& entry : table.turn_log()) {
    std::string dice = dice_text(entry.turn.dice);
    if (pk::dice_total(entry.turn.chest) > 0) dice += " (chest " + dice_text(entry.turn.chest) + ")";
    std::string score = signed_points(entry.points.score);
    if (entry.points.died) score += " (dead)";
    if (entry.turn.skull_island)
      score = entry.points.deduction > 0 ? fmt::format("-{} each (Island)", entry.points.deduction) : score + " (Island)";
    std::vector<std::string> row = {std::to_string(entry.number), table.name(entry.seat),
                                    notation::to_string(entry.turn.card), dice, score};
    for (const int total : entry.totals) row.push_back(std::to_string(total));
    out.add_row(row);
  }
  out.print(ctx.print());
}

}  // namespace qm::cli::piraten_cli
