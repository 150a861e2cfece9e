#pragma once
// A bench's main: bad arguments (a --scan that is no JSON, a parameter out of range, a missing
// file) end the run with one line naming the bench and exit 2, not an abort.
#include <cstdio>
#include <exception>

inline int run_with_one_line_errors(const char* bench, int (*run)(int, char**), int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s: %s\n", bench, error.what());
    return 2;
  }
}
