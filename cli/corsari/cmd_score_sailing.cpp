// `quartermaster score corsari-sailing --tavern COLOUR --sailor NAME --hand NAME=CARDS...
//     [--penalty NAME=INT...] [--add NAME=CARDS...] [--limit INT] [--json]` (CLI.md, Scoring):
// settles one sailing. Players are in the order of their --hand; names match case-insensitively.
#include <charconv>
#include <memory>

#include "cli/corsari/commands.hpp"
#include "cli/corsari/format.hpp"
#include "scoring/corsari/settlement.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::corsari_cli {
namespace {

struct SailingOptions {
  std::string tavern;
  std::string sailor;
  std::vector<std::string> hands;
  std::vector<std::string> penalties;
  std::vector<std::string> additions;
  int limit = game::kDefaultLimit;
};

struct Named {
  std::string name;
  std::vector<std::string> words;  // what follows NAME=, and any following words without '='
};

// `NAME=a,b` values; a value without '=' continues the previous name's list, so that
// `--hand Ann=red1 red2 Bob=blue3` reads as typed.
std::vector<Named> parse_named(const std::vector<std::string>& values, const std::string& option) {
  std::vector<Named> out;
  for (const std::string& value : values) {
    const std::size_t equals = value.find('=');
    if (equals == std::string::npos) {
      if (out.empty()) throw InputError(option + " wants NAME=VALUE, not " + quoted_token(value));
      out.back().words.push_back(value);
      continue;
    }
    if (equals == 0) throw InputError(option + " " + quoted_token(value) + " has no player name before '='");
    out.push_back({value.substr(0, equals), {}});
    if (equals + 1 < value.size()) out.back().words.push_back(value.substr(equals + 1));
  }
  return out;
}

// The index of `name` among the players (case-insensitive), or an error naming it.
std::size_t find_player(const game::Sailing& sailing, const std::string& name, const std::string& option) {
  for (std::size_t i = 0; i < sailing.players.size(); ++i)
    if (notation::folded(sailing.players[i].name) == notation::folded(name)) return i;
  throw InputError(option + ": no player " + quoted_token(name) + " (each player needs a --hand NAME=CARDS)");
}

int parse_penalty(const Named& entry) {
  if (entry.words.size() != 1) throw InputError("--penalty " + echoed(entry.name) + "= wants one whole number");
  const std::string& text = entry.words.front();
  int value = 0;
  const char* first = text.data() + (text.starts_with('+') ? 1 : 0);
  const auto [end, error] = std::from_chars(first, text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    throw InputError("--penalty " + echoed(entry.name) + "=" + quoted_token(text) + ": not a whole number");
  return value;
}

void run_sailing(const SailingOptions& options, Context& ctx) {
  game::Sailing sailing;
  sailing.tavern = notation::parse_corsari_colour(options.tavern);
  sailing.limit = options.limit;
  for (const Named& entry : parse_named(options.hands, "--hand")) {
    for (const game::SailingHand& other : sailing.players)
      if (notation::folded(other.name) == notation::folded(entry.name)) throw InputError("--hand " + entry.name + " is given twice");
    sailing.players.push_back({entry.name, notation::parse_corsari_cards(entry.words), 0, std::nullopt});
  }
  sailing.sailor = find_player(sailing, options.sailor, "--sailor");
  std::vector<bool> seen(sailing.players.size(), false);
  for (const Named& entry : parse_named(options.penalties, "--penalty")) {
    const std::size_t i = find_player(sailing, entry.name, "--penalty");
    if (seen[i]) throw InputError("--penalty " + entry.name + " is given twice");
    seen[i] = true;
    sailing.players[i].penalty = parse_penalty(entry);
  }
  for (const Named& entry : parse_named(options.additions, "--add")) {
    const std::size_t i = find_player(sailing, entry.name, "--add");
    if (sailing.players[i].additions) throw InputError("--add " + entry.name + " is given twice");
    sailing.players[i].additions = notation::parse_corsari_cards(entry.words);
  }

  const game::Settlement settlement = game::settle(sailing);
  if (ctx.json) {
    ctx.print() << settlement_json(settlement, sailing.tavern, sailing.limit).dump(2) << "\n";
    return;
  }
  print_settlement(ctx, settlement, sailing.tavern, sailing.limit);
  if (settlement.match_over) {
    std::string names;
    for (const std::size_t winner : settlement.winners)
      names += (names.empty() ? "" : " and ") + settlement.players[winner].name;
    ctx.print() << bold(ctx, "The match is over: " + names + " won") << "\n";
  }
}

}  // namespace

void setup_score_corsari_sailing(CLI::App& score, Context& ctx) {
  auto options = std::make_shared<SailingOptions>();
  CLI::App* sub = score.add_subcommand("corsari-sailing", "Corsari: settle one sailing (additions, the three cases, penalties)");
  sub->add_option("--tavern", options->tavern, "The tavern colour when the ship sailed")->required()->type_name("COLOUR");
  sub->add_option("--sailor", options->sailor, "Who sailed (one of the --hand names)")->required()->type_name("NAME");
  sub->add_option("--hand", options->hands,
                  "One per player, in seat order: NAME=CARDS (the sailor's 12 cards after the face-down discard)")
      ->required()
      ->type_name("NAME=CARDS");
  sub->add_option("--penalty", options->penalties, "A player's penalty before this sailing (default 0)")
      ->type_name("NAME=INT");
  sub->add_option("--add", options->additions,
                  "The cards an opponent adds to the sailor's crew (NAME= for none); otherwise the best are proposed")
      ->type_name("NAME=CARDS");
  sub->add_option("--limit", options->limit, "The penalty limit: a player reaching it is out")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000))
      ->type_name("INT");
  sub->footer(
      "An opponent with more stowaway points than the sailor adds them to its penalty; one with\n"
      "no more subtracts 10 and hands its stowaways to the sailor, who then adds 10 + its own\n"
      "stowaway points + the points received. A sailor with no stowaways wins the match (a sweep).\n"
      "Example: score corsari-sailing --tavern red --sailor Ann --hand Ann=CARDS --hand Bob=CARDS --add Bob=orange9");
  sub->callback([options, &ctx] { run_sailing(*options, ctx); });
}

}  // namespace qm::cli::corsari_cli
