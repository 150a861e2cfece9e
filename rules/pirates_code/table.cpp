#include "rules/pirates_code/table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::pirates_code {

using seats::at;

std::string event_name(const Event& event) {
  return std::visit([](const auto& kind) { return std::string(kind.kName); }, event);
}

Table::Table(TableSetup setup)
    : setup_(std::move(setup)), notebook_(static_cast<int>(setup_.names.size()), setup_.me, setup_.hand) {
  if (setup_.game.players != players())
    throw InputError(fmt::format("the game is set up for {} players, not {}", setup_.game.players, players()));
  hand_size_.assign(at(players()), kHandSize);
  face_up_.assign(at(players()), NumberSet());
  token_.assign(at(players()), true);
  my_hand_ = setup_.hand;
  my_skeletons_ = kHandSize - setup_.hand.size();
}

// ---------------------------------------------------------------------------------------------
// What the table knows

NumberSet Table::face_up() const {
  NumberSet all;
  for (const NumberSet set : face_up_) all = all | set;
  return all;
}

std::vector<int> Table::plunder_victims(int plunderer) const {
  return pirates_code::plunder_victims(hand_size_, plunderer);
}

int Table::actor_of(std::optional<int> named, std::string_view event) const {
  if (is_over())
    throw RuleViolation("the game is over: " + name(winner_) +
                        " found the code; start another with 'new pirates-code'");
  if (named && (*named < 0 || *named >= players()))
    throw InputError(fmt::format("'{}': there is no player at seat {}", event, *named));
  if (named && *named != turn_player_)
    throw RuleViolation(fmt::format("'{}': it is {}'s turn, not {}'s ('turn {}' if the table moved on)", event,
                                    name(turn_player_), name(*named), name(*named)));
  return turn_player_;
}

void Table::check_seat(int seat, const char* event) const {
  if (seat < 0 || seat >= players()) throw InputError(fmt::format("'{}': there is no player at seat {}", event, seat));
}

// A card the actor plays: it has the role, is not face up, and is in the owner's hand when the
// owner plays it (and not in it when someone else does).
void Table::check_played_card(int actor, int card, Role role, const char* event) const {
  if (!NumberSet::valid(card))
    throw InputError(fmt::format("'{}': {} is not a number card (1-14)", event, card_name(card)));
  const Role has = setup_.game.cards.role(card);
  if (has != role)
    throw RuleViolation(fmt::format("'{}': {} is {} card, not {} card", event, card, with_article(role_text(has)),
                                    with_article(role_text(role))));
  if (face_up().contains(card)) throw RuleViolation(fmt::format("'{}': {} is already face up", event, card));
  check_not_mine(actor, card, event);
}

void Table::check_not_mine(int actor, int number, const char* event) const {
  if (actor == me() && !my_hand_.contains(number))
    throw RuleViolation(fmt::format("'{}': you ({}) do not hold {}", event, name(me()), number));
  if (actor != me() && my_hand_.contains(number))
    throw InputError(fmt::format("'{}': {} is in your hand ({}), not {}'s", event, number, name(me()), name(actor)));
}

// The owner's own answers in a guess's judgement are what its hand says: answers are truthful, so
// one the owner's cards contradict was mistyped, and the owner knows it (unlike a contradiction
// with what others said, which the notebook flags).
void Table::check_my_answers(const Guess& guess, const std::vector<Clue>& answers) const {
  const NumberSet declared = NumberSet::of({guess.first, guess.second});
  const NumberSet mine = my_hand_ & declared;
  const std::string you = "'guess': you (" + name(me()) + ")";
  for (const Clue& answer : answers) {
    if (answer.player != me() || mine.empty() != answer.has) continue;
    if (answer.has)
      throw InputError(fmt::format("{} hold neither {} nor {}, so you did not say \"have\"", you, guess.first,
                                   guess.second));
    if (guess.holder < 0)
      throw InputError(fmt::format("{} hold {}: {} and {} cannot be the code", you, mine.first(), guess.first,
                                   guess.second));
    throw InputError(fmt::format("{} hold {}, so you said \"have\" when your turn to answer came", you, mine.first()));
  }
}

// ---------------------------------------------------------------------------------------------
// Working out an event: every refusal happens here, before anything changes.

void Table::check(const Event& event) const { (void)effect_of(event); }

Table::Effect Table::effect_of(const Event& event) const {
  return std::visit([this](const auto& kind) { return work_out(kind); }, event);
}

