#pragma once
// The one line a long command keeps up to date on stderr while it works (issue 21): how much is
// done, how fast, how long is left. It appears only after the first second, so quick runs stay
// silent, and only when the caller gives it somewhere to write (stderr at a terminal, no --json).
#include <chrono>
#include <iosfwd>
#include <string>

namespace qm::cli {

class ProgressLine {
 public:
  // `where` null: nothing is ever written. `unit` is the plural of what is counted ("games").
  ProgressLine(std::ostream* where, std::string what, long total, std::string unit);
  ~ProgressLine();  // clears the line, so the command's own output starts on a clean line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void update(long done);
  void update(long done, long total);  // for work whose size is known only once it has begun
  // The text shown for `done` of the total after `elapsed` seconds (no terminal codes).
  std::string text(long done, double elapsed) const;

 private:
  std::ostream* where_;
  std::string what_;
  long total_;
  std::string unit_;
  std::chrono::steady_clock::time_point start_;
  bool shown_ = false;
  double last_drawn_ = 0;  // seconds after start_
};

// stderr when it is a terminal, otherwise null: where a command's progress line goes.
std::ostream* progress_stream(bool json);

}  // namespace qm::cli
