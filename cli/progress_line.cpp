#include "cli/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/format.h>


namespace qm::cli {
namespace {

constexpr double kSilentFor = 1.0;  // seconds: a run that ends sooner never shows the line
constexpr double kRedrawEvery = 0.25;  // seconds: often enough to see it move, rarely enough to read

std::string duration(double seconds) {
  const long whole = std::lround(std::max(0.0, seconds));
  if (whole < 60) return std::to_string(whole) + " s";
  if (whole < 3600) return fmt::format("{} min {:02} s", whole / 60, whole % 60);
  return fmt::format("{} h {:02} min", whole / 3600, (whole % 3600) / 60);
}

// 1234567 -> "1,234,567": counts of games are read at a glance.
std::string grouped(long n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

ProgressLine::ProgressLine(std::ostream* where, std::string what, long total, std::string unit)
    : where_(where), what_(std::move(what)), total_(total), unit_(std::move(unit)), start_(std::chrono::steady_clock::now()) {}

ProgressLine::~ProgressLine() {
  if (shown_) *where_ << "\r\033[K" << std::flush;
}

std::string ProgressLine::text(long done, double elapsed) const {
  std::string line = fmt::format("{}: {} of {} {}", what_, grouped(done), grouped(total_), unit_);
  if (elapsed > 0 && done > 0) {
    const double rate = static_cast<double>(done) / elapsed;
    line += fmt::format(", {}/s", rate >= 100 ? grouped(std::lround(rate)) : fmt::format("{:.1f}", rate));
    const double left = static_cast<double>(total_ - done) / rate;
    if (done < total_) line += left < 1 ? ", less than 1 s left" : ", about " + duration(left) + " left";
  }
  return line;
}

void ProgressLine::update(long done, long total) {
  total_ = total;
  update(done);
}

void ProgressLine::update(long done) {
  if (where_ == nullptr) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (elapsed < kSilentFor || done >= total_ || (shown_ && elapsed - last_drawn_ < kRedrawEvery)) return;
  last_drawn_ = elapsed;
  // \r and erase-to-end: the line is rewritten in place, and a shorter text leaves no tail.
  *where_ << "\r\033[K" << text(done, elapsed) << std::flush;
  shown_ = true;
}

std::ostream* progress_stream(bool json) {
  if (json || isatty(STDERR_FILENO) != 1) return nullptr;
  return &std::cerr;
}

}  // namespace qm::cli
