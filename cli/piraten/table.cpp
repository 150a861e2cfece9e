#include "cli/piraten/table.hpp"

#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::piraten_cli {

PiratenTable::PiratenTable(std::vector<std::string> players, const pk::Options& options)
    : players_(std::move(players)), state_(options) {
  if (static_cast<int>(players_.size()) != options.players)
    throw InputError("the options are for " + counted(options.players, "player") + ", not " +
                     std::to_string(players_.size()));
}

// The dice of a throw: the first eight, the picked-up ones, or on the Island every non-skull die.
ScanStep PiratenTable::scan_step(const std::vector<std::string>& words) const {
  if (words.size() > 1) throw InputError("scan PHOTO [PLAYER]: one player at most");
  const std::string player = words.empty() ? "" : words.front();
  if (state_.is_terminal()) throw RuleViolation("scan PHOTO: the game is over");
  const std::string& thrower = whose_turn();
  if (!player.empty() && notation::folded(player) != notation::folded(thrower))
    throw RuleViolation("scan PHOTO " + player + ": it is " + thrower + "'s turn");
  const pk::Turn* turn = current_turn();
  if (turn == nullptr)
    throw RuleViolation("scan PHOTO: " + thrower + " draws a fortune card first ('card CARD'), then the photo of the first roll");
  ScanStep step;
  step.command = {"roll"};
  if (turn->phase == pk::TurnPhase::first_roll) {
    step.expected = pk::kDiceCount;
    step.what = thrower + "'s first roll";
  } else if (turn->phase == pk::TurnPhase::rolling) {
    step.expected = turn->in_hand;
    step.what = thrower + "'s " + counted(turn->in_hand, "rerolled die", "rerolled dice");
  } else if (turn->skull_island) {
    step.expected = pk::dice_total(turn->loose_dice());
    step.what = thrower + "'s roll on the Island of Skulls (" + counted(step.expected, "die", "dice") + ")";
  } else {
    // A photo of the whole table after a reroll cannot say which dice were picked up.
    throw RuleViolation("scan PHOTO: " + thrower + " chooses now: say which dice are picked up ('reroll DICE'), " +
                        "then photograph them as they fell");
  }
  return step;
}

std::vector<Standing> PiratenTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < state_.players(); ++seat) out.push_back({name(seat), static_cast<double>(state_.total(seat)), false});
  return out;
}

std::string PiratenTable::whose_turn() const { return state_.is_terminal() ? "" : name(state_.seat()); }

std::vector<std::string> PiratenTable::winners() const {
  std::vector<std::string> out;
  for (const int seat : state_.winners()) out.push_back(name(seat));
  return out;
}

nlohmann::json PiratenTable::options() const {
  const pk::Options& options = state_.options();
  return {{"target", options.target}, {"promo", options.promo}, {"pirate_magic", options.pirate_magic}};
}

std::vector<std::string> PiratenTable::completions(const std::vector<std::string>& command) const {
  std::vector<std::string> cards;
  for (const std::string& card : notation::all_fortune_cards())
    if (state_.options().promo || !pk::is_promo(notation::parse_fortune_card(card))) cards.push_back(card);
  const std::vector<std::string> faces = notation::all_faces();
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  const bool first = command.size() == 1;  // the word right after the command's name
  if (verb == "card" || verb == "draw") return first ? cards : std::vector<std::string>{};
  if (verb == "roll") return faces;
  if (verb == "reroll" || verb == "sorceress") return followed_by(faces, {"->"});
  if (verb == "chest") return first ? std::vector<std::string>{"put", "take"} : faces;
  if (verb == "tally") return first ? followed_by(cards, faces) : followed_by(faces, {"--chest", "--skull-island"});
  if (verb == "hint") return first ? std::vector<std::string>{"on", "off"} : std::vector<std::string>{"--relative"};
  return {};
}

