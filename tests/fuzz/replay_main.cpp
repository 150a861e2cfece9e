// The fuzz targets without a fuzzer: replays every file named on the command line (a folder
// stands for the files in it) through LLVMFuzzerTestOneInput, so that CTest checks the corpus in
// the ordinary, sanitized build. A finding aborts as it does under libFuzzer; an empty corpus
// fails, so the test cannot pass by replaying nothing.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "tests/fuzz/fuzz_target.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  // The scratch home on /dev/shm when it can be written, as scripts/fuzz does: every event a
  // journal replays is fsynced, and on a disk shared with the other tests of a CI run those waits
  // took a third of a replay's time (what is tried here is the input, not the disk).
  if (std::getenv("TMPDIR") == nullptr && ::access("/dev/shm", W_OK) == 0) ::setenv("TMPDIR", "/dev/shm", 1);
  // Absolute: a target may change the working directory (into its scratch home).
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path named = fs::absolute(argv[i]);
    if (fs::is_directory(named)) {
      for (const auto& entry : fs::directory_iterator(named))
        if (entry.is_regular_file()) inputs.push_back(entry.path());
    } else {
      inputs.push_back(named);
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::cerr << "replay: no inputs (give corpus files or folders)\n";
    return 2;
  }
  for (const fs::path& input : inputs) {
    std::ifstream in(input, std::ios::binary);
    if (!in) {
      std::cerr << "replay: cannot read " << input.string() << "\n";
      return 2;
    }
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::cout << input.filename().string() << std::endl;  // flushed: a finding's report follows its input's name
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  std::cout << "replayed " << inputs.size() << " inputs\n";
  return 0;
}
