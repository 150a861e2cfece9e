#pragma once
// The words of Pirate's Code's table commands, as a player types them, read into the events of
// the engine's table mode (rules/pirates_code/table.hpp):
//   guess Bob 5 11 -> Cy has, continue -> nobody
//   inquiry Ann->Bob "has 6?" no        inquiry Bob->Cy "this+3?" yes
// Tokens: numbers 1-14, `skeleton`, player names (any case, `me` for the notebook's owner),
// `->`, and each command's keywords. Lists may be separated by spaces or commas; quotes, `?` and
// the word `this` are noise. scoring/notation.hpp has no Pirate's Code tokens, so they are read
// here, in one place, with errors that name the token. Whether an event is allowed is for the
// table to say.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/pirates_code/table.hpp"

namespace qm::cli::pirates_code_cli {

namespace pc = qm::pirates_code;

// Splits the typed words into tokens: on spaces and commas, around `->` (kept as a token) and
// after a leading `this` ("this+3" -> "+3"); drops quotes and `?`.
std::vector<std::string> table_tokens(const std::vector<std::string>& words);

// Case-insensitive comparison with a keyword.
bool is_word(std::string_view token, std::string_view keyword);
bool is_one_of(std::string_view token, std::initializer_list<std::string_view> keywords);

// A number card 1-14; throws InputError naming the token otherwise.
int parse_number(std::string_view token);
// A card in a hand: a number 1-14, or `skeleton` (kSkeleton).
int parse_card(std::string_view token);
// Whether the token reads as a number card (without throwing).
bool looks_like_number(std::string_view token);
// An inquiry offset: "+3", "-2" (also "+" then "3" as two tokens, handled by the caller).
std::optional<int> parse_offset(std::string_view token);
// An answer: yes / no (y, n, true, false). Throws InputError naming the token otherwise.
bool parse_answer(std::string_view token);
bool looks_like_answer(std::string_view token);

// A cursor over the tokens of one command.
class TokenCursor {
 public:
  TokenCursor(std::string command, std::vector<std::string> tokens)
      : command_(std::move(command)), tokens_(std::move(tokens)) {}
  bool done() const { return at_ >= tokens_.size(); }
  const std::string& peek() const;                                    // "" when done
  const std::string& next(const std::string& what);                   // throws InputError "... expects WHAT"
  bool accept(std::string_view keyword);                              // takes the token if it is this keyword
  bool accept_any(std::initializer_list<std::string_view> keywords);  // takes one of them, if next
  bool accept_arrow() { return accept("->"); }
  // Throws InputError naming the first token left, when any is.
  void finish() const;
  const std::string& command() const { return command_; }

 private:
  std::string command_;
  std::vector<std::string> tokens_;
  std::size_t at_ = 0;
};

// The seat of a player named in any case (`me` for the notebook's owner); seat_of throws
// InputError naming an unknown one.
std::optional<int> find_seat(const pc::Table& table, std::string_view token);
int seat_of(const pc::Table& table, std::string_view token);

// Each event from the words typed after its command (`guess`: {"Bob", "5", "11", "->", "Cy",
// "has"}). Throws InputError naming a token that does not fit. The player acting is checked as
// soon as it is read (pc::Table::actor_of): a move out of turn, or after the game, is named first.
//   guess [G] A B -> H [has] [, continue -> K [has] | nobody]    (-> nobody: G found the code)
//   inquiry [A->]T [showing C] (has Q | +K | -K) [yes|no]
//   scout [A->]T [showing C] [sees X]
//   clairvoyance [A] C D [sees X]
//   rapid-fire [A] C
//   plunder [A] C [from V] [takes X]
//   faceup [A] N...
//   turn PLAYER
pc::Guess parse_guess(const std::vector<std::string>& words, const pc::Table& table);
pc::Inquiry parse_inquiry(const std::vector<std::string>& words, const pc::Table& table);
pc::Scout parse_scout(const std::vector<std::string>& words, const pc::Table& table);
pc::Clairvoyance parse_clairvoyance(const std::vector<std::string>& words, const pc::Table& table);
pc::RapidFire parse_rapid_fire(const std::vector<std::string>& words, const pc::Table& table);
pc::Plunder parse_plunder(const std::vector<std::string>& words, const pc::Table& table);
pc::FaceUp parse_face_up(const std::vector<std::string>& words, const pc::Table& table);
pc::SetTurn parse_set_turn(const std::vector<std::string>& words, const pc::Table& table);

}  // namespace qm::cli::pirates_code_cli
