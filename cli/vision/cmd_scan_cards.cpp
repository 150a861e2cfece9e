// `quartermaster scan cards PHOTO --game corsari|loot [--profile FILE] [--annotate OUT.png] [--json]`
// (CLI.md, Vision). Finds the cards lying face up in a photo and names each one in the game's
// notation (`red7`, `m5`, `blue3`, `captain-gold`, `admiral`) with a card profile: the game's
// built-in one, or one learned by `calibrate cards` from the player's own deck.
#include <memory>

#include "cli/vision/scan.hpp"
#include "cli/vision/scan_report.hpp"
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

void run_scan_cards(const ScanCardsOptions& options, Context& ctx) {
  // Guard clauses live in the library: every bad file or name is an InputError naming it.
  const vision::CardGame game = vision::card_game_from_string(options.game);
  const vision::CardProfile profile = vision::load_card_profile_for(game, options.profile);
  const vision::ScanResult result = vision::scan_cards(options.photo, profile);
  if (result.items.empty()) throw vision::no_cards_found(options.photo);
  if (!options.annotate.empty()) vision::annotate(options.photo, result, options.annotate);

  ScanReport report;
  report.photo = options.photo;
  report.profile = profile.name;
  report.annotated = options.annotate;
  // The deck's own order: pink1 before pink2, m2 before blue1.
  report.order = game == vision::CardGame::corsari ? notation::all_corsari_cards() : notation::all_loot_cards();
  report.one = "card";
  report.many = "cards";
  report.item_column = "card";
  report.count_column = "count";
  if (ctx.json) {
    nlohmann::json doc = scan_json(report, result);
    doc["game"] = vision::to_string(game);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  print_scan(report, result, ctx);
}

}  // namespace

void setup_scan_cards(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<ScanCardsOptions>();
  CLI::App* scan = vision_command(app, "scan", kScanDescription);
  CLI::App* sub = scan->add_subcommand("cards", "Read the cards in a photo: each card's name, box and confidence");
  sub->add_option("photo", options->photo, "Photo (JPEG, PNG, WebP or HEIC) of cards lying face up")->required()->type_name("PHOTO");
  sub->add_option("--game", options->game, "Whose cards: corsari or loot")->required()->type_name("GAME");
  sub->add_option("--profile", options->profile,
                  "Card profile made by 'calibrate cards' (default: the game's built-in profile)")
      ->type_name("FILE");
  sub->add_option("--annotate", options->annotate, "Also write the photo with every card outlined and labelled (.png or .jpg)")
      ->type_name("OUT.png");
  sub->callback([options, &ctx] { run_scan_cards(*options, ctx); });
}

}  // namespace qm::cli
