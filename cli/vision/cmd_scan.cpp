// `quartermaster scan dice PHOTO [--profile FILE] [--annotate OUT.png] [--json]` (CLI.md, Vision).
// Finds the dice in a photo and names each top face with a dice profile: the built-in one for
// Piraten Kapern dice, or one learned by `calibrate dice` from the player's own dice.
#include <memory>

#include "cli/vision/scan.hpp"
#include "cli/vision/scan_report.hpp"
#include "vision/scan.hpp"

namespace qm::cli {
namespace {

struct ScanDiceOptions {
  std::string photo;
  std::string profile;   // empty: the built-in profile
  std::string annotate;  // empty: no annotated copy
};

void run_scan_dice(const ScanDiceOptions& options, Context& ctx) {
  // Guard clauses live in the library: every bad file is an InputError naming it.
  const vision::DiceProfile profile = vision::load_profile_or_builtin(options.profile);
  const vision::ScanResult result = vision::scan(options.photo, profile);
  if (result.items.empty()) throw vision::no_dice_found(options.photo);
  if (!options.annotate.empty()) vision::annotate(options.photo, result, options.annotate);

  ScanReport report;  // a die, its face, dice: the defaults
  report.photo = options.photo;
  report.profile = profile.name;
  report.annotated = options.annotate;
  report.order = profile.labels;
  if (ctx.json) {
    ctx.print() << scan_json(report, result).dump(2) << "\n";
    return;
  }
  print_scan(report, result, ctx);
}

}  // namespace

CLI::App* vision_command(CLI::App& app, const std::string& name, const std::string& description) {
  // Debian's CLI11 has no get_subcommand_no_throw: look among the commands by hand.
  for (CLI::App* existing : app.get_subcommands({}))
    if (existing->get_name() == name) return existing;
  CLI::App* command = app.add_subcommand(name, description);
  command->require_subcommand(1);
  return command;
}

void setup_scan(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<ScanDiceOptions>();
  CLI::App* scan = vision_command(app, "scan", kScanDescription);
  CLI::App* sub = scan->add_subcommand("dice", "Count the dice in a photo: each die's top face, box and confidence");
  sub->add_option("photo", options->photo, "Photo (JPEG, PNG, WebP or HEIC) of dice seen from above")->required()->type_name("PHOTO");
  sub->add_option("--profile", options->profile,
                  "Dice profile made by 'calibrate dice' (default: the built-in Piraten Kapern profile)")
      ->type_name("FILE");
  sub->add_option("--annotate", options->annotate, "Also write the photo with every die outlined and labelled (.png or .jpg)")
      ->type_name("OUT.png");
  sub->callback([options, &ctx] { run_scan_dice(*options, ctx); });
}

}  // namespace qm::cli
