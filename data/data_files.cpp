#include "data/data_files.hpp"

#include <cstdlib>
#include <system_error>

namespace qm {

DataFolder shipped_data(const std::string& name) {
  return {name, std::filesystem::path(QM_SOURCE_DATA_DIR) / name, std::filesystem::path(QM_INSTALLED_DATA_DIR) / name};
}

std::vector<std::filesystem::path> data_places(const DataFolder& folder) {
  std::vector<std::filesystem::path> places;
  if (const char* root = std::getenv("QM_DATA_DIR"); root != nullptr && *root != '\0')
    places.push_back(std::filesystem::path(root) / folder.name);
  places.push_back(folder.source);
  places.push_back(folder.installed);
  return places;
}

std::optional<std::filesystem::path> find_data_file(const DataFolder& folder, const std::string& file) {
  for (const std::filesystem::path& place : data_places(folder)) {
    std::error_code ignored;
    if (std::filesystem::is_regular_file(place / file, ignored)) return place / file;
  }
  return std::nullopt;
}

}  // namespace qm
