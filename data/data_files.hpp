#pragma once
// Where the data the program ships is found (data/ in the source tree, share/quartermaster/ once
// installed): one rule for every game and for vision. Of
//   $QM_DATA_DIR/FOLDER             when QM_DATA_DIR is set and not empty,
//   the source tree's data/FOLDER   a build that was never installed,
//   share/quartermaster/FOLDER      the installed copy,
// the first that holds the file asked for. It lives beside the data (module data/, below rules/
// and vision/) because it looks at the file system, which scoring/ never does.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace qm {

struct DataFolder {
  std::string name;                 // e.g. "meuterer": the folder under $QM_DATA_DIR
  std::filesystem::path source;     // e.g. <source tree>/data/meuterer
  std::filesystem::path installed;  // e.g. <prefix>/share/quartermaster/meuterer
};

// The folder `name` of the data this build ships (data/NAME, share/quartermaster/NAME).
DataFolder shipped_data(const std::string& name);

// The places of `folder`, in the order they are looked at.
std::vector<std::filesystem::path> data_places(const DataFolder& folder);

// `file` in the first place that holds it; nullopt when none does.
std::optional<std::filesystem::path> find_data_file(const DataFolder& folder, const std::string& file);

}  // namespace qm
