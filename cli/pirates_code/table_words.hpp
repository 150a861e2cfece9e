#pragma once
// The words of Pirate's Code's table commands, as a player types them:
//   guess Bob 5 11 -> Cy has, continue -> nobody
//   inquiry Ann->Bob "has 6?" no        inquiry Bob->Cy "this+3?" yes
// Tokens: numbers 1-14, `skeleton`, player names (any case, `me` for the notebook's owner),
// `->`, and each command's keywords. Lists may be separated by spaces or commas; quotes, `?` and
// the word `this` are noise. scoring/notation.hpp has no Pirate's Code tokens, so they are read
// here, in one place, with errors that name the token.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qm::cli::pirates_code_cli {

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

}  // namespace qm::cli::pirates_code_cli
