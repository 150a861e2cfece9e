#pragma once
// Aligned columns for people's output: text left-aligned, numbers right-aligned.
#include <iosfwd>
#include <string>
#include <vector>

namespace qm::cli {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) : header_(std::move(header)) {}
  void add_row(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::ostream& out) const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// A number without trailing zeros: 12, 12.5, 0.333.
std::string format_number(double value, int decimals = 3);

}  // namespace qm::cli
