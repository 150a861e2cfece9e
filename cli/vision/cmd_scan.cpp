// `quartermaster scan dice PHOTO [--profile FILE] [--annotate OUT.png] [--json]` (CLI.md, Vision).
// Finds the dice in a photo and names each top face with a dice profile: the built-in one for
// Piraten Kapern dice, or one learned by `calibrate dice` from the player's own dice.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "cli/vision/scan.hpp"
#include "vision/scan.hpp"

namespace qm::cli {
namespace {

struct ScanDiceOptions {
  std::string photo;
  std::string profile;   // empty: the built-in profile
  std::string annotate;  // empty: no annotated copy
};

vision::DiceProfile chosen_profile(const ScanDiceOptions& options) {
  return options.profile.empty() ? vision::load_builtin_profile() : vision::load_profile(options.profile);
}

std::string plural(int count, const char* one, const char* many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

// Labels in the profile's order (skull before coin, 1 before 6), then any others.
std::vector<std::string> labels_in_order(const vision::DiceProfile& profile, const vision::ScanResult& result) {
  std::vector<std::string> labels;
  for (const std::string& label : profile.labels)
    if (result.counts.contains(label)) labels.push_back(label);
  for (const auto& [label, count] : result.counts)
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(label);
  return labels;
}

void print_for_people(const ScanDiceOptions& options, const vision::DiceProfile& profile,
                      const vision::ScanResult& result, Context& ctx) {
  std::ostream& out = ctx.print();
  const int dice = static_cast<int>(result.items.size());
  std::string summary = fmt::format("{}: {}", options.photo, plural(dice, "die", "dice"));
  if (result.uncertain > 0) summary += fmt::format(", {} uncertain", result.uncertain);
  out << bold(ctx, summary) << dim(ctx, fmt::format(" (profile: {})", profile.name)) << "\n";

  // Step 1. The counts: what would be typed as --dice.
  TextTable counts({"face", "dice"});
  for (const std::string& label : labels_in_order(profile, result))
    counts.add_row({label, std::to_string(result.counts.at(label))});
  if (result.uncertain > 0) counts.add_row({"uncertain?", std::to_string(result.uncertain)});
  counts.print(out);
  out << "\n";

  // Step 2. One line per die, uncertain ones marked with a question mark.
  TextTable items({"#", "face", "confidence", "x", "y", "w", "h"});
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const vision::ScannedDie& die = result.items[i];
    items.add_row({std::to_string(i + 1), die.label + (die.uncertain ? "?" : ""), fmt::format("{:.2f}", die.confidence),
                   fmt::format("{:.0f}", die.box.x), fmt::format("{:.0f}", die.box.y), fmt::format("{:.0f}", die.box.w),
                   fmt::format("{:.0f}", die.box.h)});
  }
  items.print(out);
  if (result.uncertain > 0) {
    out << bad(ctx, fmt::format("{} marked ? {} too close to call: check {} on the table.",
                                plural(result.uncertain, "die", "dice"), result.uncertain == 1 ? "is" : "are",
                                result.uncertain == 1 ? "it" : "them"))
        << "\n";
  }
  if (!options.annotate.empty()) out << fmt::format("annotated photo: {}\n", options.annotate);
}

void run_scan_dice(const ScanDiceOptions& options, Context& ctx) {
  // Guard clauses live in the library: every bad file is an InputError naming it.
  const vision::DiceProfile profile = chosen_profile(options);
  const vision::ScanResult result = vision::scan(options.photo, profile);
  if (result.items.empty()) throw vision::no_dice_found(options.photo);
  if (!options.annotate.empty()) vision::annotate(options.photo, result, options.annotate);

  if (ctx.json) {
    nlohmann::json doc = vision::to_json(result);  // items, counts (+ uncertain)
    doc["photo"] = options.photo;
    doc["photo_size"] = {result.photo_size.width, result.photo_size.height};
    doc["profile"] = profile.name;
    if (!options.annotate.empty()) doc["annotated"] = options.annotate;
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  print_for_people(options, profile, result, ctx);
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
  sub->add_option("photo", options->photo, "JPEG or PNG photo of dice seen from above")->required()->type_name("PHOTO");
  sub->add_option("--profile", options->profile,
                  "Dice profile made by 'calibrate dice' (default: the built-in Piraten Kapern profile)")
      ->type_name("FILE");
  sub->add_option("--annotate", options->annotate, "Also write the photo with every die outlined and labelled (.png or .jpg)")
      ->type_name("OUT.png");
  sub->callback([options, &ctx] { run_scan_dice(*options, ctx); });
}

}  // namespace qm::cli
