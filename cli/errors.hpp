#pragma once
// Exit statuses and error lines (CLI.md, General): 0 success; 2 bad input, with one line on
// stderr naming the offending token or file; 1 internal failure.
#include <exception>
#include <iosfwd>

namespace qm::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

// Reports the exception in flight as one line on err and gives the exit status.
int report_exception(std::exception_ptr error, std::ostream& err);

}  // namespace qm::cli
