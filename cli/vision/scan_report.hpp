#pragma once
// What `scan dice` and `scan cards` print about a scan: for people, the counts (what would be
// typed) then one line per item, uncertain ones marked '?'; for --json, the CLI.md document
// with the photo, its size, the profile and the annotated copy.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "vision/scan.hpp"

namespace qm::cli {

struct ScanReport {
  std::string photo;
  std::string profile;            // the profile's name
  std::string annotated;          // the annotated copy written, if any
  std::vector<std::string> order; // the labels in the components' own order (others follow)
  const char* one = "die";        // what an item is called
  const char* many = "dice";
  const char* item_column = "face";
  const char* count_column = "dice";
};

void print_scan(const ScanReport& report, const vision::ScanResult& result, Context& ctx);
nlohmann::json scan_json(const ScanReport& report, const vision::ScanResult& result);

}  // namespace qm::cli
