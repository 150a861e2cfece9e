// `quartermaster scan cards PHOTO --game corsari|loot [--profile FILE] [--annotate OUT.png] [--json]`
// (CLI.md, Vision). Finds the cards lying face up in a photo and names each one in the game's
// notation (`red7`, `m5`, `blue3`, `captain-gold`, `admiral`) with a card profile: the game's
// built-in one, or one learned by `calibrate cards` from the player's own deck.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "cli/vision/scan.hpp"
#include "scoring/notation.hpp"
#include "vision/card_scan.hpp"

namespace qm::cli {
namespace {

struct ScanCardsOptions {
  std::string photo;
  std::string game;
  std::string profile;   // empty: the game's built-in profile
  std::string annotate;  // empty: no annotated copy
};

std::string plural(int count, const char* one, const char* many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

// Labels in the deck's own order (pink1 before pink2, m2 before blue1), then any others (a
// calibrated profile may name cards the game does not know).
std::vector<std::string> labels_in_order(vision::CardGame game, const vision::ScanResult& result) {
  const std::vector<std::string> deck =
      game == vision::CardGame::corsari ? notation::all_corsari_cards() : notation::all_loot_cards();
  std::vector<std::string> labels;
  for (const std::string& label : deck)
    if (result.counts.contains(label)) labels.push_back(label);
  for (const auto& [label, count] : result.counts)
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(label);
  return labels;
}

void print_for_people(const ScanCardsOptions& options, vision::CardGame game, const vision::CardProfile& profile,
                      const vision::ScanResult& result, Context& ctx) {
  std::ostream& out = ctx.print();
  const int cards = static_cast<int>(result.items.size());
  std::string summary = fmt::format("{}: {}", options.photo, plural(cards, "card", "cards"));
  if (result.uncertain > 0) summary += fmt::format(", {} uncertain", result.uncertain);
  out << bold(ctx, summary) << dim(ctx, fmt::format(" (profile: {})", profile.name)) << "\n";

  // Step 1. The counts: what would be typed as the cards of a hand.
  TextTable counts({"card", "count"});
  for (const std::string& label : labels_in_order(game, result))
    counts.add_row({label, std::to_string(result.counts.at(label))});
  if (result.uncertain > 0) counts.add_row({"uncertain?", std::to_string(result.uncertain)});
  counts.print(out);
  out << "\n";

  // Step 2. One line per card, uncertain ones marked with a question mark.
  TextTable items({"#", "card", "confidence", "x", "y", "w", "h"});
  for (std::size_t i = 0; i < result.items.size(); ++i) {
    const vision::ScannedDie& card = result.items[i];
    items.add_row({std::to_string(i + 1), card.label + (card.uncertain ? "?" : ""), fmt::format("{:.2f}", card.confidence),
                   fmt::format("{:.0f}", card.box.x), fmt::format("{:.0f}", card.box.y), fmt::format("{:.0f}", card.box.w),
                   fmt::format("{:.0f}", card.box.h)});
  }
  items.print(out);
  if (result.uncertain > 0) {
    out << bad(ctx, fmt::format("{} marked ? {} too close to call: check {} on the table.",
                                plural(result.uncertain, "card", "cards"), result.uncertain == 1 ? "is" : "are",
                                result.uncertain == 1 ? "it" : "them"))
        << "\n";
  }
  if (!options.annotate.empty()) out << fmt::format("annotated photo: {}\n", options.annotate);
}

void run_scan_cards(const ScanCardsOptions& options, Context& ctx) {
  // Guard clauses live in the library: every bad file or name is an InputError naming it.
  const vision::CardGame game = vision::card_game_from_string(options.game);
  const vision::CardProfile profile =
      options.profile.empty() ? vision::load_builtin_card_profile(game) : vision::load_card_profile(options.profile);
  vision::require_game(profile, game, options.profile.empty() ? "the built-in profile" : options.profile);
  const vision::ScanResult result = vision::scan_cards(options.photo, profile);
  if (result.items.empty()) throw vision::no_cards_found(options.photo);
  if (!options.annotate.empty()) vision::annotate(options.photo, result, options.annotate);

  if (ctx.json) {
    nlohmann::json doc = vision::to_json(result);  // items, counts (+ uncertain)
    doc["photo"] = options.photo;
    doc["photo_size"] = {result.photo_size.width, result.photo_size.height};
    doc["game"] = vision::to_string(game);
    doc["profile"] = profile.name;
    if (!options.annotate.empty()) doc["annotated"] = options.annotate;
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  print_for_people(options, game, profile, result, ctx);
}

}  // namespace

void setup_scan_cards(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<ScanCardsOptions>();
  CLI::App* scan = vision_command(app, "scan", kScanDescription);
  CLI::App* sub = scan->add_subcommand("cards", "Read the cards in a photo: each card's name, box and confidence");
  sub->add_option("photo", options->photo, "JPEG or PNG photo of cards lying face up")->required()->type_name("PHOTO");
  sub->add_option("--game", options->game, "Whose cards: corsari or loot")->required()->type_name("GAME");
  sub->add_option("--profile", options->profile,
                  "Card profile made by 'calibrate cards' (default: the game's built-in profile)")
      ->type_name("FILE");
  sub->add_option("--annotate", options->annotate, "Also write the photo with every card outlined and labelled (.png or .jpg)")
      ->type_name("OUT.png");
  sub->callback([options, &ctx] { run_scan_cards(*options, ctx); });
}

}  // namespace qm::cli
