#include "cli/pirates_code/table_words.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "scoring/input_error.hpp"
#include "scoring/pirates_code/card.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

std::optional<int> integer_of(std::string_view text) {
  if (text.empty()) return std::nullopt;
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Splits one piece (no spaces, no commas) around "->" and after a leading "this".
void split_piece(std::string piece, std::vector<std::string>& out) {
  while (!piece.empty()) {
    const bool this_word =
        notation::folded(piece.substr(0, 4)) == "this" && (piece.size() == 4 || piece[4] == '+' || piece[4] == '-');
    if (this_word) {
      piece.erase(0, 4);
      continue;
    }
    const std::size_t arrow = piece.find("->");
    if (arrow == std::string::npos) {
      out.push_back(piece);
      return;
    }
    if (arrow > 0) out.push_back(piece.substr(0, arrow));
    out.push_back("->");
    piece.erase(0, arrow + 2);
  }
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

// The player named by the cursor's next token, if it is one.
std::optional<int> take_player(TokenCursor& cursor, const pc::Table& table) {
  if (cursor.done()) return std::nullopt;
  const auto seat = find_seat(table, cursor.peek());
  if (seat) cursor.next("");
  return seat;
}

// The player acting, when named first, checked as soon as it is read.
std::optional<int> take_actor(TokenCursor& cursor, const pc::Table& table, const char* event) {
  const std::optional<int> named = take_player(cursor, table);
  table.actor_of(named, event);
  return named;
}

}  // namespace

std::vector<std::string> table_tokens(const std::vector<std::string>& words) {
  std::vector<std::string> tokens;
  for (const std::string& word : words) {
    std::string piece;
    const auto flush = [&] {
      if (!piece.empty()) split_piece(piece, tokens);
      piece.clear();
    };
    for (const char c : word) {
      if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ';')
        flush();
      else if (c != '?' && c != '"' && c != '\'')
        piece += c;
    }
    flush();
  }
  return tokens;
}

bool is_word(std::string_view token, std::string_view keyword) { return notation::folded(token) == keyword; }

bool is_one_of(std::string_view token, std::initializer_list<std::string_view> keywords) {
  const std::string folded = notation::folded(token);
  return std::find(keywords.begin(), keywords.end(), folded) != keywords.end();
}

bool looks_like_number(std::string_view token) {
  const auto value = integer_of(token);
  return value && pc::NumberSet::valid(*value);
}

int parse_number(std::string_view token) {
  const auto value = integer_of(token);
  if (!value) throw InputError(quoted_token(token) + " is not a card number (1-14)");
  if (!pc::NumberSet::valid(*value)) throw InputError(quoted_token(token) + ": the number cards are 1-14");
  return *value;
}

int parse_card(std::string_view token) {
  if (is_one_of(token, {"skeleton", "skel", "skull"})) return pc::kSkeleton;
  const auto value = integer_of(token);
  if (!value) throw InputError(quoted_token(token) + " is not a card (1-14 or skeleton)");
  return parse_number(token);
}

std::optional<int> parse_offset(std::string_view token) {
  if (token.size() < 2 || (token[0] != '+' && token[0] != '-')) return std::nullopt;
  const auto value = integer_of(token.substr(1));
  if (!value) return std::nullopt;
  return token[0] == '-' ? -*value : *value;
}

bool looks_like_answer(std::string_view token) { return is_one_of(token, {"yes", "y", "no", "n", "true", "false"}); }

bool parse_answer(std::string_view token) {
  if (is_one_of(token, {"yes", "y", "true"})) return true;
  if (is_one_of(token, {"no", "n", "false"})) return false;
  throw InputError(quoted_token(token) + " is not an answer: yes or no");
}

const std::string& TokenCursor::peek() const {
  static const std::string kNone;
  return done() ? kNone : tokens_[at_];
}

const std::string& TokenCursor::next(const std::string& what) {
  if (done()) throw InputError("'" + command_ + "' expects " + what + " (see 'help " + command_ + "')");
  return tokens_[at_++];
}

bool TokenCursor::accept(std::string_view keyword) {
  if (done() || !is_word(tokens_[at_], keyword)) return false;
  ++at_;
  return true;
}

bool TokenCursor::accept_any(std::initializer_list<std::string_view> keywords) {
  if (done() || !is_one_of(tokens_[at_], keywords)) return false;
  ++at_;
  return true;
}

