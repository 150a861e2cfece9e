#pragma once
// What every fuzz target shares. A target is one file defining LLVMFuzzerTestOneInput: it hands
// the bytes to one of the program's parsers as a user or a file would. The errors the program
// reports to users (InputError and its kin: NotationError, RuleViolation, the session's errors)
// are the expected answer to bad input and are caught here; anything else escapes and is a
// finding: an uncaught exception ends in std::terminate, as a crash or a sanitizer report does.
// Built with libFuzzer (-DQM_FUZZ=ON, clang) or with replay_main.cpp (the ordinary build, CTest).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace qm::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Runs `step`; an InputError (what the program says to a user about bad input) is its answer.
template <class Step>
void expecting_input_errors(Step&& step) {
  try {
    step();
  } catch (const InputError&) {
  }
}

// The target's private home: HOME and the XDG folders point into a fresh temporary folder, and
// so does the working directory (a file named without a folder lands there), so nothing of the
// user's is read or written. Made at the first input and removed when the process ends.
struct ScratchHome {
  tests::TempHome home;
  explicit ScratchHome(const std::string& target) : home("fuzz-" + target) {
    ::setenv("HOME", home.dir.c_str(), 1);
    std::filesystem::current_path(home.dir);
  }
};
inline const std::filesystem::path& scratch_home(const std::string& target) {
  static const ScratchHome scratch(target);
  return scratch.home.dir;
}

// Writes the input to a file in the target's home: the parsers that read files read it there.
inline std::filesystem::path scratch_file(const std::string& target, const std::string& name,
                                          const std::uint8_t* data, std::size_t size) {
  const std::filesystem::path path = scratch_home(target) / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

}  // namespace qm::fuzz
