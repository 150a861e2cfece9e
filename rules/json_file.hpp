#pragma once
// The JSON files a user gives the rules (Meuterer's state file and components, Pirate's Code card
// sets), read with one wording for everything that goes wrong: the file, then where and what in
// our words, never the library's ("[json.exception.parse_error.101] ..."):
//   "round.json: cannot read the file"
//   "round.json: not valid JSON: line 3, column 12: unexpected ','"
//   "round.json: not valid JSON: line 1, column 20: the document ends before it is complete"
//   "round.json: not valid JSON: line 1, column 11: the number 9e999999 is too large"
//   "round.json: not valid JSON: the file holds no JSON document"
// Lines and columns count from 1, columns in characters (UTF-8), as an editor shows them.
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace qm::rules {

// Throws InputError as above.
nlohmann::json read_json_file(const std::filesystem::path& file);

// The same for text already read; `name` stands for the file in the message.
nlohmann::json parse_json_text(std::string_view text, const std::string& name);

}  // namespace qm::rules
