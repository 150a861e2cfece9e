#include "cli/text_table.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace qm::cli {
namespace {

bool looks_numeric(const std::string& cell) {
  if (cell.empty()) return false;
  return std::all_of(cell.begin(), cell.end(), [](unsigned char c) {
    return std::isdigit(c) || c == '-' || c == '+' || c == '.' || c == '%';
  });
}

// Display width, counting each UTF-8 code point once (names like Frosthöhle).
std::size_t width_of(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

void TextTable::print(std::ostream& out) const {
  std::vector<std::size_t> widths(header_.size(), 0);
  auto measure = [&widths](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], width_of(row[i]));
  };
  measure(header_);
  for (const auto& row : rows_) measure(row);
  auto line = [&](const std::vector<std::string>& row) {
    std::string text;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const std::string cell = i < row.size() ? row[i] : "";
      const std::string pad(widths[i] - width_of(cell), ' ');
      if (i > 0) text += "  ";
      text += looks_numeric(cell) ? pad + cell : cell + (i + 1 < widths.size() ? pad : "");
    }
    out << text << "\n";
  };
  line(header_);
  for (const auto& row : rows_) line(row);
}

std::string format_number(double value, int decimals) {
  if (std::isfinite(value) && value == std::round(value)) return fmt::format("{:.0f}", value);
  std::string text = fmt::format("{:.{}f}", value, decimals);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

}  // namespace qm::cli
