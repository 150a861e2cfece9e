#include "cli/pirates_code/table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

using pc::Clue;
using pc::NumberSet;
using pc::Role;

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

// 千里眼: the card and one more go face up, and a card must stay in hand (手札が0枚: 脱落).
constexpr int kClairvoyanceHandNeeded = 3;
// 連射: さらに2ターン分の行動.
constexpr int kRapidFireActions = 2;

std::string role_text(Role role) {
  std::string text = pc::role_name(role);
  std::replace(text.begin(), text.end(), '_', ' ');
  return text;
}

std::string and_list(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

// The number a player asks about in an inquiry: any whole number ("0 や 15" may be asked).
int parse_asked(const std::string& token) {
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != token.size() || token[0] == '+' || token[0] == '-')
    throw InputError(quoted_token(token) + " is not a number to ask about");
  return value;
}

}  // namespace

PiratesCodeTable::PiratesCodeTable(TableSetup setup)
    : setup_(std::move(setup)), notebook_(static_cast<int>(setup_.names.size()), setup_.me, setup_.hand) {
  const int players = player_count();
  hand_size_.assign(at(players), pc::kHandSize);
  face_up_.assign(at(players), NumberSet());
  token_.assign(at(players), true);
  my_hand_ = setup_.hand;
  my_skeletons_ = pc::kHandSize - setup_.hand.size();
}

// ---------------------------------------------------------------------------------------------
// GameTable

std::vector<Standing> PiratesCodeTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < player_count(); ++seat)
    out.push_back({name(seat), static_cast<double>(hand_size(seat)), false});
  return out;
}

std::string PiratesCodeTable::whose_turn() const { return is_over() ? "" : name(turn_player_); }

std::vector<std::string> PiratesCodeTable::winners() const {
  if (winner_ < 0) return {};
  return {name(winner_)};
}

nlohmann::json PiratesCodeTable::options() const {
  return {{"me", name(me())},
          {"hand", setup_.hand.numbers()},
          {"cards", setup_.game.cards.name()},
          {"plunder_with_last_card", setup_.game.plunder_with_last_card},
          {"failed_guess_ends_turn", setup_.game.failed_guess_ends_turn}};
}

std::vector<std::string> PiratesCodeTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  std::vector<std::string> numbers;
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) numbers.push_back(std::to_string(n));
  const std::vector<std::string> people = followed_by(players(), {"me"});
  if (verb == "turn") return command.size() == 1 ? people : std::vector<std::string>{};
  // The words each event takes after the one acting (see the commands' help).
  std::vector<std::string> rest;
  if (verb == "guess") rest = followed_by(numbers, followed_by({"->", "has", "nobody", "continue"}, people));
  else if (verb == "inquiry") rest = followed_by({"showing", "has", "yes", "no"}, numbers);
  else if (verb == "scout") rest = followed_by({"showing", "sees", "skeleton"}, numbers);
  else if (verb == "clairvoyance") rest = followed_by(numbers, {"sees", "skeleton"});
  else if (verb == "plunder") rest = followed_by(numbers, followed_by({"from", "takes", "skeleton"}, people));
  else if (verb == "rapid-fire" || verb == "rapid" || verb == "faceup" || verb == "face-up") rest = numbers;
  else return {};
  if (command.size() > 1) return rest;
  // inquiry and scout always name who was shown the card; the others may leave the actor out.
  return verb == "inquiry" || verb == "scout" ? people : followed_by(people, rest);
}

// ---------------------------------------------------------------------------------------------
// What the table knows

NumberSet PiratesCodeTable::all_face_up() const {
  NumberSet all;
  for (const NumberSet set : face_up_) all = all | set;
  return all;
}

std::vector<EventContradiction> PiratesCodeTable::contradictions() const {
  std::vector<EventContradiction> all;
  for (const TableEvent& event : events_)
    all.insert(all.end(), event.contradictions.begin(), event.contradictions.end());
  return all;
}