void TokenCursor::finish() const {
  if (!done()) throw InputError("'" + command_ + "': unexpected " + quoted_token(tokens_[at_]) + " (see 'help " + command_ + "')");
}

// ---------------------------------------------------------------------------------------------
// Players

std::optional<int> find_seat(const pc::Table& table, std::string_view token) {
  const std::string folded = notation::folded(token);
  for (int seat = 0; seat < table.players(); ++seat)
    if (notation::folded(table.name(seat)) == folded) return seat;
  if (folded == "me") return table.me();
  return std::nullopt;
}

int seat_of(const pc::Table& table, std::string_view token) {
  if (const auto seat = find_seat(table, token)) return *seat;
  throw InputError("no player " + quoted_token(token) + " at this table (" + and_list(table.setup().names) + ")");
}

// ---------------------------------------------------------------------------------------------
// Events

// guess [G] A B -> H [has] [, continue -> K [has] | nobody]      (2. 財宝の隠し場所を推理する)
pc::Guess parse_guess(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("guess", table_tokens(words));
  pc::Guess guess;
  guess.actor = take_actor(cursor, table, pc::Guess::kName);
  guess.first = parse_number(cursor.next("two numbers and who said \"have\": guess [PLAYER] A B -> NAME has"));
  guess.second = parse_number(cursor.next("two numbers: guess [PLAYER] A B -> NAME has"));
  const auto holder_of = [&](const std::string& what) {
    cursor.accept_arrow();
    const std::string& who = cursor.next(what);
    const bool nobody = is_one_of(who, {"nobody", "none", "noone", "no-one"});
    const int seat = nobody ? -1 : seat_of(table, who);
    if (!nobody) cursor.accept_any({"has", "have", "had"});
    return seat;
  };
  guess.holder = holder_of("who said \"have\" first: -> NAME has, or -> nobody");
  if (cursor.accept_any({"continue", "continues", "continued"}))
    guess.continued = holder_of("who said \"have\" after the continue: continue -> NAME has, or -> nobody");
  else
    cursor.accept_any({"stop", "stops", "stopped"});
  cursor.finish();
  return guess;
}

// inquiry [A->]T [showing C] (has Q | +K | -K) [yes|no]      (聞き込み)
pc::Inquiry parse_inquiry(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("inquiry", table_tokens(words));
  std::optional<int> named = take_player(cursor, table);
  std::optional<int> target;
  if (cursor.accept_arrow())
    target = seat_of(table, cursor.next("the player asked: inquiry [ASKER->]PLAYER ..."));
  else
    std::swap(named, target);
  if (!target && !cursor.done()) seat_of(table, cursor.peek());  // names the unknown player
  if (!target) throw InputError("'inquiry' expects the player asked: inquiry [ASKER->]PLAYER [showing C] has Q yes|no");
  table.actor_of(named, pc::Inquiry::kName);  // out of turn, or after the game: said first

  pc::Inquiry inquiry;
  inquiry.actor = named;
  inquiry.target = *target;
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"showing", "shows", "shown", "showed", "with", "card"})) {
      inquiry.card = parse_number(cursor.next("the card shown: showing C"));
    } else if (is_one_of(token, {"has", "have", "holds", "about"})) {
      if (const auto k = parse_offset(cursor.peek())) {
        inquiry.offset = k;
        cursor.next("");
      } else {
        inquiry.asked = parse_asked(cursor.next("the number asked about: has Q"));
      }
    } else if (const auto k = parse_offset(token)) {
      inquiry.offset = k;
    } else if (is_one_of(token, {"+", "plus", "-", "minus"})) {
      const int size = parse_asked(cursor.next("how much is added or subtracted: +K or -K"));
      inquiry.offset = is_one_of(token, {"+", "plus"}) ? size : -size;
    } else if (looks_like_answer(token)) {
      inquiry.answer = parse_answer(token);
    } else if (!inquiry.asked && !inquiry.offset && looks_like_number(token)) {
      inquiry.asked = parse_asked(token);
    } else {
      throw InputError("'inquiry': unexpected " + quoted_token(token) + " (see 'help inquiry')");
    }
  }
  return inquiry;
}

