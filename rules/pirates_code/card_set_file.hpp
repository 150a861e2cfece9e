#pragma once
// Finding and reading card set files (data/pirates_code/*.json). The parsing itself is
// scoring/pirates_code/card_set.hpp; this file only locates and reads the document.
#include <filesystem>
#include <string>

#include "scoring/pirates_code/card_set.hpp"

namespace qm::pirates_code {

// The directory holding the card sets: $QM_DATA_DIR/pirates_code when that variable is set,
// else the source tree's data/pirates_code, else the installed share/quartermaster/pirates_code.
std::filesystem::path card_set_directory();

// `name_or_file`: a set name ("base" -> <card_set_directory>/base.json) or a path to a .json
// file. Throws InputError naming the file when it cannot be read or is not a valid card set.
CardSet load_card_set(const std::string& name_or_file);

}  // namespace qm::pirates_code
