#include "rules/piraten/state.hpp"

#include <algorithm>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {
namespace {

// The cards a draw chooses from: the deck, or all of them again when it ran out (RULINGS: reshuffled).
CardCounts drawable(const CardCounts& deck, bool promo) {
  return card_total(deck) == 0 ? fortune_deck(promo) : deck;
}

}  // namespace

Options Options::read(const rules::GameOptions& options, int players) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw InputError("Piraten Kapern is played by " + std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers) +
                     " players, not " + std::to_string(players));
  Options out;
  out.players = players;
  // rules: ゲームの長さ: 5000, 6000 or 8000 points.
  const std::string target = options.get_string("target", std::to_string(kDefaultTarget), {"5000", "6000", "8000"});
  out.target = std::stoi(target);
  out.promo = options.get_bool("promo", false);
  out.pirate_magic = options.get_bool("pirate_magic", true);
  return out;
}

State::State(const Options& options) : options_(options), deck_(fortune_deck(options.promo)) {
  if (options.players < kMinPlayers || options.players > kMaxPlayers)
    throw InputError("Piraten Kapern is played by " + std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers) +
                     " players, not " + std::to_string(options.players));
  history_.reserve(512);
}

State::State(const Options& options, const std::vector<int>& starting_totals) : State(options) {
  if (static_cast<int>(starting_totals.size()) != options.players)
    throw InputError("give one starting total per player: " + std::to_string(starting_totals.size()) + " for " +
                     std::to_string(options.players));
  for (int seat = 0; seat < options.players; ++seat) {
    starting_[seat] = starting_totals[static_cast<std::size_t>(seat)];
    totals_[seat] = starting_[seat];
  }
}

int State::current_player() const {
  if (is_terminal()) return rules::kTerminalPlayer;
  if (!in_turn_ || turn_.awaits_roll()) return rules::kChancePlayer;
  return seat_;
}

std::vector<std::pair<Action, double>> State::chance_outcomes() const {
  std::vector<std::pair<Action, double>> outcomes;
  if (is_terminal()) return outcomes;
  if (!in_turn_) {
    const CardCounts cards = drawable(deck_, options_.promo);
    const double total = card_total(cards);
    for (int kind = 0; kind < kFortuneCardKinds; ++kind)
      if (cards[kind] > 0) outcomes.emplace_back(Action::draw(static_cast<FortuneCard>(kind)), cards[kind] / total);
    return outcomes;
  }
  if (!turn_.awaits_roll()) return outcomes;
  for (const FaceCounts& faces : dice_multisets(turn_.in_hand))
    outcomes.emplace_back(Action::roll(faces), turn_.outcome_probability(faces));
  return outcomes;
}

std::vector<Action> State::legal_actions() const {
  if (is_terminal()) return {};
  if (current_player() == rules::kChancePlayer) {
    std::vector<Action> actions;
    for (const auto& [action, probability] : chance_outcomes()) actions.push_back(action);
    return actions;
  }
  return turn_.legal_moves();
}

Action State::sample_chance(rules::Rng& rng) const {
  if (in_turn_) return turn_.sample_roll(rng);
  const CardCounts cards = drawable(deck_, options_.promo);
  int pick = std::uniform_int_distribution<int>(0, card_total(cards) - 1)(rng);
  int kind = 0;
  while (pick >= cards[kind]) pick -= cards[kind++];
  return Action::draw(static_cast<FortuneCard>(kind));
}

std::string State::refusal(const Action& action) const {
  if (is_terminal()) return "the game is over";
  const bool starts_turn = action.kind == ActionKind::draw || action.kind == ActionKind::tally;
  if (in_turn_) return starts_turn ? "finish the current turn first" : turn_.refusal(action);
  if (!starts_turn) {
    if (turns_played_ == 0) return "draw a fortune card first";
    return "the last turn ended " + turn_end_text(last_turn_end(), last_turn_.turn, "the player") +
           "; the next player draws a fortune card first";
  }
  const int kind = static_cast<int>(action.card);
  if (kind < 0 || kind >= kFortuneCardKinds) return "no such fortune card";
  if (is_promo(action.card) && !options_.promo)
    return "the " + notation::to_string(action.card) + " card is a promo card, not in this game's deck (option promo)";
  const CardCounts cards = drawable(deck_, options_.promo);
  if (cards[kind] == 0) {
    const int copies = fortune_deck(options_.promo)[kind];
    return "no " + notation::to_string(action.card) + " card is left in the fortune deck: " +
           (copies == 1 ? std::string("the only one was") : "all " + std::to_string(copies) + " were") +
           " drawn since the last shuffle";
  }
  if (action.kind == ActionKind::tally) {
    try {
      validate_turn({action.card, action.faces, action.chest, action.skull_island});
    } catch (const InputError& error) {
      return error.what();
    }
  }
  return "";
}