// scout [A->]T [showing C] [sees X]      (偵察)
pc::Scout parse_scout(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("scout", table_tokens(words));
  std::optional<int> named = take_player(cursor, table);
  std::optional<int> target;
  if (cursor.accept_arrow())
    target = seat_of(table, cursor.next("the player scouted: scout [SCOUT->]PLAYER ..."));
  else
    std::swap(named, target);
  if (!target && !cursor.done()) seat_of(table, cursor.peek());  // names the unknown player
  if (!target) throw InputError("'scout' expects the player scouted: scout [SCOUT->]PLAYER [showing C] [sees X]");
  table.actor_of(named, pc::Scout::kName);  // out of turn, or after the game: said first

  pc::Scout scout;
  scout.actor = named;
  scout.target = *target;
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"showing", "shows", "shown", "showed", "with", "card"}))
      scout.card = parse_number(cursor.next("the card shown"));
    else if (is_one_of(token, {"sees", "saw", "see", "seeing", "finds", "found"}))
      scout.seen = parse_card(cursor.next("the card seen: sees X"));
    else if (!scout.card && looks_like_number(token))
      scout.card = parse_number(token);
    else
      throw InputError("'scout': unexpected " + quoted_token(token) + " (see 'help scout')");
  }
  return scout;
}

// clairvoyance [A] C D [sees X]      (千里眼)
pc::Clairvoyance parse_clairvoyance(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("clairvoyance", table_tokens(words));
  pc::Clairvoyance clairvoyance;
  clairvoyance.actor = take_actor(cursor, table, pc::Clairvoyance::kName);
  clairvoyance.card =
      parse_number(cursor.next("the clairvoyance card and the other card put face up: clairvoyance [PLAYER] C D"));
  cursor.accept("and");
  clairvoyance.other = parse_card(cursor.next("the other card put face up: clairvoyance [PLAYER] C D"));
  if (cursor.accept_any({"sees", "saw", "see"}))
    clairvoyance.seen = parse_number(cursor.next("the code card seen: sees X"));
  cursor.finish();
  return clairvoyance;
}

// rapid-fire [A] C      (連射)
pc::RapidFire parse_rapid_fire(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("rapid-fire", table_tokens(words));
  pc::RapidFire rapid_fire;
  rapid_fire.actor = take_actor(cursor, table, pc::RapidFire::kName);
  rapid_fire.card = parse_number(cursor.next("the rapid fire card: rapid-fire [PLAYER] C"));
  cursor.finish();
  return rapid_fire;
}

// plunder [A] C [from V] [takes X]      (強奪)
pc::Plunder parse_plunder(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("plunder", table_tokens(words));
  pc::Plunder plunder;
  plunder.actor = take_actor(cursor, table, pc::Plunder::kName);
  plunder.card = parse_number(cursor.next("the plunder card: plunder [PLAYER] C [from VICTIM] [takes X]"));
  while (!cursor.done()) {
    const std::string& token = cursor.next("");
    if (is_one_of(token, {"from", "->"}))
      plunder.victim = seat_of(table, cursor.next("the player plundered: from VICTIM"));
    else if (is_one_of(token, {"takes", "took", "take", "gets", "got"}))
      plunder.taken = parse_card(cursor.next("the card taken: takes X"));
    else if (!plunder.victim && find_seat(table, token))
      plunder.victim = seat_of(table, token);
    else
      throw InputError("'plunder': unexpected " + quoted_token(token) + " (see 'help plunder')");
  }
  return plunder;
}

// faceup [A] N...: a card played face up whose effect the table does not follow.
pc::FaceUp parse_face_up(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("faceup", table_tokens(words));
  pc::FaceUp face_up;
  face_up.actor = take_actor(cursor, table, pc::FaceUp::kName);
  face_up.numbers.push_back(parse_number(cursor.next("the numbers put face up: faceup [PLAYER] N...")));
  while (!cursor.done()) face_up.numbers.push_back(parse_number(cursor.next("")));
  return face_up;
}

// turn PLAYER: the table moved on without the moves being recorded; PLAYER is to play.
pc::SetTurn parse_set_turn(const std::vector<std::string>& words, const pc::Table& table) {
  TokenCursor cursor("turn", table_tokens(words));
  pc::SetTurn set_turn;
  set_turn.player = seat_of(table, cursor.next("the player whose turn it is: turn PLAYER"));
  cursor.finish();
  return set_turn;
}

}  // namespace qm::cli::pirates_code_cli