// 2.2 判定, 2.3 続行.
Table::Effect Table::work_out(Guess guess) const {
  const int guesser = actor_of(guess.actor, Guess::kName);
  const int players = this->players();
  if (!NumberSet::valid(guess.first) || !NumberSet::valid(guess.second))
    throw InputError("'guess': a guess names two numbers from 1 to 14");
  if (guess.first == guess.second)
    throw RuleViolation(fmt::format("a guess names two different numbers, not {} twice", guess.first));
  for (const int number : {guess.first, guess.second}) {
    if (face_up().contains(number))
      throw RuleViolation(fmt::format("{} is face up on the table: it cannot be guessed", number));
    if (guesser == me() && !has_token(guesser) && my_hand_.contains(number))
      throw RuleViolation(
          fmt::format("you hold {}: with your continue token spent you cannot declare your own numbers", number));
  }
  if (guess.holder != -1) check_seat(guess.holder, Guess::kName);
  if (guess.continued && *guess.continued != -1) check_seat(*guess.continued, Guess::kName);

  const auto position_of = [&](int seat) { return (seat - guesser + players) % players; };
  if (guess.continued) {
    if (guess.holder < 0) throw RuleViolation("nobody said \"have\": the guess won, there is nothing to continue");
    if (!has_token(guesser)) throw RuleViolation(name(guesser) + " has already spent the continue token");
    if (position_of(guess.holder) == players - 1)
      throw RuleViolation(name(guess.holder) + " answered last: nobody is left to ask after a continue");
    if (*guess.continued >= 0 && position_of(*guess.continued) <= position_of(guess.holder))
      throw RuleViolation(
          fmt::format("after the continue the judgement goes on clockwise from the player after {}; {} "
                      "has already answered",
                      name(guess.holder), name(*guess.continued)));
  }

  Effect effect;
  effect.actor = guesser;
  effect.clues = guess_clues(players, guesser, guess.first, guess.second, guess.holder, guess.continued);
  check_my_answers(guess, effect.clues);
  effect.declared = NumberSet::of({guess.first, guess.second});
  effect.spends_token = guess.continued.has_value();
  effect.wins = guess.holder < 0;
  effect.failed_guess = guess.holder >= 0;
  guess.actor = guesser;
  effect.event = guess;
  return effect;
}

NumberSet Table::check_shown_card(int actor, int target, std::optional<int> card, Role role, const char* event) const {
  check_seat(target, event);
  const std::string kind = role_text(role) + " card";
  if (target == actor) throw RuleViolation(with_article(kind) + " is shown to another player, not to oneself");
  const NumberSet role_cards = setup_.game.cards.numbers_with(role);
  if (card && actor != me() && target != me())
    throw InputError(fmt::format("'{}': only {} saw the card {} showed; leave out 'showing {}'", event, name(target),
                                 name(actor), *card));
  if (card) check_played_card(actor, *card, role, event);
  if (!card && actor == me() && (my_hand_ & role_cards).empty())
    throw RuleViolation("you (" + name(me()) + ") hold no " + kind + " (" + to_string(role_cards) + ")");
  return role_cards;
}

