#pragma once
// Splits a typed line into words like a shell does: spaces separate, "double" and 'single'
// quotes keep spaces, a backslash escapes the next character. Throws InputError on an open quote.
#include <string>
#include <vector>

namespace qm::cli {

std::vector<std::string> split_words(const std::string& line);

}  // namespace qm::cli
