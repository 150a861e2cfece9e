#include "rules/pirates_code/state.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "scoring/pirates_code/judgement.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::pirates_code {

namespace {

// 聞き込み: any number derived from the card may be asked, even one no card carries ("0 や 15").
// Legal-action lists offer 0-15; apply_action accepts any other number too.
constexpr int kLowestListedAsk = 0;
constexpr int kHighestListedAsk = 15;

}  // namespace

State::State(Game game) : game_(std::make_shared<const Game>(std::move(game))) {
  if (game_->players < kMinPlayers || game_->players > kMaxPlayers)
    throw InputError("Pirate's Code is played by 3 or 4 players");
}

int State::current_player() const {
  switch (table_.phase) {
    case Phase::deal:
    case Phase::draw: return rules::kChancePlayer;
    case Phase::play:
    case Phase::judgement: return table_.turn_player;
    case Phase::over: return rules::kTerminalPlayer;
  }
  return rules::kTerminalPlayer;
}

NumberSet State::face_up() const {
  NumberSet all;
  for (int seat = 0; seat < players(); ++seat) all = all | face_up(seat);
  return all;
}

std::vector<int> State::plunder_victims(int seat) const {
  std::array<int, kMaxPlayers> sizes{};
  for (int other = 0; other < players(); ++other) sizes[index(other)] = hand_size(other);
  return pirates_code::plunder_victims(std::span<const int>(sizes.data(), index(players())), seat);
}

// ---------------------------------------------------------------------------------------------
// Legal actions

std::vector<Action> State::legal_actions() const {
  std::vector<Action> legal;
  if (table_.phase == Phase::judgement) {
    legal.push_back(Action::continue_judgement());
    legal.push_back(Action::stop_judgement());
    return legal;
  }
  if (table_.phase != Phase::play) return legal;
  const int me = table_.turn_player;
  const NumberSet mine = hand(me);
  const int size = hand_size(me);
  for (int card : mine.numbers()) {
    switch (game_->cards.role(card)) {
      case Role::inquiry:
        for (int target = 0; target < players(); ++target) {
          if (target == me) continue;
          for (int asked = kLowestListedAsk; asked <= kHighestListedAsk; ++asked)
            if (asked != card) legal.push_back(Action::inquiry(card, target, asked));
        }
        break;
      case Role::scouting:
        for (int target = 0; target < players(); ++target)
          if (target != me) legal.push_back(Action::scouting(card, target));
        break;
      case Role::clairvoyance:
        if (size < kClairvoyanceHandNeeded) break;
        for (int companion : mine.numbers()) {
          if (companion == card) continue;
          for (int slot = 0; slot < kCodeCards; ++slot) legal.push_back(Action::clairvoyance(card, companion, slot));
        }
        break;
      case Role::rapid_fire:
        if (size >= 2) legal.push_back(Action::rapid_fire(card));
        break;
      case Role::plunder: {
        if (size < 2 && !game_->plunder_with_last_card) break;
        for (int victim : plunder_victims(me))
          if (hand_size(victim) >= 2) legal.push_back(Action::plunder(card, victim));
        break;
      }
    }
  }
  const NumberSet open = face_up();
  const NumberSet barred = has_continue_token(me) ? open : open | mine;
  const std::vector<int> guessable = NumberSet::all().without(barred).numbers();
  for (std::size_t i = 0; i < guessable.size(); ++i)
    for (std::size_t j = i + 1; j < guessable.size(); ++j) legal.push_back(Action::guess(guessable[i], guessable[j]));
  return legal;
}

std::vector<std::pair<Action, double>> State::chance_outcomes() const {
  std::vector<std::pair<Action, double>> outcomes;
  if (table_.phase != Phase::draw) return outcomes;
  const int from = table_.draw_from;
  const double each = 1.0 / hand_size(from);
  for (int number : hand(from).numbers()) outcomes.emplace_back(Action::draw(number), each);
  if (skeletons(from) > 0) outcomes.emplace_back(Action::draw(kSkeleton), each * skeletons(from));
  return outcomes;
}