void State::apply_action(const Action& action) {
  if (std::string why = refusal(action); !why.empty()) throw RuleViolation(why);
  history_.push_back(action);
  if (action.kind == ActionKind::draw || action.kind == ActionKind::tally) {
    if (card_total(deck_) == 0) {  // Step 1. An empty deck is reshuffled before the draw.
      deck_ = fortune_deck(options_.promo);
      discards_ = {};
    }
    --deck_[static_cast<int>(action.card)];
    turn_ = Turn::start(action.card);
    in_turn_ = true;
    if (action.kind == ActionKind::draw) return;
    // A tallied turn: the table as it ended.
    turn_.dice = action.faces;
    turn_.chest = action.chest;
    turn_.skull_island = action.skull_island;
    turn_.in_hand = 0;
    turn_.phase = TurnPhase::over;
  } else {
    turn_.apply(action);
  }
  if (turn_.is_over()) finish_turn();
}

void State::finish_turn() {
  const int players = options_.players;
  const TurnPoints points = turn_.points();
  // Step 1. The turn's result: the player's score, every opponent's Island deduction.
  totals_[seat_] += points.score;
  scored_[seat_] += points.score;
  for (int other = 0; other < players; ++other) {
    if (other == seat_) continue;
    totals_[other] -= points.deduction;
    deducted_[other] += points.deduction;
  }
  ++discards_[static_cast<int>(turn_.card)];
  last_turn_ = {seat_, turn_, points};
  in_turn_ = false;
  ++turns_played_;

  // Step 2. Pirate magic wins at once.
  if (points.instant_win && options_.pirate_magic) return end_game(Ending::pirate_magic, {seat_});
  const bool reached = totals_[seat_] >= options_.target;
  if (last_round()) {
    // Step 3. An Island deduction that drops the first player below the target cancels the last round.
    if (points.deduction > 0 && totals_[first_to_target_] < options_.target) {
      first_to_target_ = -1;
      last_turns_left_ = 0;
      sudden_death_ = true;
    } else if (--last_turns_left_ == 0) {
      return end_game(Ending::normal, last_round_winners());
    }
  } else if (reached && sudden_death_) {
    // Step 4. After a cancelled last round the next player to reach the target wins at once.
    return end_game(Ending::reached_after_cancel, {seat_});
  } else if (reached) {
    // Step 5. Reaching the target starts the last round: every other player has one more turn.
    first_to_target_ = seat_;
    last_turns_left_ = players - 1;
  }
  seat_ = (seat_ + 1) % players;
}

std::vector<int> State::last_round_winners() const {
  // The highest total at or above the target; the first player keeps a tie, later players share.
  int best = totals_[first_to_target_];
  for (int seat = 0; seat < options_.players; ++seat) best = std::max(best, totals_[seat]);
  if (totals_[first_to_target_] == best) return {first_to_target_};
  std::vector<int> winners;
  for (int seat = 0; seat < options_.players; ++seat)
    if (totals_[seat] == best) winners.push_back(seat);
  return winners;
}

void State::end_game(Ending ending, std::vector<int> winners) {
  ending_ = ending;
  winners_ = std::move(winners);
}

std::vector<double> State::returns() const {
  std::vector<double> out;
  for (int seat = 0; seat < options_.players; ++seat) out.push_back(totals_[seat]);
  return out;
}

