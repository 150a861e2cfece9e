#pragma once
// One game being played at the table, as the REPL sees it. Each game implements this in
// cli/<game>/: it owns the game's engine state, adds the game's own table commands (`roll`,
// `sail`, ...) to the command tree, and reports standings. A command that changes the table checks
// everything first (a refused one leaves the table as it was), then calls ctx.record_event(); the
// session journals the line and rebuilds a table by replaying the lines: no serialisation needed.
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "scoring/input_error.hpp"

namespace qm::cli {

struct Standing {
  std::string player;
  double total = 0;   // score, or penalty for Corsari
  bool out = false;   // eliminated
};

// A total, target or count of wins as JSON: a whole number as an integer (1100, not 1100.0),
// since every game scores in whole points; a share of a win stays a fraction (0.5).
inline nlohmann::json json_number(double value) {
  constexpr double kExactInteger = 9007199254740992.0;  // 2^53: every whole double below is exact
  if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < kExactInteger)
    return static_cast<std::int64_t>(value);
  return value;
}

// What `scan PHOTO [PLAYER]` enters at this moment of a game (CLI.md, Table commands: "enters
// what it recognises into the current step, after confirmation"): which components to look for,
// how many the step takes, and the table command the recognised labels complete.
struct ScanStep {
  bool cards = false;               // dice otherwise
  std::string card_game;            // for cards: the built-in profile ("corsari", "loot")
  int expected = 0;                 // how many the step takes (0: any number)
  std::string what;                 // for people: "Ann's first roll", "Bob's hand"
  std::vector<std::string> command; // the words before the labels, e.g. {"roll"}, {"hand", "Bob"}
};

// A scan waiting for the players' confirmation: the command it becomes, item by item.
struct ScanProposal {
  ScanStep step;
  std::vector<std::string> labels;    // one per recognised die or card, in the order listed
  std::vector<bool> uncertain;        // per label: too close to call, must be named to confirm
  std::vector<double> confidence;     // per label
};

// For completions(): the words of `first`, then those of `then`.
inline std::vector<std::string> followed_by(std::vector<std::string> first, const std::vector<std::string>& then) {
  first.insert(first.end(), then.begin(), then.end());
  return first;
}

class GameTable {
 public:
  virtual ~GameTable() = default;

  virtual std::string game() const = 0;                    // catalogue name, e.g. "piraten"
  virtual const std::vector<std::string>& players() const = 0;
  virtual void add_commands(CLI::App& app, Context& ctx) = 0;
  virtual std::vector<Standing> standings() const = 0;
  virtual std::string score_name() const { return "total"; }  // what Standing::total is
  virtual std::string whose_turn() const = 0;              // "" when nobody is to play
  virtual bool is_over() const = 0;
  virtual std::vector<std::string> winners() const = 0;    // empty until the game is over
  virtual nlohmann::json options() const = 0;              // the options the game was started with
  // Marks drawn on charts: the target or penalty limit, if the game has one.
  virtual double target() const { return 0; }
  // How many turns (deals for Corsari, rounds for Meuterer) are complete: the charts take one
  // point each time it grows. -1 means the game does not count them; then every event whose
  // totals differ from the last point makes a point.
  virtual int completed_turns() const { return -1; }
  // What completed_turns() counts, in the game's own word, for the charts' x-axis.
  virtual std::string turn_name() const { return "turn"; }
  // Why the game has no running score to chart (Pirate's Code is won by finding the code), or ""
  // when standings() is one: the report then names the winners instead of drawing the totals.
  virtual std::string no_running_score() const { return {}; }
  // Tab completion inside one of the game's own commands: the words that may come next after
  // `command` (the command's words typed so far, its name first), most likely first. The REPL
  // and the shell keep those that start with what is being typed.
  virtual std::vector<std::string> completions(const std::vector<std::string>& /*command*/) const { return {}; }
  // What `scan PHOTO [WORDS...]` would enter now; the words, if any, say whose dice or cards (and
  // for Loot which pile). Throws RuleViolation or InputError saying why nothing can be scanned.
  virtual ScanStep scan_step(const std::vector<std::string>& /*words*/) const {
    throw InputError("scan PHOTO: nothing in " + game() + " is entered from a photo; type it instead");
  }
};

}  // namespace qm::cli
