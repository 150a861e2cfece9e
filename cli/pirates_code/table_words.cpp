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

namespace pc = qm::pirates_code;

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

}  // namespace qm::cli::pirates_code_cli