std::string State::check_invariants() const {
  const CardCounts full = fortune_deck(options_.promo);
  for (int kind = 0; kind < kFortuneCardKinds; ++kind) {
    const int in_play = in_turn_ && static_cast<int>(turn_.card) == kind ? 1 : 0;
    if (deck_[kind] < 0 || discards_[kind] < 0 || deck_[kind] + discards_[kind] + in_play != full[kind])
      return "fortune cards not conserved: " + notation::to_string(static_cast<FortuneCard>(kind));
  }
  if (in_turn_) {
    if (turn_.in_hand < 0 || dice_total(turn_.dice) + turn_.in_hand != kDiceCount) return "the turn has not eight dice";
    for (int face = 0; face < kFaceCount; ++face)
      if (turn_.dice[face] < 0 || turn_.chest[face] < 0 || turn_.chest[face] > turn_.dice[face])
        return "the chest holds dice that are not on the table";
    if (count_of(turn_.chest, Face::skull) > 0) return "a skull lies in the chest";
    if (dice_total(turn_.chest) > 0 && turn_.card != FortuneCard::chest) return "dice in the chest without the chest card";
    if (turn_.skull_island && is_sea_battle(turn_.card)) return "Island of Skulls under a sea battle";
    if (turn_.is_over()) return "a finished turn was not scored";
  }
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    if (totals_[seat] != starting_[seat] + scored_[seat] - deducted_[seat]) return "a total is not the sum of its turn results";
    if (seat >= options_.players && totals_[seat] != 0) return "an empty seat has points";
  }
  if (is_terminal() == winners_.empty()) return "winners and the end of the game disagree";
  for (int winner : winners_)
    if (winner < 0 || winner >= options_.players) return "a winner outside the table";
  if (last_round() && !is_terminal()) {
    if (last_turns_left_ < 1 || last_turns_left_ > options_.players - 1) return "the last round has a wrong length";
    if (totals_[first_to_target_] < options_.target) return "the last round runs below the target";
  }
  if (turns_played_ > 0 && dice_total(last_turn_.turn.dice) != kDiceCount) return "the last turn has not eight dice";
  return "";
}

TurnEnd State::last_turn_end() const {
  const Turn& turn = last_turn_.turn;
  // Between turns the last action is the one that ended the last turn.
  const ActionKind last = history_.empty() ? ActionKind::stop : history_.back().kind;
  if (last == ActionKind::tally) return TurnEnd::tallied;
  if (turn.died()) return TurnEnd::died;
  if (last == ActionKind::stop) return TurnEnd::stopped;
  if (turn.skull_island && turn.dice[static_cast<int>(Face::skull)] == kDiceCount) return TurnEnd::island_all_skulls;
  if (turn.card == FortuneCard::storm && turn.rolls >= kStormRolls) return TurnEnd::storm_spent;
  return TurnEnd::island_no_skull;
}

std::string turn_end_text(TurnEnd end, const Turn& turn, const std::string& player) {
  switch (end) {
    case TurnEnd::stopped: return "when " + player + " stopped";
    case TurnEnd::died: return "with " + counted(turn.skulls(), "skull");
    case TurnEnd::island_no_skull: return "on the Island of Skulls, when a roll brought no new skull";
    case TurnEnd::island_all_skulls: return "on the Island of Skulls, with all eight dice skulls";
    case TurnEnd::storm_spent: return "after the storm's two rolls";
    case TurnEnd::tallied: return "when it was tallied";
  }
  return "";
}

std::string State::to_string() const {
  std::string out = "Piraten Kapern, target " + std::to_string(options_.target) + (options_.promo ? ", promo" : "") +
                    (options_.pirate_magic ? "" : ", no pirate magic") + ", turn " + std::to_string(turns_played_ + 1) + "\n";
  for (int seat = 0; seat < options_.players; ++seat) {
    out += (seat == seat_ ? "> seat " : "  seat ") + std::to_string(seat) + ": " + std::to_string(totals_[seat]);
    if (seat == first_to_target_) out += " (reached the target first)";
    out += "\n";
  }
  if (in_turn_) out += "turn: " + turn_.to_string() + "\n";
  out += "deck: " + counted(card_total(deck_), "card") + " left";
  if (last_round()) out += ", last round: " + counted(last_turns_left_, "turn") + " left";
  if (sudden_death_) out += ", last round cancelled: the next to reach the target wins";
  if (is_terminal()) {
    out += "\n" + noun_for(static_cast<long long>(winners_.size()), "winner") + ":";
    for (int winner : winners_) out += " seat " + std::to_string(winner);
  }
  return out;
}

void apply_reroll(State& state, const FaceCounts& picked_up, const FaceCounts& came_up) {
  State next = state;
  next.apply_action(Action::reroll(picked_up));
  next.apply_action(Action::roll(came_up));
  state = std::move(next);
}

}  // namespace qm::piraten
