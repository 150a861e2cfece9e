#include "cli/vision/scan_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

std::vector<std::string> labels_in_order(const std::vector<std::string>& order, const vision::ScanResult& result) {
  std::vector<std::string> labels;
  for (const std::string& label : order)
    if (result.counts.contains(label)) labels.push_back(label);
  for (const auto& [label, count] : result.counts)
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(label);
  return labels;
}

}  // namespace

void print_scan(const ScanReport& report, const vision::ScanResult& result, Context& ctx) {
  std::ostream& out = ctx.print();
  const int items = static_cast<int>(result.items.size());
  std::string summary = fmt::format("{}: {}", report.photo, counted(items, report.one, report.many));
  if (result.uncertain > 0) summary += fmt::format(", {} uncertain", result.uncertain);
  out << bold(ctx, summary) << dim(ctx, fmt::format(" (profile: {})", report.profile)) << "\n";

  // Step 1. The counts: what would be typed.
  TextTable counts({report.item_column, report.count_column});
  for (const std::string& label : labels_in_order(report.order, result))
    counts.add_row({label, std::to_string(result.counts.at(label))});
  if (result.uncertain > 0) counts.add_row({"uncertain?", std::to_string(result.uncertain)});
  counts.print(out);
  out << "\n";

  // Step 2. One line per item, uncertain ones marked with a question mark.
  TextTable lines({"#", report.item_column, "confidence", "x", "y", "w", "h"});
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const vision::ScannedItem& item = result.items[i];
    lines.add_row({std::to_string(i + 1), vision::marked_label(item.label, item.uncertain), fmt::format("{:.2f}", item.confidence),
                   fmt::format("{:.0f}", item.box.x), fmt::format("{:.0f}", item.box.y), fmt::format("{:.0f}", item.box.w),
                   fmt::format("{:.0f}", item.box.h)});
  }
  lines.print(out);
  if (result.uncertain > 0) {
    out << bad(ctx, fmt::format("{} marked ? {} too close to call or could not be read: check {} on the table.",
                                counted(result.uncertain, report.one, report.many), for_count(result.uncertain, "is", "are"),
                                for_count(result.uncertain, "it", "them")))
        << "\n";
  }
  if (!report.annotated.empty()) out << fmt::format("annotated photo: {}\n", report.annotated);
}

nlohmann::json scan_json(const ScanReport& report, const vision::ScanResult& result) {
  nlohmann::json doc = vision::to_json(result);  // items, counts (+ uncertain)
  doc["photo"] = report.photo;
  doc["photo_size"] = {result.photo_size.width, result.photo_size.height};
  doc["profile"] = report.profile;
  if (!report.annotated.empty()) doc["annotated"] = report.annotated;
  return doc;
}

}  // namespace qm::cli