std::optional<int> PiratesCodeTable::find_seat(const std::string& token) const {
  const std::string folded = notation::folded(token);
  for (int seat = 0; seat < player_count(); ++seat)
    if (notation::folded(name(seat)) == folded) return seat;
  if (folded == "me") return me();
  return std::nullopt;
}

int PiratesCodeTable::seat_of(const std::string& token) const {
  if (const auto seat = find_seat(token)) return *seat;
  std::vector<std::string> names = setup_.names;
  throw InputError("no player " + quoted_token(token) + " at this table (" + and_list(names) + ")");
}

std::optional<int> PiratesCodeTable::take_player(TokenCursor& cursor) const {
  if (cursor.done()) return std::nullopt;
  const auto seat = find_seat(cursor.peek());
  if (seat) cursor.next("");
  return seat;
}

int PiratesCodeTable::actor_of(std::optional<int> named, const std::string& verb) const {
  if (is_over())
    throw RuleViolation("the game is over: " + name(winner_) +
                        " found the code; start another with 'new pirates-code'");
  if (named && *named != turn_player_)
    throw RuleViolation(fmt::format("'{}': it is {}'s turn, not {}'s ('turn {}' if the table moved on)", verb,
                                    name(turn_player_), name(*named), name(*named)));
  return turn_player_;
}

// A card the actor plays: it has the role, is not face up, and is in the owner's hand when the
// owner plays it (and not in it when someone else does).
void PiratesCodeTable::check_played_card(int actor, int card, Role role, const std::string& verb) const {
  const Role has = setup_.game.cards.role(card);
  if (has != role)
    throw RuleViolation(fmt::format("'{}': {} is {} card, not {} card", verb, card, with_article(role_text(has)),
                                    with_article(role_text(role))));
  if (all_face_up().contains(card)) throw RuleViolation(fmt::format("'{}': {} is already face up", verb, card));
  check_not_mine(actor, card, verb);
}

void PiratesCodeTable::check_not_mine(int actor, int number, const std::string& verb) const {
  if (actor == me() && !my_hand_.contains(number))
    throw RuleViolation(fmt::format("'{}': you ({}) do not hold {}", verb, name(me()), number));
  if (actor != me() && my_hand_.contains(number))
    throw InputError(fmt::format("'{}': {} is in your hand ({}), not {}'s", verb, number, name(me()), name(actor)));
}

std::vector<int> PiratesCodeTable::plunder_victims(int actor) const {
  int most = 0;
  for (int seat = 0; seat < player_count(); ++seat)
    if (seat != actor) most = std::max(most, hand_size(seat));
  std::vector<int> victims;
  for (int seat = 0; seat < player_count(); ++seat)
    if (seat != actor && hand_size(seat) == most) victims.push_back(seat);
  return victims;
}

// ---------------------------------------------------------------------------------------------
// Events

