// The one rule for finding shipped data (data/data_files.hpp): $QM_DATA_DIR first, then the
// source tree, then the installed copy, file by file.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "data/data_files.hpp"
#include "tests/common/temp_home.hpp"

namespace fs = std::filesystem;

namespace {

void touch(const fs::path& file) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "{}\n";
}

}  // namespace

TEST_CASE("Data files are taken from the first place that holds them", "[data]") {
  const qm::tests::TempHome home("data-files");
  const qm::DataFolder folder{"game", home.dir / "source" / "game", home.dir / "installed" / "game"};
  touch(home.dir / "override" / "game" / "a.json");
  touch(folder.source / "a.json");
  touch(folder.source / "b.json");
  touch(folder.installed / "c.json");

  ::unsetenv("QM_DATA_DIR");
  CHECK(qm::data_places(folder) == std::vector<fs::path>{folder.source, folder.installed});
  CHECK(qm::find_data_file(folder, "a.json") == folder.source / "a.json");
  CHECK(qm::find_data_file(folder, "c.json") == folder.installed / "c.json");
  CHECK_FALSE(qm::find_data_file(folder, "d.json"));

  ::setenv("QM_DATA_DIR", (home.dir / "override").c_str(), 1);
  CHECK(qm::find_data_file(folder, "a.json") == home.dir / "override" / "game" / "a.json");
  CHECK(qm::find_data_file(folder, "b.json") == folder.source / "b.json");  // not overridden: falls through
  CHECK(qm::find_data_file(folder, "c.json") == folder.installed / "c.json");
  CHECK_FALSE(qm::find_data_file(folder, "d.json"));
  fs::create_directories(home.dir / "override" / "game" / "e.json");
  CHECK_FALSE(qm::find_data_file(folder, "e.json"));  // a folder is not a file

  ::setenv("QM_DATA_DIR", "", 1);  // empty: not set
  CHECK(qm::find_data_file(folder, "a.json") == folder.source / "a.json");
  ::unsetenv("QM_DATA_DIR");
}

TEST_CASE("This build finds the data it ships in its source tree", "[data]") {
  ::unsetenv("QM_DATA_DIR");
  const qm::DataFolder meuterer = qm::shipped_data("meuterer");
  CHECK(meuterer.name == "meuterer");
  CHECK(meuterer.installed.filename() == "meuterer");
  const auto components = qm::find_data_file(meuterer, "components.json");
  REQUIRE(components);
  CHECK(*components == meuterer.source / "components.json");
  CHECK(qm::find_data_file(qm::shipped_data("vision"), "piraten-dice.json") ==
        qm::shipped_data("vision").source / "piraten-dice.json");
  CHECK_FALSE(qm::find_data_file(qm::shipped_data("no-such-folder"), "components.json"));
}