Action State::sample_chance(rules::Rng& rng) const {
  if (table_.phase == Phase::deal) {
    std::array<std::int8_t, kNumberCount> deck{};
    std::iota(deck.begin(), deck.end(), static_cast<std::int8_t>(kLowestNumber));
    // Fisher-Yates with the generator's own output: std::shuffle's result differs between
    // standard libraries, and a seed must give the same game everywhere.
    for (std::size_t i = deck.size() - 1; i > 0; --i) std::swap(deck[i], deck[rng() % (i + 1)]);
    return Action::deal(deck);
  }
  if (table_.phase != Phase::draw) throw RuleViolation("no chance event is due: it is a player's turn");
  const int from = table_.draw_from;
  const int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(hand_size(from)));
  const std::vector<int> numbers = hand(from).numbers();
  return Action::draw(pick < static_cast<int>(numbers.size()) ? numbers[static_cast<std::size_t>(pick)] : kSkeleton);
}

// ---------------------------------------------------------------------------------------------
// Checking an action: every refusal happens here, before anything changes.

void State::check_legal(const Action& action) const {
  switch (table_.phase) {
    case Phase::over: throw RuleViolation("the game is over");
    case Phase::deal:
      if (action.move != Move::deal) throw RuleViolation("the cards must be dealt first");
      {
        NumberSet seen;
        for (std::int8_t number : action.deck) {
          if (!NumberSet::valid(number) || seen.contains(number))
            throw RuleViolation("a deal orders the fourteen numbers 1-14, each once");
          seen.insert(number);
        }
      }
      return;
    case Phase::draw:
      if (action.move != Move::draw)
        throw RuleViolation(fmt::format("the card drawn from P{}'s hand must be entered first", table_.draw_from + 1));
      if (action.card == kSkeleton ? skeletons(table_.draw_from) == 0 : !hand(table_.draw_from).contains(action.card))
        throw RuleViolation(fmt::format("P{} does not hold {}", table_.draw_from + 1, card_name(action.card)));
      return;
    case Phase::judgement:
      if (action.move != Move::continue_judgement && action.move != Move::stop_judgement)
        throw RuleViolation("the guesser must first say whether it continues the judgement");
      return;
    case Phase::play: check_play(action); return;
  }
}