// guess [G] A B -> H [has] [, continue -> K [has] | nobody]      (2. 財宝の隠し場所を推理する)
const TableEvent& PiratesCodeTable::guess(const std::vector<std::string>& words) {
  TokenCursor cursor("guess", table_tokens(words));
  const int guesser = actor_of(take_player(cursor), "guess");
  const int players = player_count();
  const std::string& first_token = cursor.next("two numbers and who said \"have\": guess [PLAYER] A B -> NAME has");
  const int first = parse_number(first_token);
  const int second = parse_number(cursor.next("two numbers: guess [PLAYER] A B -> NAME has"));
  if (first == second) throw RuleViolation(fmt::format("a guess names two different numbers, not {} twice", first));
  for (const int number : {first, second}) {
    if (all_face_up().contains(number))
      throw RuleViolation(fmt::format("{} is face up on the table: it cannot be guessed", number));
    if (guesser == me() && !has_token(guesser) && my_hand_.contains(number))
      throw RuleViolation(
          fmt::format("you hold {}: with your continue token spent you cannot declare your own numbers", number));
  }
  const auto holder_of = [&](const std::string& what) {
    cursor.accept_arrow();
    const std::string& who = cursor.next(what);
    const bool nobody = is_one_of(who, {"nobody", "none", "noone", "no-one"});
    const int seat = nobody ? -1 : seat_of(who);
    if (!nobody) cursor.accept_any({"has", "have", "had"});
    return seat;
  };
  const int holder = holder_of("who said \"have\" first: -> NAME has, or -> nobody");
  std::optional<int> continued;
  if (cursor.accept_any({"continue", "continues", "continued"}))
    continued = holder_of("who said \"have\" after the continue: continue -> NAME has, or -> nobody");
  else
    cursor.accept_any({"stop", "stops", "stopped"});
  cursor.finish();

  const auto position_of = [&](int seat) { return (seat - guesser + players) % players; };
  if (continued) {
    if (holder < 0) throw RuleViolation("nobody said \"have\": the guess won, there is nothing to continue");
    if (!has_token(guesser)) throw RuleViolation(name(guesser) + " has already spent the continue token");
    if (position_of(holder) == players - 1)
      throw RuleViolation(name(holder) + " answered last: nobody is left to ask after a continue");
    if (*continued >= 0 && position_of(*continued) <= position_of(holder))
      throw RuleViolation(
          fmt::format("after the continue the judgement goes on clockwise from the player after {}; {} "
                      "has already answered",
                      name(holder), name(*continued)));
  }

  Effect effect;
  effect.verb = "guess";
  effect.actor = guesser;
  effect.clues = pc::guess_clues(players, guesser, first, second, holder, continued);
  effect.declared = NumberSet::of({first, second});
  effect.spends_token = continued.has_value();
  effect.wins = holder < 0;
  effect.failed_guess = holder >= 0;
  const std::string numbers = fmt::format("{} and {}", std::min(first, second), std::max(first, second));
  if (effect.wins) {
    effect.text = name(guesser) + " guessed " + numbers + " and nobody has them: " + name(guesser) + " found the code!";
  } else {
    effect.text = name(guesser) + " guessed " + numbers + ": " +
                  (holder == guesser ? name(holder) + " (the guesser)" : name(holder)) + " said \"have\".";
    if (continued)
      effect.text += " " + name(guesser) + " paid the continue token: " +
                     (*continued >= 0 ? name(*continued) + " said \"have\" next." : "nobody else has them.");
  }
  return commit(std::move(effect));
}

