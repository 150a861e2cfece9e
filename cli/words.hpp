#pragma once
// Splits a typed line into words like a shell does: spaces separate, "double" and 'single'
// quotes keep spaces, a backslash escapes the next character. Throws InputError on an open quote.
#include <string>
#include <vector>

namespace qm::cli {

// The words as a player would type them, one line that split_words reads back the same: a word
// that is empty or holds a space, a quote or a backslash is put in double quotes.
std::string joined_words(const std::vector<std::string>& words);

std::vector<std::string> split_words(const std::string& line);

}  // namespace qm::cli
