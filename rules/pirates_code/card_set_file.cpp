#include "rules/pirates_code/card_set_file.hpp"

#include <cstdlib>
#include <fstream>

#include "scoring/input_error.hpp"

namespace qm::pirates_code {

std::filesystem::path card_set_directory() {
  if (const char* override_dir = std::getenv("QM_DATA_DIR"); override_dir != nullptr && *override_dir != '\0')
    return std::filesystem::path(override_dir) / "pirates_code";
  const std::filesystem::path source = std::filesystem::path(QM_SOURCE_DATA_DIR) / "pirates_code";
  std::error_code error;
  if (std::filesystem::is_directory(source, error)) return source;
  return std::filesystem::path(QM_INSTALLED_DATA_DIR) / "pirates_code";
}

CardSet load_card_set(const std::string& name_or_file) {
  const bool is_file = name_or_file.find('/') != std::string::npos ||
                       (name_or_file.size() > 5 && name_or_file.ends_with(".json"));
  const std::filesystem::path path = is_file ? std::filesystem::path(name_or_file)
                                             : card_set_directory() / (name_or_file + ".json");
  std::ifstream in(path);
  if (!in) throw InputError("cannot read the card set file " + path.string());
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {  // also out_of_range: a number like 9e999999
    throw InputError("card set file " + path.string() + " is not valid JSON: " + error.what());
  }
  try {
    return card_set_from_json(document);
  } catch (const InputError& error) {
    throw InputError(path.string() + ": " + error.what());
  }
}

}  // namespace qm::pirates_code
