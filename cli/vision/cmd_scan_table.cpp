// `scan PHOTO [PLAYER [PILE]] [--profile FILE]` at the table (CLI.md, Table commands), then `yes` or `no`.
//
// The game says what the photo may hold at this moment (GameTable::scan_step: Piraten Kapern's
// roll, a Corsari hand, ...); the photo is scanned with the game's built-in profile or the
// player's own; the recognised dice or cards are listed with the command they would become, and
// nothing changes until the players confirm:
//   yes                    enters it as listed (refused while an item is uncertain)
//   yes FACE...            names the uncertain items, in the order listed
//   yes N=LABEL...         corrects item N (as numbered in the list)
//   no                     forgets it (so does any other change of the table)
// The confirmed command is run as if typed and journaled as typed, so the session never needs
// the photo again.
#include <algorithm>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/text_table.hpp"
#include "cli/vision/scan.hpp"
#include "scoring/input_error.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"
#include "vision/card_scan.hpp"
#include "vision/scan.hpp"

namespace qm::cli {
namespace {

struct TableScanOptions {
  std::string photo;
  std::vector<std::string> words;  // whose (and for Loot which pile)
  std::string profile;  // empty: the game's built-in profile
};

GameTable& current_table(const Context& ctx, const std::string& command) {
  GameTable* table = ctx.session == nullptr ? nullptr : ctx.session->current_game();
  if (table == nullptr)
    throw InputError(command + ": only at the table, in a game ('new GAME PLAYER...'); " +
                     "outside a game use 'scan dice PHOTO' or 'scan cards PHOTO --game GAME'");
  return *table;
}

vision::ScanResult scan_photo(const ScanStep& step, const TableScanOptions& options) {
  if (!step.cards) {
    vision::ScanResult result = vision::scan(options.photo, vision::load_profile_or_builtin(options.profile));
    if (result.items.empty()) throw vision::no_dice_found(options.photo);
    return result;
  }
  const vision::CardProfile profile =
      vision::load_card_profile_for(vision::card_game_from_string(step.card_game), options.profile);
  vision::ScanResult result = vision::scan_cards(options.photo, profile);
  if (result.items.empty()) throw vision::no_cards_found(options.photo);
  return result;
}

std::vector<std::string> command_of(const ScanProposal& proposal) {
  std::vector<std::string> words = proposal.step.command;
  words.insert(words.end(), proposal.labels.begin(), proposal.labels.end());
  return words;
}

std::string line_of(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) line += (line.empty() ? "" : " ") + word;
  return line;
}

std::size_t uncertain_count(const ScanProposal& proposal) {
  return static_cast<std::size_t>(std::count(proposal.uncertain.begin(), proposal.uncertain.end(), true));
}

nlohmann::json proposal_json(const ScanProposal& proposal) {
  nlohmann::json items = nlohmann::json::array();
  for (std::size_t i = 0; i < proposal.labels.size(); ++i)
    items.push_back({{"label", proposal.labels[i]}, {"confidence", proposal.confidence[i]}, {"uncertain", proposal.uncertain[i]}});
  return {{"what", proposal.step.what},
          {"expected", proposal.step.expected},
          {"items", items},
          {"uncertain", uncertain_count(proposal)},
          {"command", line_of(command_of(proposal))}};
}

void print_proposal(Context& ctx, const ScanProposal& proposal) {
  std::ostream& out = ctx.print();
  const std::size_t found = proposal.labels.size();
  const long long count = static_cast<long long>(found);
  const std::string recognised = proposal.step.cards ? counted(count, "card") : counted(count, "die", "dice");
  out << bold(ctx, fmt::format("{}: {} recognised", proposal.step.what, recognised)) << "\n";
  TextTable items({"#", proposal.step.cards ? "card" : "face", "confidence"});
  for (std::size_t i = 0; i < found; ++i)
    items.add_row({std::to_string(i + 1), vision::marked_label(proposal.labels[i], proposal.uncertain[i]),
                   fmt::format("{:.2f}", proposal.confidence[i])});
  items.print(out);
  const int expected = proposal.step.expected;
  if (expected > 0 && static_cast<int>(found) != expected)
    out << bad(ctx, fmt::format("{} expected, {} found: photograph them again (all of them, none covered), or type the "
                                "step yourself.",
                                expected, found))
        << "\n";
  out << "would enter: " << line_of(command_of(proposal)) << "\n";
  const std::size_t uncertain = uncertain_count(proposal);
  if (uncertain > 0)
    out << fmt::format("{} marked ? {} too close to call or could not be read: 'yes' followed by what {} really {} (in order), "
                       "'yes N=LABEL' to correct item N, or 'no'.\n",
                       uncertain, for_count(static_cast<long long>(uncertain), "is", "are"),
                       for_count(static_cast<long long>(uncertain), "it", "they"), for_count(static_cast<long long>(uncertain), "is", "are"));
  else
    out << "'yes' to enter it, 'yes N=LABEL' to correct item N first, or 'no'.\n";
}

void run_table_scan(const TableScanOptions& options, Context& ctx) {
  GameTable& table = current_table(ctx, "scan " + options.photo);
  const ScanStep step = table.scan_step(options.words);
  const vision::ScanResult result = scan_photo(step, options);
  ScanProposal proposal;
  proposal.step = step;
  for (const vision::ScannedItem& item : result.items) {
    proposal.labels.push_back(item.label);
    proposal.uncertain.push_back(item.uncertain);
    proposal.confidence.push_back(std::round(item.confidence * 100) / 100);
  }
  ctx.session->propose_scan(proposal);
  if (ctx.json) {
    ctx.print() << proposal_json(proposal).dump(2) << "\n";
    return;
  }
  print_proposal(ctx, proposal);
}

// `yes` with its words: N=LABEL corrections first, then bare labels for the uncertain items left.
ScanProposal corrected(ScanProposal proposal, const std::vector<std::string>& words) {
  std::vector<std::string> names;
  for (const std::string& word : words) {
    const std::size_t equals = word.find('=');
    if (equals == std::string::npos) {
      names.push_back(word);
      continue;
    }
    std::size_t number = 0;
    try {
      number = std::stoul(word.substr(0, equals));
    } catch (const std::exception&) {
      throw InputError("yes: " + quoted_token(word) + " is not N=LABEL (N the item's number in the list)");
    }
    if (number < 1 || number > proposal.labels.size() || equals + 1 == word.size())
      throw InputError(fmt::format("yes: {}: the list has items 1 to {}", quoted_token(word), proposal.labels.size()));
    proposal.labels[number - 1] = word.substr(equals + 1);
    proposal.uncertain[number - 1] = false;
  }
  const std::size_t uncertain = uncertain_count(proposal);
  if (names.size() != uncertain) {
    if (uncertain == 0)
      throw InputError("yes: nothing is uncertain; to correct an item say 'yes N=LABEL', not " + quoted_token(names.front()));
    std::string numbers, example;
    for (std::size_t i = 0; i < proposal.labels.size(); ++i) {
      if (!proposal.uncertain[i]) continue;
      numbers += (numbers.empty() ? "#" : ", #") + std::to_string(i + 1);
      // An item not read has no guess to show: the example names a placeholder instead of '?'.
      const bool unread = proposal.labels[i] == vision::kUnreadLabel;
      example += " " + (unread ? std::string(proposal.step.cards ? "CARD" : "FACE") : proposal.labels[i]);
    }
    const auto count = static_cast<long long>(uncertain);
    throw InputError(fmt::format("yes: {} {} uncertain ({}): name {} in order, e.g. 'yes{}'",
                                 count == 1 ? std::string("one item") : counted(count, "item"), for_count(count, "is", "are"),
                                 numbers, for_count(count, "it", "them"), example));
  }
  std::size_t next = 0;
  for (std::size_t i = 0; i < proposal.labels.size(); ++i) {
    if (!proposal.uncertain[i]) continue;
    proposal.labels[i] = names[next++];
    proposal.uncertain[i] = false;
  }
  return proposal;
}

void confirm_scan(const std::vector<std::string>& words, Context& ctx) {
  const std::optional<ScanProposal>& pending = ctx.session == nullptr ? std::nullopt : ctx.session->scan_proposal();
  if (!pending) throw InputError("yes: no scan is waiting for confirmation ('scan PHOTO' first)");
  const std::vector<std::string> command = command_of(corrected(*pending, words));
  run_line(command, ctx);  // as if typed: the game checks and applies it, and prints the step
  if (ctx.is_event) ctx.journal_as = command;
}

}  // namespace