// 聞き込み.
Table::Effect Table::work_out(Inquiry inquiry) const {
  const int actor = actor_of(inquiry.actor, Inquiry::kName);
  const int target = inquiry.target;
  const std::optional<int> card = inquiry.card;
  const std::optional<int> offset = inquiry.offset;
  std::optional<int>& asked = inquiry.asked;
  std::optional<bool>& answer = inquiry.answer;
  const NumberSet inquiry_cards = check_shown_card(actor, target, card, Role::inquiry, Inquiry::kName);
  if (offset && *offset == 0)
    throw RuleViolation("an inquiry asks about the card's number plus or minus something, not +0");
  if (card && offset) {
    if (asked && *asked != *card + *offset)
      throw InputError(fmt::format("'inquiry': {} {:+} is {}, not {}", *card, *offset, *card + *offset, *asked));
    asked = *card + *offset;
  }
  if (!asked && !offset)
    throw InputError("'inquiry' expects the number asked about: has Q, or +K / -K from the card shown");
  if (card && asked && *asked == *card)
    throw RuleViolation(
        "an inquiry asks about a number derived from the card by adding or subtracting, not the card itself");
  if (!asked && actor == me())
    throw InputError("'inquiry': say which card you showed (showing C) or which number you asked about (has Q)");
  if (!asked && target == me())
    throw InputError(fmt::format("'inquiry': you ({}) saw the card {} showed you: say which (showing C)", name(me()),
                                 name(actor)));
  if (!answer && target == me() && asked) answer = my_hand_.contains(*asked);
  if (!answer) throw InputError("'inquiry' expects the answer: yes or no");
  // The owner's own answer is what its hand says (answers are truthful): another was mistyped.
  if (target == me() && *answer != my_hand_.contains(*asked))
    throw InputError(fmt::format("'inquiry': you ({}) {} {}: the answer is {}", name(me()),
                                 *answer ? "do not hold" : "hold", *asked, *answer ? "no" : "yes"));

  Effect effect;
  effect.actor = actor;
  if (card && actor != me()) effect.clues.push_back(Clue::holds(actor, *card));
  // A bystander told the number asked knows only that the card shown is another inquiry card.
  if (!card && actor != me() && asked)
    effect.clues.push_back(Clue::holds_one_of(actor, inquiry_cards.without(NumberSet::of({*asked}))));
  if (asked)
    effect.clues.push_back(Clue::answer(target, NumberSet::of({*asked}), *answer));
  else
    effect.clues.push_back(Clue::offset_answer(actor, target, inquiry_cards, *offset, *answer));
  inquiry.actor = actor;
  effect.event = inquiry;
  return effect;
}

// 偵察.
Table::Effect Table::work_out(Scout scout) const {
  const int actor = actor_of(scout.actor, Scout::kName);
  const int target = scout.target;
  const std::optional<int> card = scout.card, seen = scout.seen;
  const NumberSet scouting_cards = check_shown_card(actor, target, card, Role::scouting, Scout::kName);
  if (seen && *seen == kSkeleton && players() == kMinPlayers)
    throw InputError("'scout': there are no skeleton cards with three players");
  if (seen && *seen != kSkeleton && !NumberSet::valid(*seen))
    throw InputError(fmt::format("'scout': {} is not a card (1-14 or skeleton)", *seen));

  Effect effect;
  effect.actor = actor;
  if (actor == me()) {
    if (!seen) throw InputError("'scout': say what you saw: scout " + name(target) + " sees X (or skeleton)");
    if (*seen != kSkeleton && my_hand_.contains(*seen))
      throw InputError(fmt::format("'scout': {} is in your hand, not {}'s", *seen, name(target)));
    effect.clues.push_back(*seen == kSkeleton ? Clue::holds_skeleton(target) : Clue::holds(target, *seen));
  } else {
    if (seen && target != me()) throw InputError("'scout': only " + name(actor) + " saw the card");
    if (seen && (*seen == kSkeleton ? my_skeletons_ == 0 : !my_hand_.contains(*seen)))
      throw InputError("'scout': you (" + name(me()) + ") do not hold " + card_name(*seen));
    effect.clues.push_back(card ? Clue::holds(actor, *card) : Clue::holds_one_of(actor, scouting_cards));
  }
  scout.actor = actor;
  effect.event = scout;
  return effect;
}

// 千里眼.
Table::Effect Table::work_out(Clairvoyance clairvoyance) const {
  const int actor = actor_of(clairvoyance.actor, Clairvoyance::kName);
  int& card = clairvoyance.card;
  int& companion = clairvoyance.other;
  if (companion == kSkeleton) throw RuleViolation("clairvoyance cannot put a skeleton face up");
  if (!NumberSet::valid(card) || !NumberSet::valid(companion))
    throw InputError("'clairvoyance': the two cards put face up are number cards (1-14)");
  const CardSet& cards = setup_.game.cards;
  if (cards.role(card) != Role::clairvoyance && cards.role(companion) == Role::clairvoyance) std::swap(card, companion);
  if (card == companion)
    throw RuleViolation(fmt::format("clairvoyance puts two different cards face up, not {} twice", card));
  check_played_card(actor, card, Role::clairvoyance, Clairvoyance::kName);
  if (face_up().contains(companion))
    throw RuleViolation(fmt::format("'clairvoyance': {} is already face up", companion));
  check_not_mine(actor, companion, Clairvoyance::kName);
  if (hand_size(actor) < kClairvoyanceHandNeeded)
    throw RuleViolation(
        fmt::format("clairvoyance puts two cards face up and would leave {} with no cards", name(actor)));

  Effect effect;
  effect.actor = actor;
  effect.face_up = {card, companion};
  effect.clues = {Clue::face_up(actor, card), Clue::face_up(actor, companion)};
  if (actor == me()) {
    if (!clairvoyance.seen)
      throw InputError(
          fmt::format("'clairvoyance': say which code card you saw: clairvoyance {} {} sees X", card, companion));
    const int seen = *clairvoyance.seen;
    if (!NumberSet::valid(seen))
      throw InputError(
          fmt::format("'clairvoyance': the code card seen is a number card (1-14), not {}", card_name(seen)));
    if (seen == card || seen == companion || face_up().contains(seen))
      throw InputError(fmt::format("'clairvoyance': {} is face up, not a code card", seen));
    if (my_hand_.contains(seen))
      throw InputError(fmt::format("'clairvoyance': {} is in your hand ({}), not a code card", seen, name(me())));
    effect.clues.push_back(Clue::code_seen(seen));
  } else if (clairvoyance.seen) {
    throw InputError("'clairvoyance': only " + name(actor) + " looked at the code card");
  }
  clairvoyance.actor = actor;
  effect.event = clairvoyance;
  return effect;
}