// inquiry [A->]T [showing C] (has Q | +K | -K) [yes|no]      (聞き込み)
const TableEvent& PiratesCodeTable::inquiry(const std::vector<std::string>& words) {
  TokenCursor cursor("inquiry", table_tokens(words));
  std::optional<int> named = take_player(cursor);
  std::optional<int> target;
  if (cursor.accept_arrow())
    target = seat_of(cursor.next("the player asked: inquiry [ASKER->]PLAYER ..."));
  else
    std::swap(named, target);
  if (!target && !cursor.done()) seat_of(cursor.peek());  // names the unknown player
  if (!target) throw InputError("'inquiry' expects the player asked: inquiry [ASKER->]PLAYER [showing C] has Q yes|no");
  const int actor = actor_of(named, "inquiry");
  if (*target == actor) throw RuleViolation("an inquiry card is shown to another player, not to oneself");

  std::optional<int> card, asked, offset, answer;
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"showing", "shows", "shown", "showed", "with", "card"})) {
      card = parse_number(cursor.next("the card shown: showing C"));
    } else if (is_one_of(token, {"has", "have", "holds", "about"})) {
      if (const auto k = parse_offset(cursor.peek())) {
        offset = k;
        cursor.next("");
      } else {
        asked = parse_asked(cursor.next("the number asked about: has Q"));
      }
    } else if (const auto k = parse_offset(token)) {
      offset = k;
    } else if (is_one_of(token, {"+", "plus", "-", "minus"})) {
      const int size = parse_asked(cursor.next("how much is added or subtracted: +K or -K"));
      offset = is_one_of(token, {"+", "plus"}) ? size : -size;
    } else if (looks_like_answer(token)) {
      answer = parse_answer(token) ? 1 : 0;
    } else if (!asked && !offset && looks_like_number(token)) {
      asked = parse_asked(token);
    } else {
      throw InputError("'inquiry': unexpected " + quoted_token(token) + " (see 'help inquiry')");
    }
  }

  const NumberSet inquiry_cards = setup_.game.cards.numbers_with(Role::inquiry);
  if (card) check_played_card(actor, *card, Role::inquiry, "inquiry");
  if (!card && actor == me() && (my_hand_ & inquiry_cards).empty())
    throw RuleViolation("you (" + name(me()) + ") hold no inquiry card (" + pc::to_string(inquiry_cards) + ")");
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
  if (!answer && *target == me() && asked) answer = my_hand_.contains(*asked) ? 1 : 0;
  if (!answer) throw InputError("'inquiry' expects the answer: yes or no");
  const bool yes = *answer == 1;

  Effect effect;
  effect.verb = "inquiry";
  effect.actor = actor;
  if (card && actor != me()) effect.clues.push_back(Clue::holds(actor, *card));
  // A bystander told the number asked knows only that the card shown is another inquiry card.
  if (!card && actor != me() && asked)
    effect.clues.push_back(Clue::holds_one_of(actor, inquiry_cards.without(NumberSet::of({*asked}))));
  if (asked)
    effect.clues.push_back(Clue::answer(*target, NumberSet::of({*asked}), yes));
  else
    effect.clues.push_back(Clue::offset_answer(actor, *target, inquiry_cards, *offset, yes));

  const std::string shown = card ? std::to_string(*card) : "an inquiry card";
  const std::string question = asked ? "about " + std::to_string(*asked) : fmt::format("about that card {:+}", *offset);
  effect.text =
      fmt::format("{} showed {} {} and asked {}: {}.", name(actor), name(*target), shown, question, yes ? "yes" : "no");
  return commit(std::move(effect));
}

// scout [A->]T [showing C] [sees X]      (偵察)
const TableEvent& PiratesCodeTable::scout(const std::vector<std::string>& words) {
  TokenCursor cursor("scout", table_tokens(words));
  std::optional<int> named = take_player(cursor);
  std::optional<int> target;
  if (cursor.accept_arrow())
    target = seat_of(cursor.next("the player scouted: scout [SCOUT->]PLAYER ..."));
  else
    std::swap(named, target);
  if (!target && !cursor.done()) seat_of(cursor.peek());  // names the unknown player
  if (!target) throw InputError("'scout' expects the player scouted: scout [SCOUT->]PLAYER [showing C] [sees X]");
  const int actor = actor_of(named, "scout");
  if (*target == actor) throw RuleViolation("a scouting card is shown to another player, not to oneself");

  std::optional<int> card, seen;
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"showing", "shows", "shown", "showed", "with", "card"}))
      card = parse_number(cursor.next("the card shown"));
    else if (is_one_of(token, {"sees", "saw", "see", "seeing", "finds", "found"}))
      seen = parse_card(cursor.next("the card seen: sees X"));
    else if (!card && looks_like_number(token))
      card = parse_number(token);
    else
      throw InputError("'scout': unexpected " + quoted_token(token) + " (see 'help scout')");
  }

  const NumberSet scouting_cards = setup_.game.cards.numbers_with(Role::scouting);
  if (card) check_played_card(actor, *card, Role::scouting, "scout");
  if (!card && actor == me() && (my_hand_ & scouting_cards).empty())
    throw RuleViolation("you (" + name(me()) + ") hold no scouting card (" + pc::to_string(scouting_cards) + ")");
  if (seen && *seen == pc::kSkeleton && player_count() == pc::kMinPlayers)
    throw InputError("'scout': there are no skeleton cards with three players");

  Effect effect;
  effect.verb = "scout";
  effect.actor = actor;
  const std::string with = card ? " with " + std::to_string(*card) : "";
  if (actor == me()) {
    if (!seen) throw InputError("'scout': say what you saw: scout " + name(*target) + " sees X (or skeleton)");
    if (*seen != pc::kSkeleton && my_hand_.contains(*seen))
      throw InputError(fmt::format("'scout': {} is in your hand, not {}'s", *seen, name(*target)));
    effect.clues.push_back(*seen == pc::kSkeleton ? Clue::holds_skeleton(*target) : Clue::holds(*target, *seen));
    effect.text = name(actor) + " scouted " + name(*target) + with + " and saw " + pc::card_name(*seen) + ".";
  } else {
    if (seen && *target != me()) throw InputError("'scout': only " + name(actor) + " saw the card");
    if (seen && (*seen == pc::kSkeleton ? my_skeletons_ == 0 : !my_hand_.contains(*seen)))
      throw InputError("'scout': you (" + name(me()) + ") do not hold " + pc::card_name(*seen));
    effect.clues.push_back(card ? Clue::holds(actor, *card) : Clue::holds_one_of(actor, scouting_cards));
    effect.text = name(actor) + " scouted " + name(*target) + with + ".";
  }
  return commit(std::move(effect));
}

