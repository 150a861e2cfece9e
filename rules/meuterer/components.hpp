#pragma once
// Meuterer's components that the rule text does not print (RULINGS.md, Meuterer: components):
// the ring of islands, the goods deck, the captain cards and the action cards. They are read at
// run time from data/meuterer/components.json, so a table can correct them (`--data DIR`).
//
// components.json:
//   islands               clockwise: [{"name", "good": GOOD|"any", "sale_vp": [sole, two, three],
//                         "destination_vp"}]
//   start_island          where the ship starts (its island is the only active one at the start)
//   pirate_start_island   where the pirate ship starts in the pirate variant
//   goods_deck            {GOOD: count}; pirate_variant_goods: {GOOD: count} added in the variant
//   captain_cards         [[side, side], ...]: the offers the captain may choose from
//   action_cards          the roles the passing players choose from
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "scoring/meuterer/good_counts.hpp"
#include "scoring/meuterer/island.hpp"
#include "scoring/meuterer/role.hpp"

namespace qm::meuterer {

inline constexpr const char* kComponentsFile = "components.json";

struct Components {
  std::vector<Island> islands;  // clockwise
  int start_island = 0;
  int pirate_start_island = 0;
  GoodCounts goods_deck;
  GoodCounts pirate_variant_goods;
  std::vector<std::array<int, 2>> captain_cards;  // each card's two sides
  std::vector<Role> action_cards;

  // The island of that name: case-insensitive, spaces and hyphens ignored, "u" for "ü" etc.;
  // a unique prefix is enough. -1 when none or several match.
  int find_island(std::string_view name) const;
  friend bool operator==(const Components&, const Components&) = default;
};

// The components one game is played with, shared by every copy of its state (they never change
// during a game) and compared by value: two states are equal whether their components were loaded
// once or twice (e.g. a game replayed from a journal, which reads components.json again).
class SharedComponents {
 public:
  SharedComponents() = default;
  explicit SharedComponents(std::shared_ptr<const Components> components) : components_(std::move(components)) {}
  const Components& operator*() const { return *components_; }
  const Components* operator->() const { return components_.get(); }
  explicit operator bool() const { return components_ != nullptr; }
  friend bool operator==(const SharedComponents& a, const SharedComponents& b) {
    return a.components_ == b.components_ || (a.components_ && b.components_ && *a.components_ == *b.components_);
  }

 private:
  std::shared_ptr<const Components> components_;
};

// Parses a components document. Throws InputError "FILE: FIELD: problem", e.g.
// "components.json: islands[3].sale_vp: expected three whole numbers of at least 0".
Components parse_components(const nlohmann::json& document, const std::string& file);

// Parses just a list of islands in the components' format (also used by a round's table).
std::vector<Island> parse_islands(const nlohmann::json& list, const std::string& file, const std::string& field);

// Reads DIR/components.json. Throws InputError naming the file when it is missing or not JSON.
Components load_components(const std::filesystem::path& directory);

// Where the game's data lives: the first of $QM_DATA_DIR/meuterer, the source tree's data/meuterer
// and the installed share/quartermaster/meuterer that holds components.json (data/data_files.hpp);
// the installed one when none does.
std::filesystem::path default_data_dir();

// Lower-case ASCII with spaces, hyphens and underscores dropped and umlauts folded: "Grünland" -> "grunland".
std::string island_key(std::string_view name);

}  // namespace qm::meuterer