void State::check_play(const Action& action) const {
  const int me = table_.turn_player;
  const auto check_target = [&](int target, const char* what) {
    if (target < 0 || target >= players()) throw RuleViolation(fmt::format("there is no player {} to {}", target + 1, what));
    if (target == me) throw RuleViolation(fmt::format("{} another player, not yourself", what));
  };
  switch (action.move) {
    case Move::deal:
    case Move::draw: throw RuleViolation("no chance event is due: it is a player's turn");
    case Move::continue_judgement:
    case Move::stop_judgement: throw RuleViolation("there is no failed guess to continue");
    case Move::guess: {
      const int first = action.card;
      const int second = action.asked;
      if (!NumberSet::valid(first) || !NumberSet::valid(second))
        throw RuleViolation("a guess names two numbers from 1 to 14");
      if (first == second) throw RuleViolation("a guess names two different numbers");
      for (int number : {first, second}) {
        if (face_up().contains(number)) throw RuleViolation(fmt::format("{} is face up on the table: it cannot be guessed", number));
        if (!has_continue_token(me) && hand(me).contains(number))
          throw RuleViolation(fmt::format("you hold {}: with the continue token spent you cannot declare your own numbers", number));
      }
      return;
    }
    default: break;
  }
  // Playing a card: it must be in hand and carry the effect asked for.
  const int card = action.card;
  if (!NumberSet::valid(card)) throw RuleViolation("a skeleton has no effect and cannot be played");
  if (!hand(me).contains(card)) throw RuleViolation(fmt::format("you do not hold {}", card));
  const Role role = game_->cards.role(card);
  const Role wanted = action.move == Move::inquiry        ? Role::inquiry
                      : action.move == Move::scouting     ? Role::scouting
                      : action.move == Move::clairvoyance ? Role::clairvoyance
                      : action.move == Move::rapid_fire   ? Role::rapid_fire
                                                          : Role::plunder;
  if (role != wanted)
    throw RuleViolation(fmt::format("{} is {} card, not {} card", card, with_article(role_text(role)),
                                    with_article(role_text(wanted))));
  const int size = hand_size(me);
  switch (action.move) {
    case Move::inquiry:
      check_target(action.target, "show the inquiry to");
      if (action.asked == card)
        throw RuleViolation("ask about a number derived from the card by adding or subtracting, not the card itself");
      return;
    case Move::scouting: check_target(action.target, "show the scouting card to"); return;
    case Move::clairvoyance:
      if (action.companion == kSkeleton) throw RuleViolation("clairvoyance cannot put a skeleton face up");
      if (action.companion == card || !hand(me).contains(action.companion))
        throw RuleViolation(fmt::format("clairvoyance needs a second card from your hand; you do not hold another {}",
                                        card_name(action.companion)));
      if (size < kClairvoyanceHandNeeded)
        throw RuleViolation("clairvoyance puts two cards face up and would leave you with no cards");
      if (action.slot < 0 || action.slot >= kCodeCards) throw RuleViolation("look at code card 1 or 2");
      return;
    case Move::rapid_fire:
      if (size < 2) throw RuleViolation("rapid fire is your last card: playing it would leave you with no cards");
      return;
    case Move::plunder: {
      if (size < 2 && !game_->plunder_with_last_card)
        throw RuleViolation("plunder is your last card: playing it would leave you with no cards");
      check_target(action.target, "plunder");
      const std::vector<int> victims = plunder_victims(me);
      if (std::find(victims.begin(), victims.end(), action.target) == victims.end())
        throw RuleViolation(fmt::format("plunder takes from the player with the most cards; P{} has {}, fewer than P{}",
                                        action.target + 1, hand_size(action.target), victims.front() + 1));
      if (hand_size(action.target) < 2)
        throw RuleViolation(fmt::format("taking P{}'s last card would leave it with no cards", action.target + 1));
      return;
    }
    default: return;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying an action

void State::apply_action(const Action& action) {
  check_legal(action);
  step(action);
  history_.push_back(action);
}

void State::tell_all(const Clue& clue) {
  for (int seat = 0; seat < players(); ++seat) tell(seat, clue);
}

void State::put_face_up(int seat, int number) {
  table_.hands[index(seat)].erase(number);
  table_.face_up[index(seat)].insert(number);
  tell_all(Clue::face_up(seat, number));
}

// Judges from `start_position`; everyone hears every answer. Returns the seat that said "have".
void State::tell_answers(int guesser, NumberSet declared, int start_position) {
  const Answers answers = judge(std::span<const NumberSet>(table_.hands.data(), index(players())), guesser, declared,
                                start_position);
  for (int i = 0; i < answers.count; ++i)
    tell_all(Clue::answer(answers.seat[index(i)], declared, answers.has[index(i)]));
  table_.resume_position = answers.next_position;
  if (answers.holder >= 0) return;
  if (start_position == 0) {
    // 2.2: everyone answered "don't have": the guesser wins. (A continued judgement cannot win.)
    table_.winner = guesser;
    table_.phase = Phase::over;
  }
}

void State::end_action() {
  if (--table_.actions_left > 0) {
    table_.phase = Phase::play;
    return;
  }
  end_turn();
}

void State::end_turn() {
  table_.turn_player = (table_.turn_player + 1) % players();
  table_.actions_left = 1;
  ++table_.turns;
  table_.phase = Phase::play;
}

void State::step(const Action& action) {
  const int me = table_.turn_player;
  switch (action.move) {
    case Move::deal: {
      // カードの配付 and 「財宝の隠し場所」カードの準備.
      const int each = game_->dealt_numbers();
      for (int seat = 0; seat < players(); ++seat) {
        NumberSet hand;
        for (int k = 0; k < each; ++k) hand.insert(action.deck[index(seat * each + k)]);
        table_.hands[index(seat)] = hand;
        table_.dealt[index(seat)] = hand;
        table_.skeletons[index(seat)] = game_->skeleton_cards() / players();
        table_.token[index(seat)] = true;
      }
      table_.code = {action.deck[index(players() * each)], action.deck[index(players() * each + 1)]};
      table_.turn_player = 0;
      table_.actions_left = 1;
      table_.turns = 1;
      table_.phase = Phase::play;
      return;
    }
    case Move::draw: {
      const int from = table_.draw_from;
      const int card = action.card;
      if (table_.drawing_for == Move::scouting) {
        // 偵察: look at it and give it back.
        tell(me, card == kSkeleton ? Clue::holds_skeleton(from) : Clue::holds(from, card));
      } else {
        // 強奪: the card changes hands; only the two players involved see which.
        if (card == kSkeleton) {
          --table_.skeletons[index(from)];
          ++table_.skeletons[index(me)];
        } else {
          table_.hands[index(from)].erase(card);
          table_.hands[index(me)].insert(card);
        }
        for (int seat = 0; seat < players(); ++seat)
          tell(seat, seat == me || seat == from ? Clue::moved(from, me, card) : Clue::moved_unseen(from, me));
      }
      table_.draw_from = -1;
      end_action();
      return;
    }
    case Move::inquiry: {
      const int target = action.target;
      const bool has = hand(target).contains(action.asked);
      const NumberSet asked = NumberSet::of({action.asked});
      for (int seat = 0; seat < players(); ++seat) {
        if (seat == me) tell(seat, Clue::answer(target, asked, has));
        else if (seat == target) tell(seat, Clue::holds(me, action.card));
        else tell(seat, Clue::offset_answer(me, target, game_->cards.numbers_with(Role::inquiry), action.asked - action.card, has));
      }
      end_action();
      return;
    }
    case Move::scouting: {
      for (int seat = 0; seat < players(); ++seat) {
        if (seat == action.target) tell(seat, Clue::holds(me, action.card));
        else if (seat != me) tell(seat, Clue::holds_one_of(me, game_->cards.numbers_with(Role::scouting)));
      }
      table_.drawing_for = Move::scouting;
      table_.draw_from = action.target;
      table_.phase = Phase::draw;
      return;
    }
    case Move::clairvoyance: {
      put_face_up(me, action.card);
      put_face_up(me, action.companion);
      table_.seen_slots[index(me)] |= 1 << action.slot;
      tell(me, Clue::code_seen(table_.code[index(action.slot)]));
      end_action();
      return;
    }
    case Move::rapid_fire:
      put_face_up(me, action.card);
      table_.actions_left += kRapidFireActions;
      end_action();
      return;
    case Move::plunder:
      put_face_up(me, action.card);
      table_.drawing_for = Move::plunder;
      table_.draw_from = action.target;
      table_.phase = Phase::draw;
      return;
    case Move::guess: {
      table_.declared = action.declared;
      tell_answers(me, action.declared, 0);
      if (table_.phase == Phase::over) return;
      // 2.3: a guesser with its token may go on asking, if anyone is left to ask.
      if (has_continue_token(me) && table_.resume_position < players()) {
        table_.phase = Phase::judgement;
        return;
      }
      break;
    }
    case Move::continue_judgement:
      table_.token[index(me)] = false;
      tell_answers(me, table_.declared, table_.resume_position);
      break;
    case Move::stop_judgement: break;
  }
  // A failed guess: the turn ends (or, as an option, only this action does).
  if (game_->failed_guess_ends_turn) end_turn();
  else end_action();
}

// ---------------------------------------------------------------------------------------------
// Results and checks

std::vector<double> State::returns() const {
  std::vector<double> result(index(players()), 0.0);
  if (table_.winner >= 0) result[index(table_.winner)] = 1.0;
  return result;
}

std::string State::check_invariants() const {
  if (table_.phase == Phase::deal) return "";
  // Cards are conserved: each number is in exactly one hand, face up, or in the code.
  NumberSet seen;
  int count = 0;
  const auto place = [&](NumberSet cards) {
    if (!(seen & cards).empty()) return false;
    seen = seen | cards;
    count += cards.size();
    return true;
  };
  int skeleton_total = 0;
  for (int seat = 0; seat < players(); ++seat) {
    if (!place(hand(seat)) || !place(face_up(seat))) return fmt::format("a number is in two places (P{})", seat + 1);
    if (skeletons(seat) < 0) return fmt::format("P{} holds a negative number of skeletons", seat + 1);
    skeleton_total += skeletons(seat);
    // A plunderer whose last card was the plunder holds nothing only until it takes its card.
    const bool plundering = table_.phase == Phase::draw && table_.drawing_for == Move::plunder && seat == table_.turn_player;
    if (hand_size(seat) == 0 && !plundering) return fmt::format("P{} has no cards left", seat + 1);
  }
  if (table_.code[0] == table_.code[1] || !place(NumberSet::of({table_.code[0], table_.code[1]})))
    return "a code card is also elsewhere";
  if (seen != NumberSet::all() || count != kNumberCount) return "the number cards are not all accounted for";
  if (skeleton_total != game_->skeleton_cards()) return "skeleton cards are not conserved";
  if (count + skeleton_total != game_->total_cards()) return "the cards in play changed";
  if (table_.winner >= 0 && table_.declared != NumberSet::of({table_.code[0], table_.code[1]}))
    return "a guess won that is not the code";
  if (table_.phase == Phase::play && table_.actions_left < 1) return "a turn has no action left";
  return "";
}

std::string State::to_string() const {
  std::string text;
  switch (table_.phase) {
    case Phase::deal: return "Pirate's Code: waiting for the deal\n";
    case Phase::play:
      text = fmt::format("turn {}: P{} to act ({} left)\n", table_.turns, table_.turn_player + 1,
                         counted(table_.actions_left, "action"));
      break;
    case Phase::draw: text = fmt::format("turn {}: a card is drawn from P{}\n", table_.turns, table_.draw_from + 1); break;
    case Phase::judgement:
      text = fmt::format("turn {}: P{} decides whether to continue judging {}\n", table_.turns, table_.turn_player + 1,
                         pirates_code::to_string(table_.declared));
      break;
    case Phase::over: text = fmt::format("P{} found the code after {}\n", table_.winner + 1, counted(table_.turns, "turn")); break;
  }
  for (int seat = 0; seat < players(); ++seat)
    text += fmt::format("P{}: hand {}{}  face up {}  token {}\n", seat + 1, pirates_code::to_string(hand(seat)),
                        skeletons(seat) > 0 ? fmt::format(" +{} skeleton", skeletons(seat)) : "",
                        pirates_code::to_string(face_up(seat)), has_continue_token(seat) ? "yes" : "spent");
  text += fmt::format("code: {} {}\n", table_.code[0], table_.code[1]);
  return text;
}

Notebook State::notebook_of(int seat) const {
  if (table_.phase == Phase::deal) throw RuleViolation("no notebook before the deal");
  Notebook notebook(players(), seat, dealt(seat));
  // Clue by clue: the engine's clues are true, and a line of a whole game would be followed
  // through every unseen plunder at once.
  for (const Clue& clue : clues(seat)) notebook.record(clue);
  return notebook;
}

}  // namespace qm::pirates_code