pk::TurnPoints PiratenTable::stop_value() const {
  const pk::Turn* turn = current_turn();
  if (turn == nullptr || turn->phase != pk::TurnPhase::choosing) return {};
  return pk::score_points(turn->card, turn->dice, turn->chest, turn->skull_island);
}

StepReport PiratenTable::play(const pk::State& from, const std::string& typed, bool tallied,
                              const std::function<void(pk::State&)>& step) {
  pk::State next = from;
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
  std::optional<pk::State> keep;
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

void PiratenTable::need_turn(const std::string& typed) const {
  if (state_.is_terminal() || state_.turn_in_progress()) return;
  const std::string next = name(state_.seat()) + " is to draw a fortune card first ('card CARD')";
  if (state_.turns_played() == 0) throw RuleViolation(quoted_line(typed) + " refused: " + next);
  const std::string& last = name(state_.last_turn().seat);
  throw RuleViolation(quoted_line(typed) + " refused: " + last + "'s turn ended " +
                      pk::turn_end_text(state_.last_turn_end(), state_.last_turn().turn, last) + "; " + next);
}

StepReport PiratenTable::draw(pk::FortuneCard card, const std::string& typed) {
  return play(state_, typed, false, [&](pk::State& s) { s.apply_action(pk::Action::draw(card)); });
}

StepReport PiratenTable::roll(const pk::FaceCounts& faces, const std::string& typed) {
  need_turn(typed);
  const pk::Turn* turn = current_turn();
  if (turn != nullptr && turn->phase == pk::TurnPhase::choosing && turn->skull_island) {
    // On the Island every die that is not a skull is rerolled: `roll` says how they came up.
    const pk::FaceCounts loose = turn->loose_dice();
    return play(state_, typed, false, [&](pk::State& s) { pk::apply_reroll(s, loose, faces); });
  }
  return play(state_, typed, false, [&](pk::State& s) { s.apply_action(pk::Action::roll(faces)); });
}

StepReport PiratenTable::reroll(const pk::FaceCounts& picked_up, const std::optional<pk::FaceCounts>& came_up,
                                const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](pk::State& s) {
    if (came_up)
      pk::apply_reroll(s, picked_up, *came_up);
    else
      s.apply_action(pk::Action::reroll(picked_up));
  });
}

StepReport PiratenTable::chest_put(const pk::FaceCounts& dice, const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](pk::State& s) { s.apply_action(pk::Action::chest_put(dice)); });
}

StepReport PiratenTable::chest_take(const pk::FaceCounts& dice, const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [&](pk::State& s) { s.apply_action(pk::Action::chest_take(dice)); });
}

StepReport PiratenTable::stop(const std::string& typed) {
  need_turn(typed);
  return play(state_, typed, false, [](pk::State& s) { s.apply_action(pk::Action::stop()); });
}

StepReport PiratenTable::tally(std::optional<pk::FortuneCard> card, const pk::FaceCounts& dice,
                               const pk::FaceCounts& chest, bool skull_island, const std::string& typed) {
  const pk::State* from = &state_;
  if (const pk::Turn* turn = current_turn()) {
    const std::string who = " for " + name(state_.seat());
    if (turn->phase != pk::TurnPhase::first_roll || !before_draw_)
      throw RuleViolation(quoted_line(typed) + " refused" + who + ": the turn is under way (" + counted(turn->rolls, "roll") +
                          "); go on with it, or 'undo' back to its card");
    if (card && *card != turn->card)
      throw RuleViolation(quoted_line(typed) + " refused" + who + ": the card drawn is " + notation::to_string(turn->card) +
                          ", not " + notation::to_string(*card));
    card = turn->card;
    from = &*before_draw_;  // the tally replaces the draw
  }
  if (!card) throw InputError(quoted_line(typed) + ": name the fortune card first, e.g. 'tally captain 3coin 5monkey'");
  const pk::Action action = pk::Action::tally(*card, dice, chest, skull_island);
  return play(*from, typed, true, [&](pk::State& s) { s.apply_action(action); });
}

}  // namespace qm::cli::piraten_cli
