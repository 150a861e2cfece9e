#include "rules/json_file.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "scoring/input_error.hpp"

namespace qm::rules {
namespace {

// nlohmann's out_of_range error for a number no double holds (9e999999).
constexpr int kNumberOverflow = 406;

// Only the library's parse callbacks say where parsing stopped (its exceptions carry it in their
// text alone), so a document that failed is parsed once more with a handler that builds nothing
// and keeps the place and the token of the first error.
struct ErrorPlace final : nlohmann::json_sax<nlohmann::json> {
  std::size_t position = 0;  // characters read, the offending one included
  std::string token;
  int id = 0;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t at, const std::string& last_token, const nlohmann::json::exception& error) override {
    position = at;
    token = last_token;
    id = error.id;
    return false;
  }
};

bool printable_ascii(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
}

// "line 3, column 12" of the byte at `offset`.
std::string place(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const auto line = 1 + std::count(before.begin(), before.end(), '\n');
  const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  // Characters, not bytes: UTF-8 continuation bytes (10xxxxxx) do not start one.
  const auto column = 1 + std::count_if(before.begin() + static_cast<std::ptrdiff_t>(line_start), before.end(),
                                        [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string what_went_wrong(std::string_view text) {
  if (std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }))
    return "the file holds no JSON document";
  ErrorPlace error;
  nlohmann::json::sax_parse(text, &error);
  if (error.id == kNumberOverflow) {
    const std::size_t start = error.position >= error.token.size() ? error.position - error.token.size() : 0;
    return place(text, start) + ": " +
           (printable_ascii(error.token) ? "the number " + error.token + " is too large" : "a number is too large");
  }
  if (error.position == 0 || error.position > text.size())
    return place(text, text.size()) + ": the document ends before it is complete";
  const std::size_t offset = error.position - 1;
  const char found = text[offset];
  std::string problem;
  if (found == '\n' || found == '\r') problem = "a line break inside a string";
  else if (printable_ascii(std::string_view(&found, 1))) problem = std::string("unexpected '") + found + "'";
  else problem = "unexpected character";
  return place(text, offset) + ": " + problem;
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& name) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {  // parse_error, and out_of_range for 9e999999
    throw InputError(name + ": not valid JSON: " + what_went_wrong(text));
  }
}

nlohmann::json read_json_file(const std::filesystem::path& file) {
  std::error_code error;
  std::ifstream stream(file, std::ios::binary);
  if (!stream || std::filesystem::is_directory(file, error)) throw InputError(file.string() + ": cannot read the file");
  std::ostringstream text;
  text << stream.rdbuf();
  if (stream.bad()) throw InputError(file.string() + ": cannot read the file");
  return parse_json_text(text.str(), file.string());
}

}  // namespace qm::rules
