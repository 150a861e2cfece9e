// `quartermaster calibrate cards DIR --out FILE [--game corsari|loot] [--name NAME] [--json]`
// (CLI.md, Vision). Learns a card profile from the player's own photos (DIR/labels.json names
// the cards in each), prints the report with its warnings (colours or numbers never seen,
// labels that are not the game's cards, labelled cards not found) and writes the profile for
// `scan cards --profile FILE`.
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/progress_line.hpp"
#include "cli/vision/scan.hpp"
#include "vision/card_calibration.hpp"

namespace qm::cli {
namespace {

struct CalibrateCardsOptions {
  std::string dir;
  std::string out;
  std::string game;  // empty: told from the labels
  std::string name;  // empty: the folder's name
};

// "my-deck" for both my-deck and my-deck/.
std::string folder_name(const std::string& dir) {
  std::filesystem::path path = std::filesystem::path(dir).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();
  const std::string name = path.filename().string();
  return name.empty() || name == "." || name == ".." ? "calibrated cards" : name;
}

void run_calibrate_cards(const CalibrateCardsOptions& options, Context& ctx) {
  vision::CardCalibrationOptions calibration;
  calibration.name = options.name.empty() ? folder_name(options.dir) : options.name;
  calibration.game = options.game.empty() ? vision::card_game_of_labels(options.dir)
                                          : vision::card_game_from_string(options.game);
  vision::CardCalibrationReport report;
  {
    ProgressLine progress(progress_stream(ctx.json), "calibrate cards", 0, "photos");
    calibration.progress = [&progress](long done, long photos) { progress.update(done, photos); };
    report = vision::calibrate_cards(options.dir, options.out, calibration);
  }

  if (ctx.json) {
    nlohmann::json doc = vision::to_json(report);
    doc["profile"] = options.out;
    doc["name"] = calibration.name;
    doc["game"] = vision::to_string(calibration.game);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  std::istringstream lines(vision::format_report(report));
  for (std::string line; std::getline(lines, line);)
    ctx.print() << (line.starts_with("warning:") ? bad(ctx, line) : line) << "\n";
  ctx.print() << fmt::format("{} card profile '{}' written to {}\n", vision::to_string(calibration.game),
                             calibration.name, options.out)
              << dim(ctx, fmt::format("scan with: quartermaster scan cards PHOTO --game {} --profile {}",
                                      vision::to_string(calibration.game), options.out))
              << "\n";
}

}  // namespace

void setup_calibrate_cards(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<CalibrateCardsOptions>();
  CLI::App* calibrate = vision_command(app, "calibrate", kCalibrateDescription);
  CLI::App* sub = calibrate->add_subcommand("cards", "Learn a card profile from your own photos (DIR/labels.json)");
  sub->add_option("dir", options->dir, "Folder with the photos and labels.json")->required()->type_name("DIR");
  sub->add_option("--out", options->out, "Profile file to write")->required()->type_name("FILE");
  sub->add_option("--game", options->game, "corsari or loot (default: told from the labels)")->type_name("GAME");
  sub->add_option("--name", options->name, "The profile's name (default: the folder's name)")->type_name("NAME");
  sub->callback([options, &ctx] { run_calibrate_cards(*options, ctx); });
}

}  // namespace qm::cli