// clairvoyance [A] C D [sees X]      (千里眼)
const TableEvent& PiratesCodeTable::clairvoyance(const std::vector<std::string>& words) {
  TokenCursor cursor("clairvoyance", table_tokens(words));
  const int actor = actor_of(take_player(cursor), "clairvoyance");
  int card =
      parse_number(cursor.next("the clairvoyance card and the other card put face up: clairvoyance [PLAYER] C D"));
  cursor.accept("and");
  const int other = parse_card(cursor.next("the other card put face up: clairvoyance [PLAYER] C D"));
  std::optional<int> seen;
  if (cursor.accept_any({"sees", "saw", "see"})) seen = parse_number(cursor.next("the code card seen: sees X"));
  cursor.finish();

  if (other == pc::kSkeleton) throw RuleViolation("clairvoyance cannot put a skeleton face up");
  int companion = other;
  const auto& cards = setup_.game.cards;
  if (cards.role(card) != Role::clairvoyance && cards.role(companion) == Role::clairvoyance) std::swap(card, companion);
  if (card == companion)
    throw RuleViolation(fmt::format("clairvoyance puts two different cards face up, not {} twice", card));
  check_played_card(actor, card, Role::clairvoyance, "clairvoyance");
  if (all_face_up().contains(companion))
    throw RuleViolation(fmt::format("'clairvoyance': {} is already face up", companion));
  check_not_mine(actor, companion, "clairvoyance");
  if (hand_size(actor) < kClairvoyanceHandNeeded)
    throw RuleViolation(
        fmt::format("clairvoyance puts two cards face up and would leave {} with no cards", name(actor)));

  Effect effect;
  effect.verb = "clairvoyance";
  effect.actor = actor;
  effect.face_up = {card, companion};
  effect.clues = {Clue::face_up(actor, card), Clue::face_up(actor, companion)};
  effect.text = fmt::format("{} put {} and {} face up and looked at a code card", name(actor), card, companion);
  if (actor == me()) {
    if (!seen)
      throw InputError(
          fmt::format("'clairvoyance': say which code card you saw: clairvoyance {} {} sees X", card, companion));
    effect.clues.push_back(Clue::code_seen(*seen));
    effect.text += fmt::format(": {}.", *seen);
  } else {
    if (seen) throw InputError("'clairvoyance': only " + name(actor) + " looked at the code card");
    effect.text += ".";
  }
  return commit(std::move(effect));
}