// 連射.
Table::Effect Table::work_out(RapidFire rapid_fire) const {
  const int actor = actor_of(rapid_fire.actor, RapidFire::kName);
  check_played_card(actor, rapid_fire.card, Role::rapid_fire, RapidFire::kName);
  if (hand_size(actor) < 2)
    throw RuleViolation(fmt::format("rapid fire is {}'s last card: playing it would leave no cards", name(actor)));
  Effect effect;
  effect.actor = actor;
  effect.face_up = {rapid_fire.card};
  effect.clues = {Clue::face_up(actor, rapid_fire.card)};
  effect.extra_actions = kRapidFireActions;
  rapid_fire.actor = actor;
  effect.event = rapid_fire;
  return effect;
}

// 強奪.
Table::Effect Table::work_out(Plunder plunder) const {
  const int actor = actor_of(plunder.actor, Plunder::kName);
  const int card = plunder.card;
  std::optional<int>& victim = plunder.victim;
  const std::optional<int> taken = plunder.taken;

  check_played_card(actor, card, Role::plunder, Plunder::kName);
  if (hand_size(actor) < 2 && !setup_.game.plunder_with_last_card)
    throw RuleViolation(fmt::format("plunder is {}'s last card: playing it would leave no cards", name(actor)));
  const std::vector<int> victims = plunder_victims(actor);
  if (!victim) {
    if (victims.size() > 1) {
      std::vector<std::string> names;
      for (const int seat : victims) names.push_back(name(seat));
      throw InputError("'plunder': " + and_list(names) + " have the most cards: say which one " + name(actor) +
                       " took from (plunder " + std::to_string(card) + " from NAME)");
    }
    victim = victims.front();
  }
  check_seat(*victim, Plunder::kName);
  if (*victim == actor) throw RuleViolation("plunder takes a card from another player");
  if (std::find(victims.begin(), victims.end(), *victim) == victims.end())
    throw RuleViolation(fmt::format("plunder takes from the player with the most cards: {} has {}, {} has {}",
                                    name(*victim), hand_size(*victim), name(victims.front()),
                                    hand_size(victims.front())));
  if (hand_size(*victim) < 2)
    throw RuleViolation(fmt::format("taking {}'s last card would leave it with no cards", name(*victim)));
  if (taken && *taken == kSkeleton && players() == kMinPlayers)
    throw InputError("'plunder': there are no skeleton cards with three players");
  if (taken && *taken != kSkeleton && !NumberSet::valid(*taken))
    throw InputError(fmt::format("'plunder': {} is not a card (1-14 or skeleton)", *taken));

  Effect effect;
  effect.actor = actor;
  effect.face_up = {card};
  effect.clues = {Clue::face_up(actor, card)};
  effect.move_from = *victim;
  effect.move_to = actor;
  if (actor == me() || *victim == me()) {
    if (!taken)
      throw InputError(fmt::format("'plunder': say which card was taken: plunder {} from {} takes X (or skeleton)",
                                   card, name(*victim)));
    if (*victim == me() && (*taken == kSkeleton ? my_skeletons_ == 0 : !my_hand_.contains(*taken)))
      throw InputError("'plunder': you (" + name(me()) + ") do not hold " + card_name(*taken));
    if (actor == me() && *taken != kSkeleton && my_hand_.contains(*taken))
      throw InputError(fmt::format("'plunder': {} is in your hand, not {}'s", *taken, name(*victim)));
    effect.move_card = *taken;
    effect.clues.push_back(Clue::moved(*victim, actor, *taken));
  } else {
    if (taken)
      throw InputError("'plunder': only " + name(actor) + " and " + name(*victim) + " saw which card was taken");
    effect.clues.push_back(Clue::moved_unseen(*victim, actor));
  }
  plunder.actor = actor;
  effect.event = plunder;
  return effect;
}

