#include "rules/pirates_code/card_set_file.hpp"

#include "data/data_files.hpp"
#include "rules/json_file.hpp"
#include "scoring/input_error.hpp"

namespace qm::pirates_code {

namespace {

// A card set named NAME is NAME.json in the first place of this folder that holds it.
std::filesystem::path card_set_path(const std::string& name) {
  const DataFolder folder = shipped_data("pirates_code");
  const std::string file = name + ".json";
  if (const auto found = find_data_file(folder, file)) return *found;
  std::string places;
  for (const std::filesystem::path& place : data_places(folder)) places += (places.empty() ? "" : ", ") + place.string();
  throw InputError("no card set '" + name + "': " + file + " is in none of " + places);
}

}  // namespace

CardSet load_card_set(const std::string& name_or_file) {
  const bool is_file = name_or_file.find('/') != std::string::npos ||
                       (name_or_file.size() > 5 && name_or_file.ends_with(".json"));
  const std::filesystem::path path = is_file ? std::filesystem::path(name_or_file) : card_set_path(name_or_file);
  const nlohmann::json document = rules::read_json_file(path);
  try {
    return card_set_from_json(document);
  } catch (const InputError& error) {
    throw InputError(path.string() + ": " + error.what());
  }
}

}  // namespace qm::pirates_code