void setup_table_scan(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<TableScanOptions>();
  CLI::App* scan = vision_command(app, "scan", kScanDescription);
  scan->require_subcommand(0, 1);
  scan->add_option("photo", options->photo,
                   "At the table: the photo to enter into the current step (the roll, a hand), after confirmation")
      ->type_name("PHOTO");
  scan->add_option("player", options->words,
                   "At the table: whose dice or cards the photo shows (default: the next to enter); in Loot also "
                   "which pile, 'hand' or 'captured'")
      ->type_name("PLAYER");
  scan->add_option("--profile", options->profile,
                   "At the table: a profile made by 'calibrate dice' or 'calibrate cards' (default: the game's own)")
      ->type_name("FILE");
  scan->footer(
      "At the table 'scan PHOTO' shows what it recognised and the step it would enter; 'yes' enters it, 'no' forgets it.\n"
      "Outside a game: 'scan dice PHOTO' or 'scan cards PHOTO --game corsari|loot'.");
  scan->callback([scan, options, &ctx] {
    if (!scan->get_subcommands().empty()) return;  // `scan dice` or `scan cards` ran
    if (options->photo.empty())
      throw InputError("scan: name the photo: 'scan PHOTO' at the table, 'scan dice PHOTO' or 'scan cards PHOTO --game GAME'");
    run_table_scan(*options, ctx);
  });

  if (ctx.session == nullptr || !ctx.session->scan_proposal()) return;
  auto words = std::make_shared<std::vector<std::string>>();
  CLI::App* yes = app.add_subcommand("yes", "Enter the scan waiting for confirmation: yes [LABEL...] [N=LABEL...]");
  yes->add_option("labels", *words, "What the uncertain items really are, in order, or N=LABEL to correct item N");
  yes->callback([words, &ctx] { confirm_scan(*words, ctx); });
  app.add_subcommand("no", "Forget the scan waiting for confirmation")->callback([&ctx] {
    ctx.session->propose_scan(std::nullopt);
    ctx.print() << "Scan forgotten: nothing was entered.\n";
  });
}

}  // namespace qm::cli
