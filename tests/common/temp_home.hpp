#pragma once
// A private XDG data and state home for a test that opens sessions: nothing of the user's is
// read or written, and the folder is gone when the test ends.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace qm::tests {

struct TempHome {
  std::filesystem::path dir;
  explicit TempHome(const std::string& name) {
    dir = std::filesystem::temp_directory_path() / ("qm-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    ::setenv("XDG_DATA_HOME", (dir / "data").c_str(), 1);
    ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);
  }
  ~TempHome() { std::filesystem::remove_all(dir); }
  TempHome(const TempHome&) = delete;
  TempHome& operator=(const TempHome&) = delete;
};

}  // namespace qm::tests
