// `quartermaster calibrate dice DIR --out FILE [--name NAME] [--json]` (CLI.md, Vision).
// Learns a dice profile from the player's own photos (DIR/labels.json names what each holds),
// prints the cross-validated report with its warnings (faces that look alike, photos where
// detection disagrees with labels.json) and writes the profile for `scan dice --profile FILE`.
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/progress_line.hpp"
#include "cli/vision/scan.hpp"
#include "vision/calibration.hpp"

namespace qm::cli {
namespace {

struct CalibrateDiceOptions {
  std::string dir;
  std::string out;
  std::string name;  // empty: the folder's name
};

// "my-dice" for both my-dice and my-dice/.
std::string folder_name(const std::string& dir) {
  std::filesystem::path path = std::filesystem::path(dir).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();
  const std::string name = path.filename().string();
  return name.empty() || name == "." || name == ".." ? "calibrated" : name;
}

void run_calibrate_dice(const CalibrateDiceOptions& options, Context& ctx) {
  vision::CalibrationOptions calibration;
  calibration.name = options.name.empty() ? folder_name(options.dir) : options.name;
  vision::CalibrationReport report;
  {
    ProgressLine progress(progress_stream(ctx.json), "calibrate dice", 0, "photo readings");
    calibration.progress = [&progress](long done, long reads) { progress.update(done, reads); };
    report = vision::calibrate_dice(options.dir, options.out, calibration);
  }

  if (ctx.json) {
    nlohmann::json doc = vision::to_json(report);
    doc["profile"] = options.out;
    doc["name"] = calibration.name;
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  std::istringstream lines(vision::format_report(report));
  for (std::string line; std::getline(lines, line);)
    ctx.print() << (line.starts_with("warning:") ? bad(ctx, line) : line) << "\n";
  ctx.print() << fmt::format("profile '{}' written to {}\n", calibration.name, options.out)
              << dim(ctx, fmt::format("scan with: quartermaster scan dice PHOTO --profile {}", options.out)) << "\n";
}

}  // namespace

void setup_calibrate(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<CalibrateDiceOptions>();
  CLI::App* calibrate = vision_command(app, "calibrate", kCalibrateDescription);
  CLI::App* sub = calibrate->add_subcommand("dice", "Learn a dice profile from your own photos (DIR/labels.json)");
  sub->add_option("dir", options->dir, "Folder with the photos and labels.json")->required()->type_name("DIR");
  sub->add_option("--out", options->out, "Profile file to write")->required()->type_name("FILE");
  sub->add_option("--name", options->name, "The profile's name (default: the folder's name)")->type_name("NAME");
  sub->callback([options, &ctx] { run_calibrate_dice(*options, ctx); });
}

}  // namespace qm::cli
