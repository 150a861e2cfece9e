#pragma once
// Finding and reading card set files (data/pirates_code/*.json). The parsing itself is
// scoring/pirates_code/card_set.hpp; this file only locates and reads the document.
#include <filesystem>
#include <string>

#include "scoring/pirates_code/card_set.hpp"

namespace qm::pirates_code {

// `name_or_file`: a set name ("base": base.json in the first of $QM_DATA_DIR/pirates_code, the
// source tree's data/pirates_code and the installed share/quartermaster/pirates_code that holds
// it, data/data_files.hpp) or a path to a .json file. Throws InputError naming the file when it
// is not found, cannot be read or is not a valid card set.
CardSet load_card_set(const std::string& name_or_file);

}  // namespace qm::pirates_code