// rapid-fire [A] C      (連射)
const TableEvent& PiratesCodeTable::rapid_fire(const std::vector<std::string>& words) {
  TokenCursor cursor("rapid-fire", table_tokens(words));
  const int actor = actor_of(take_player(cursor), "rapid-fire");
  const int card = parse_number(cursor.next("the rapid fire card: rapid-fire [PLAYER] C"));
  cursor.finish();
  check_played_card(actor, card, Role::rapid_fire, "rapid-fire");
  if (hand_size(actor) < 2)
    throw RuleViolation(fmt::format("rapid fire is {}'s last card: playing it would leave no cards", name(actor)));
  Effect effect;
  effect.verb = "rapid-fire";
  effect.actor = actor;
  effect.face_up = {card};
  effect.clues = {Clue::face_up(actor, card)};
  effect.extra_actions = kRapidFireActions;
  effect.text = fmt::format("{} put {} face up: two more actions this turn.", name(actor), card);
  return commit(std::move(effect));
}

// plunder [A] C [from V] [takes X]      (強奪)
const TableEvent& PiratesCodeTable::plunder(const std::vector<std::string>& words) {
  TokenCursor cursor("plunder", table_tokens(words));
  const int actor = actor_of(take_player(cursor), "plunder");
  const int card = parse_number(cursor.next("the plunder card: plunder [PLAYER] C [from VICTIM] [takes X]"));
  std::optional<int> victim, taken;
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"from", "->"}))
      victim = seat_of(cursor.next("the player plundered: from VICTIM"));
    else if (is_one_of(token, {"takes", "took", "take", "gets", "got"}))
      taken = parse_card(cursor.next("the card taken: takes X"));
    else if (!victim && find_seat(token))
      victim = seat_of(token);
    else
      throw InputError("'plunder': unexpected " + quoted_token(token) + " (see 'help plunder')");
  }

  check_played_card(actor, card, Role::plunder, "plunder");
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
  if (*victim == actor) throw RuleViolation("plunder takes a card from another player");
  if (std::find(victims.begin(), victims.end(), *victim) == victims.end())
    throw RuleViolation(fmt::format("plunder takes from the player with the most cards: {} has {}, {} has {}",
                                    name(*victim), hand_size(*victim), name(victims.front()),
                                    hand_size(victims.front())));
  if (hand_size(*victim) < 2)
    throw RuleViolation(fmt::format("taking {}'s last card would leave it with no cards", name(*victim)));
  if (taken && *taken == pc::kSkeleton && player_count() == pc::kMinPlayers)
    throw InputError("'plunder': there are no skeleton cards with three players");

  Effect effect;
  effect.verb = "plunder";
  effect.actor = actor;
  effect.face_up = {card};
  effect.clues = {Clue::face_up(actor, card)};
  effect.move_from = *victim;
  effect.move_to = actor;
  effect.text = fmt::format("{} put {} face up and took a card from {}", name(actor), card, name(*victim));
  if (actor == me() || *victim == me()) {
    if (!taken)
      throw InputError(fmt::format("'plunder': say which card was taken: plunder {} from {} takes X (or skeleton)",
                                   card, name(*victim)));
    if (*victim == me() && (*taken == pc::kSkeleton ? my_skeletons_ == 0 : !my_hand_.contains(*taken)))
      throw InputError("'plunder': you (" + name(me()) + ") do not hold " + pc::card_name(*taken));
    if (actor == me() && *taken != pc::kSkeleton && my_hand_.contains(*taken))
      throw InputError(fmt::format("'plunder': {} is in your hand, not {}'s", *taken, name(*victim)));
    effect.move_card = *taken;
    effect.clues.push_back(Clue::moved(*victim, actor, *taken));
    effect.text += ": " + pc::card_name(*taken) + ".";
  } else {
    if (taken)
      throw InputError("'plunder': only " + name(actor) + " and " + name(*victim) + " saw which card was taken");
    effect.clues.push_back(Clue::moved_unseen(*victim, actor));
    effect.text += ".";
  }
  return commit(std::move(effect));
}

