// Piraten Kapern at the table: the steps as played, applied to the engine's State (see table.hpp).
#include "rules/piraten/table.hpp"

#include <utility>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {

Table::Table(std::vector<std::string> players, const Options& options) : players_(std::move(players)), state_(options) {
  if (static_cast<int>(players_.size()) != options.players)
    throw InputError("the options are for " + counted(options.players, "player") + ", not " +
                     std::to_string(players_.size()));
}

std::vector<std::string> Table::winners() const {
  std::vector<std::string> out;
  for (const int seat : state_.winners()) out.push_back(name(seat));
  return out;
}

// The dice of a throw: the first eight, the picked-up ones, or on the Island every non-skull die.
AwaitedThrow Table::awaited_throw(const std::string& player) const {
  if (state_.is_terminal()) throw RuleViolation("scan PHOTO: the game is over");
  const std::string thrower = whose_turn();
  if (!player.empty() && notation::folded(player) != notation::folded(thrower))
    throw RuleViolation("scan PHOTO " + player + ": it is " + thrower + "'s turn");
  const Turn* turn = current_turn();
  if (turn == nullptr)
    throw RuleViolation("scan PHOTO: " + thrower + " draws a fortune card first ('card CARD'), then the photo of the first roll");
  if (turn->phase == TurnPhase::first_roll) return {kDiceCount, thrower + "'s first roll"};
  if (turn->phase == TurnPhase::rolling)
    return {turn->in_hand, thrower + "'s " + counted(turn->in_hand, "rerolled die", "rerolled dice")};
  if (turn->skull_island) {
    const int dice = dice_total(turn->loose_dice());
    return {dice, thrower + "'s roll on the Island of Skulls (" + counted(dice, "die", "dice") + ")"};
  }
  // A photo of the whole table after a reroll cannot say which dice were picked up.
  throw RuleViolation("scan PHOTO: " + thrower + " chooses now: say which dice are picked up ('reroll DICE'), " +
                      "then photograph them as they fell");
}

TurnPoints Table::stop_value() const {
  const Turn* turn = current_turn();
  if (turn == nullptr || turn->phase != TurnPhase::choosing) return {};
  return score_points(turn->card, turn->dice, turn->chest, turn->skull_island);
}

StepReport Table::play(const State& from, const std::string& typed, bool tallied, const std::function<void(State&)>& step) {
  State next = from;
  const int seat = from.seat();
  try {
    step(next);  // on a copy: a refused step leaves the table as it was
  } catch (const InputError& error) {
    const std::string who = from.is_terminal() ? "" : " for " + name(seat);
    throw RuleViolation(quoted_line(typed) + " refused" + who + ": " + error.what());
  }
  StepReport report;
  report.seat = seat;
  report.turn_over = next.turns_played() > from.turns_played();
  const bool island_before = from.turn_in_progress() && from.turn().skull_island;
  const bool island_after =
      next.turn_in_progress() ? next.turn().skull_island : report.turn_over && next.last_turn().turn.skull_island;
  report.island_reached = !tallied && !island_before && island_after;
  report.last_round_started = !from.last_round() && next.last_round();
  report.last_round_cancelled = !from.last_round_cancelled() && next.last_round_cancelled();
  report.game_over = next.is_terminal();
  const bool drew = !from.turn_in_progress() && next.turn_in_progress();
  std::optional<State> keep;
  if (drew) keep = from;  // `from` may be before_draw_ itself: copy before anything changes
  if (report.turn_over) {
    TurnLogEntry entry;
    entry.number = next.turns_played();
    entry.seat = next.last_turn().seat;
    entry.tallied = tallied;
    entry.turn = next.last_turn().turn;
    entry.points = next.last_turn().points;
    for (int other = 0; other < next.players(); ++other) entry.totals.push_back(next.total(other));
    log_.push_back(std::move(entry));
  }
  state_ = std::move(next);
  if (drew) before_draw_ = std::move(keep);
  if (!state_.turn_in_progress()) before_draw_.reset();
  return report;
}