// A card played face up whose effect the table does not follow: one action.
Table::Effect Table::work_out(FaceUp shown) const {
  const int actor = actor_of(shown.actor, FaceUp::kName);
  if (shown.numbers.empty()) throw InputError("'faceup' names the numbers put face up");
  NumberSet set;
  for (const int number : shown.numbers) {
    if (!NumberSet::valid(number)) throw InputError(fmt::format("'faceup': {} is not a number card (1-14)", number));
    if (set.contains(number)) throw InputError(fmt::format("'faceup': {} is named twice", number));
    if (face_up().contains(number))
      throw RuleViolation(fmt::format("'faceup': {} is already face up", number));
    check_not_mine(actor, number, FaceUp::kName);
    set.insert(number);
  }
  if (hand_size(actor) <= set.size())
    throw RuleViolation(
        fmt::format("no action may leave a player with no cards: {} holds {}", name(actor), hand_size(actor)));
  Effect effect;
  effect.actor = actor;
  effect.face_up = set.numbers();
  for (const int number : effect.face_up) effect.clues.push_back(Clue::face_up(actor, number));
  shown.actor = actor;
  shown.numbers = set.numbers();
  effect.event = shown;
  return effect;
}

// The table moved on without the moves being recorded.
Table::Effect Table::work_out(SetTurn set_turn) const {
  check_seat(set_turn.player, SetTurn::kName);
  if (is_over()) throw RuleViolation("the game is over: " + name(winner_) + " found the code");
  Effect effect;
  effect.actor = set_turn.player;
  effect.new_turn_player = set_turn.player;
  effect.event = set_turn;
  return effect;
}

// ---------------------------------------------------------------------------------------------
// Applying an event

const RecordedEvent& Table::apply(const Event& event) {
  Effect effect = effect_of(event);
  RecordedEvent recorded;
  recorded.number = static_cast<int>(history_.size()) + 1;
  recorded.turn = turn_;
  recorded.actor = effect.actor;
  recorded.event = std::move(effect.event);
  recorded.wins = effect.wins;
  // The notebook first: a malformed clue throws before anything changes.
  if (!notebook_.record(effect.clues)) recorded.contradiction = notebook_.contradictions().back().clue;
  recorded.clues = std::move(effect.clues);

  const std::size_t a = at(effect.actor);
  for (const int number : effect.face_up) {
    face_up_[a].insert(number);
    --hand_size_[a];
    if (effect.actor == me()) my_hand_.erase(number);
  }
  if (effect.move_from >= 0) {
    --hand_size_[at(effect.move_from)];
    ++hand_size_[at(effect.move_to)];
    if (effect.move_from == me()) {
      if (effect.move_card == kSkeleton)
        --my_skeletons_;
      else
        my_hand_.erase(effect.move_card);
    }
    if (effect.move_to == me()) {
      if (effect.move_card == kSkeleton)
        ++my_skeletons_;
      else
        my_hand_.insert(effect.move_card);
    }
  }
  if (effect.spends_token) token_[a] = false;
  history_.push_back(std::move(recorded));

  if (effect.wins) {
    winner_ = effect.actor;
    winning_guess_ = effect.declared;
  } else if (effect.new_turn_player >= 0) {
    if (effect.new_turn_player != turn_player_) ++turn_;
    turn_player_ = effect.new_turn_player;
    actions_left_ = 1;
  } else {
    actions_left_ += effect.extra_actions;
    if (effect.failed_guess && setup_.game.failed_guess_ends_turn)
      end_turn();
    else
      end_action();
  }
  return history_.back();
}

void Table::end_action() {
  if (--actions_left_ > 0) return;
  end_turn();
}

void Table::end_turn() {
  turn_player_ = (turn_player_ + 1) % players();
  actions_left_ = 1;
  ++turn_;
}

}  // namespace qm::pirates_code