// faceup [A] N...: a card played face up whose effect the table does not follow (one action).
const TableEvent& PiratesCodeTable::face_up(const std::vector<std::string>& words) {
  TokenCursor cursor("faceup", table_tokens(words));
  const int actor = actor_of(take_player(cursor), "faceup");
  std::vector<int> numbers;
  numbers.push_back(parse_number(cursor.next("the numbers put face up: faceup [PLAYER] N...")));
  while (!cursor.done()) numbers.push_back(parse_number(cursor.next("")));
  NumberSet set;
  for (const int number : numbers) {
    if (set.contains(number)) throw InputError(fmt::format("'faceup': {} is named twice", number));
    if (all_face_up().contains(number)) throw RuleViolation(fmt::format("'faceup': {} is already face up", number));
    check_not_mine(actor, number, "faceup");
    set.insert(number);
  }
  if (hand_size(actor) <= set.size())
    throw RuleViolation(
        fmt::format("no action may leave a player with no cards: {} holds {}", name(actor), hand_size(actor)));
  Effect effect;
  effect.verb = "faceup";
  effect.actor = actor;
  effect.face_up = set.numbers();
  for (const int number : effect.face_up) effect.clues.push_back(Clue::face_up(actor, number));
  effect.text = name(actor) + " put " + pc::to_string(set) + " face up.";
  return commit(std::move(effect));
}

// turn PLAYER: the table moved on without the moves being recorded; PLAYER is to play.
const TableEvent& PiratesCodeTable::set_turn(const std::vector<std::string>& words) {
  TokenCursor cursor("turn", table_tokens(words));
  const int seat = seat_of(cursor.next("the player whose turn it is: turn PLAYER"));
  cursor.finish();
  if (is_over()) throw RuleViolation("the game is over: " + name(winner_) + " found the code");
  Effect effect;
  effect.verb = "turn";
  effect.actor = seat;
  effect.new_turn_player = seat;
  effect.text = "It is " + name(seat) + "'s turn.";
  return commit(std::move(effect));
}

// ---------------------------------------------------------------------------------------------
// Applying an event

const TableEvent& PiratesCodeTable::commit(Effect effect) {
  TableEvent event;
  event.number = static_cast<int>(events_.size()) + 1;
  event.turn = turn_;
  event.verb = effect.verb;
  event.text = effect.text;
  event.wins = effect.wins;
  // The notebook first, on a copy: a malformed clue throws before anything changes.
  pc::Notebook notebook = notebook_;
  for (const Clue& clue : effect.clues) {
    const std::string line = pc::describe(clue, setup_.names);
    event.clues.push_back(line);
    if (!notebook.record(clue))
      event.contradictions.push_back(
          {event.number, line, "\"" + line + "\" cannot be true together with what was recorded before"});
  }
  notebook_ = std::move(notebook);

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
      if (effect.move_card == pc::kSkeleton)
        --my_skeletons_;
      else
        my_hand_.erase(effect.move_card);
    }
    if (effect.move_to == me()) {
      if (effect.move_card == pc::kSkeleton)
        ++my_skeletons_;
      else
        my_hand_.insert(effect.move_card);
    }
  }
  if (effect.spends_token) token_[a] = false;
  events_.push_back(std::move(event));

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
  return events_.back();
}

void PiratesCodeTable::end_action() {
  if (--actions_left_ > 0) return;
  end_turn();
}

void PiratesCodeTable::end_turn() {
  turn_player_ = (turn_player_ + 1) % player_count();
  actions_left_ = 1;
  ++turn_;
}

}  // namespace qm::cli::pirates_code_cli
