#include "cli/words.hpp"

#include <algorithm>
#include <cctype>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {

std::string joined_words(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty()) line += ' ';
    const bool plain = !word.empty() && std::none_of(word.begin(), word.end(), [](char c) {
      return std::isspace(static_cast<unsigned char>(c)) || c == '"' || c == '\'' || c == '\\';
    });
    if (plain) {
      line += word;
      continue;
    }
    line += '"';
    for (const char c : word) {
      if (c == '"' || c == '\\') line += '\\';
      line += c;
    }
    line += '"';
  }
  return line;
}

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < line.size()) {
        current += line[++i];
      } else {
        current += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < line.size()) {
      current += line[++i];
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) words.push_back(current);
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (quote != 0) throw InputError(std::string("unclosed quote ") + quote + " in: " + quoted_line(line));
  if (in_word) words.push_back(current);
  return words;
}

bool is_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    char32_t code = 0;
    if (lead < 0x80) {
      length = 1;
      code = lead;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
      code = lead & 0x1fu;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      code = lead & 0x0fu;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      code = lead & 0x07u;
    } else {
      return false;  // a continuation byte, an overlong lead (C0, C1) or beyond U+10FFFF
    }
    if (text.size() - i < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0u) != 0x80) return false;
      code = code << 6 | (next & 0x3fu);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return false;
    i += length;
  }
  return true;
}

}  // namespace qm::cli

namespace qm::cli {

ProgramWords program_words(const std::vector<std::string>& args) {
  ProgramWords words;
  bool options_end = false;  // after `--` every word is the command's
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!options_end && arg == "--") options_end = true;
    if (!options_end && arg == "--session" && i + 1 < args.size()) {
      words.session = args[++i];
    } else if (!options_end && arg.starts_with("--session=")) {
      words.session = arg.substr(10);
    } else if (!options_end && arg == "--json" && words.command.empty()) {
      words.json = true;
    } else {
      words.command.push_back(arg);
    }
  }
  return words;
}

}  // namespace qm::cli