void Table::need_turn(const std::string& typed) const {
  if (state_.is_terminal() || state_.turn_in_progress()) return;
  const std::string next = name(state_.seat()) + " is to draw a fortune card first ('card CARD')";
  if (state_.turns_played() == 0) throw RuleViolation(quoted_line(typed) + " refused: " + next);
  const std::string& last = name(state_.last_turn().seat);
  throw RuleViolation(quoted_line(typed) + " refused: " + last + "'s turn ended " +
                      turn_end_text(state_.last_turn_end(), state_.last_turn().turn, last) + "; " + next);
}

StepReport Table::draw(FortuneCard card, const std::string& typed) {
  return play(state_, typed, false, [&](State& s) { s.apply_action(Action::draw(card)); });
}

StepReport Table::roll(const FaceCounts& faces, const std::string& typed) {
  need_turn(typed);
  const Turn* turn = current_turn();
  if (turn != nullptr && turn->phase == TurnPhase::choosing && turn->skull_island) {
    // On the Island every die that is not a skull is rerolled: `roll` says how they came up.
    const FaceCounts loose = turn->loose_dice();
    return play(state_, typed, false, [&](State& s) { apply_reroll(s, loose, faces); });
  }
  return play(state_, typed, false, [&](State& s) { s.apply_action(Action::roll(faces)); });
}

StepReport Table::reroll(const FaceCounts& picked_up, const std::optional<FaceCounts>& came_up, const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](State& s) {
    if (came_up)
      apply_reroll(s, picked_up, *came_up);
    else
      s.apply_action(Action::reroll(picked_up));
  });
}

void Table::check_sorceress(const std::string& typed) const {
  const Turn* turn = current_turn();
  if (turn != nullptr && turn->card != FortuneCard::sorceress)
    throw RuleViolation(quoted_line(typed) + " refused for " + whose_turn() + ": the card is " +
                        notation::to_string(turn->card) + ", not the sorceress");
}

StepReport Table::sorceress(const FaceCounts& others, const std::optional<FaceCounts>& came_up, const std::string& typed) {
  check_sorceress(typed);
  FaceCounts picked_up = others;
  picked_up[static_cast<int>(Face::skull)] = 1;  // the one skull she lets the player reroll
  return reroll(picked_up, came_up, typed);
}

StepReport Table::chest_put(const FaceCounts& dice, const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](State& s) { s.apply_action(Action::chest_put(dice)); });
}

StepReport Table::chest_take(const FaceCounts& dice, const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](State& s) { s.apply_action(Action::chest_take(dice)); });
}

StepReport Table::stop(const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [](State& s) { s.apply_action(Action::stop()); });
}

StepReport Table::tally(std::optional<FortuneCard> card, const FaceCounts& dice, const FaceCounts& chest, bool skull_island,
                         const std::string& typed) {
  const State* from = &state_;
  if (const Turn* turn = current_turn()) {
    const std::string who = " for " + name(state_.seat());
    if (turn->phase != TurnPhase::first_roll || !before_draw_)
      throw RuleViolation(quoted_line(typed) + " refused" + who + ": the turn is under way (" + counted(turn->rolls, "roll") +
                          "); go on with it, or 'undo' back to its card");
    if (card && *card != turn->card)
      throw RuleViolation(quoted_line(typed) + " refused" + who + ": the card drawn is " + notation::to_string(turn->card) +
                          ", not " + notation::to_string(*card));
    card = turn->card;
    from = &*before_draw_;  // the tally replaces the draw
  }
  if (!card) throw InputError(quoted_line(typed) + ": name the fortune card first, e.g. 'tally captain 3coin 5monkey'");
  const Action action = Action::tally(*card, dice, chest, skull_island);
  return play(*from, typed, true, [&](State& s) { s.apply_action(action); });
}

}  // namespace qm::piraten
