#include "scoring/wording.hpp"

#include <array>
#include <cctype>

namespace qm {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool is_vowel(char c) { return std::string_view("aeiou").find(lower(c)) != std::string_view::npos; }
bool starts_with(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (lower(text[i]) != prefix[i]) return false;
  return true;
}

// A byte that continues a UTF-8 character rather than starting one.
bool continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Where the character after the first `limit` characters starts, or npos when there are no more.
std::size_t cut_point(std::string_view text, std::size_t limit) {
  std::size_t characters = 0;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (continues(text[at])) continue;
    if (characters == limit) return at;
    ++characters;
  }
  return std::string_view::npos;
}

// The text cut after `limit` characters, with the ellipsis when something was cut.
std::string cut(std::string_view text, std::size_t limit) {
  const std::size_t at = cut_point(text, limit);
  if (at == std::string_view::npos) return std::string(text);
  return std::string(text.substr(0, at)) + std::string(kEllipsis);
}

}  // namespace

std::string_view for_count(long long count, std::string_view one, std::string_view many) {
  return count == 1 ? one : many;
}

std::string plural(std::string_view noun) {
  std::string out(noun);
  if (out.empty()) return out;
  const char last = lower(out.back());
  const char before = out.size() > 1 ? lower(out[out.size() - 2]) : ' ';
  if (last == 's' || last == 'x' || last == 'z' || ((last == 'h') && (before == 'c' || before == 's')))
    return out + "es";
  if (last == 'y' && std::isalpha(static_cast<unsigned char>(before)) && !is_vowel(before)) {
    out.pop_back();
    return out + "ies";
  }
  return out + "s";
}

std::string noun_for(long long count, std::string_view one, std::string_view many) {
  if (count == 1) return std::string(one);
  return many.empty() ? plural(one) : std::string(many);
}

std::string counted(long long count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + noun_for(count, one, many);
}

std::string_view article_for(std::string_view phrase) {
  std::size_t start = 0;
  while (start < phrase.size() && !std::isalnum(static_cast<unsigned char>(phrase[start]))) ++start;
  const std::string_view word = phrase.substr(start);
  if (word.empty()) return "a";
  if (std::isdigit(static_cast<unsigned char>(word.front()))) {
    // Said aloud: "an 8", "an 11", "an 18", "an 11000", "an 800"; every other number takes "a".
    std::size_t digits = 0;
    while (digits < word.size() && std::isdigit(static_cast<unsigned char>(word[digits]))) ++digits;
    if (word.front() == '8') return "an";
    const bool eleven_or_eighteen = starts_with(word, "11") || starts_with(word, "18");
    return eleven_or_eighteen && digits % 3 == 2 ? "an" : "a";
  }
  // Vowels that sound like a consonant, and a silent h.
  static constexpr std::array<std::string_view, 8> kSayA = {"uni", "use", "usu", "uti", "eu", "one", "once", "ure"};
  static constexpr std::array<std::string_view, 4> kSayAn = {"hour", "honest", "honour", "heir"};
  for (const std::string_view prefix : kSayA)
    if (starts_with(word, prefix)) return "a";
  for (const std::string_view prefix : kSayAn)
    if (starts_with(word, prefix)) return "an";
  return is_vowel(word.front()) ? "an" : "a";
}

std::string with_article(std::string_view phrase) { return std::string(article_for(phrase)) + " " + std::string(phrase); }

std::string echoed(std::string_view token) { return cut(token, kEchoLimit); }

std::string quoted_token(std::string_view token) { return "'" + echoed(token) + "'"; }

std::string quoted_line(std::string_view line) {
  std::string words;
  std::size_t from = 0;
  while (true) {
    const std::size_t space = line.find(' ', from);
    words += echoed(line.substr(from, space == std::string_view::npos ? std::string_view::npos : space - from));
    if (space == std::string_view::npos) break;
    words += ' ';
    from = space + 1;
  }
  return "'" + cut(words, kEchoLimit * 3) + "'";
}

std::string and_list(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " and " : ", ";
    text += items[i];
  }
  return text;
}

}  // namespace qm
