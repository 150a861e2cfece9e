// Piraten Kapern's table commands in the REPL (issue 3, item 4), one function each:
//   referee  card CARD (or draw CARD); roll DICE; reroll DICE [-> FACES]; sorceress DICE [-> FACES];
//            chest put|take DICE; stop
//   tally    tally CARD DICE... [--chest DICE] [--skull-island]: a whole turn at once
//   views    show (the turn being played, the last round, the deck); turns (the score sheet);
//            hint [on|off] [--relative|--own] (the advisor's best move for the turn being refereed; with
//            'on', also after every step that leaves the player to choose, until 'hint off')
// Each step reads the words, plays the step on the rules' table (rules/piraten/table.hpp), calls
// ctx.record_event(), then prints (nothing while the journal is replayed): the turn as it stands,
// or at its end the result, the standings and, at the end of the game, the winner(s).
#include <memory>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "cli/advice/advise.hpp"
#include "cli/piraten/format.hpp"
#include "cli/piraten/table.hpp"
#include "cli/session.hpp"
#include "cli/table_commands.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/rule_violation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::piraten_cli {
namespace {

constexpr const char* kArrow = "->";

std::string joined(const std::string& command, const std::vector<std::string>& words) {
  std::string text = command;
  for (const std::string& word : words) text += " " + word;
  return text;
}

// "sabre parrot -> coin skull" (the arrow may touch the words): the dice picked up, and how they
// came up when the arrow is there.
struct ArrowWords {
  std::vector<std::string> before;
  std::optional<std::vector<std::string>> after;
};

ArrowWords split_arrow(const std::vector<std::string>& words, const std::string& typed) {
  ArrowWords out;
  std::vector<std::string>* side = &out.before;
  for (const std::string& word : words) {
    std::string rest = word;
    while (true) {
      const auto arrow = rest.find(kArrow);
      if (arrow == std::string::npos) break;
      if (arrow > 0) side->push_back(rest.substr(0, arrow));
      if (out.after) throw InputError(quoted_line(typed) + ": more than one '->'");
      out.after.emplace();
      side = &*out.after;
      rest = rest.substr(arrow + 2);
    }
    if (!rest.empty()) side->push_back(rest);
  }
  return out;
}

pk::FaceCounts dice_of(const std::vector<std::string>& words) { return notation::parse_dice_counts(words); }

// How the dice came up, when the arrow is there (and not left empty).
std::optional<pk::FaceCounts> came_up(const ArrowWords& parts, const std::string& typed) {
  if (!parts.after) return std::nullopt;
  if (parts.after->empty()) throw InputError(quoted_line(typed) + ": say how the dice came up after '->'");
  return dice_of(*parts.after);
}

constexpr const char* kHintView = "piraten.hint";
constexpr const char* kOwnHintView = "piraten.hint.own";
constexpr std::size_t kHintAlternatives = 3;

// How many times the hint counts an Island deduction: by default once per opponent at the table
// on the Island of Skulls (advice::default_objective); `own`: never, the player's own points only.
int hint_opponents(const PiratenTable& table, const pk::Turn& turn, bool own) {
  return own ? 0 : advice::default_objective(turn, table.table().opponents()).opponents;
}

// The advice for the turn in progress when the players asked for it after every step ('hint on')
// and the player has a choice to make; nullopt otherwise.
std::optional<advice::Advice> automatic_advice(const Context& ctx, const PiratenTable& table) {
  const pk::Turn* turn = table.current_turn();
  if (ctx.session == nullptr || !ctx.session->shows(kHintView) || turn == nullptr || turn->phase != pk::TurnPhase::choosing)
    return std::nullopt;
  return shared_solver(hint_opponents(table, *turn, ctx.session->shows(kOwnHintView))).advise(*turn);
}

// After a step: the JSON document, or the turn as it stands, or the end of the turn; and the
// advice when it is asked for after every step.
void print_step(Context& ctx, const PiratenTable& table, const pk::StepReport& report, const std::string& typed) {
  if (ctx.replaying) return;
  const std::optional<advice::Advice> hint = automatic_advice(ctx, table);
  if (ctx.json) {
    nlohmann::json doc = step_json(table.table(), report, typed);
    if (hint) doc["advice"] = advice_json(*hint, kHintAlternatives);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  if (report.turn_over) {
    print_turn_end(ctx, table.table(), report);
    print_standings(ctx, table);
    return;
  }
  if (report.island_reached)
    ctx.print() << bold(ctx, fmt::format("{} on the first roll: {} goes to the Island of Skulls!",
                                         counted(table.current_turn()->skulls(), "skull"), table.whose_turn()))
                << "\n";
  print_turn(ctx, table.table());
  if (hint)
    ctx.print() << dim(ctx, "hint: ") << advice_sentence(*hint)
                << objective_note(hint_opponents(table, *table.current_turn(), ctx.session->shows(kOwnHintView))) << "\n";
}

// tally [CARD] DICE... [--chest DICE...] [--skull-island], or as `score piraten`: --card CARD --dice DICE...
struct TallyWords {
  std::optional<pk::FortuneCard> card;
  pk::FaceCounts dice{};
  pk::FaceCounts chest{};
  bool skull_island = false;
};

TallyWords parse_tally(const std::vector<std::string>& words, const pk::Table& table) {
  std::vector<std::string> main, card_words, dice_words, chest_words;
  std::vector<std::string>* into = &main;
  TallyWords out;
  for (const std::string& word : words) {
    if (word.rfind("--", 0) == 0) {
      if (word == "--chest")
        into = &chest_words;
      else if (word == "--dice")
        into = &dice_words;
      else if (word == "--card")
        into = &card_words;
      else if (word == "--skull-island" || word == "--island")
        out.skull_island = true;
      else
        throw InputError("tally: unknown option " + quoted_token(word) + " (--chest DICE, --skull-island)");
      continue;
    }
    into->push_back(word);
  }
  if (card_words.size() > 1) throw InputError("tally: --card takes one fortune card, not " + quoted_token(card_words[1]));
  if (card_words.size() == 1) out.card = notation::parse_fortune_card(card_words.front());
  std::vector<std::string> dice = dice_words;
  if (!out.card && !main.empty()) {
    // With the card drawn already, the words may be the eight dice alone ('coin' and 'diamond'
    // are both a card and a face: eight dice without the first word decide).
    const pk::Turn* turn = table.current_turn();
    bool all_dice = false;
    if (turn != nullptr) {
      try {
        all_dice = pk::dice_total(dice_of(main)) == pk::kDiceCount;
      } catch (const InputError&) {
        all_dice = false;
      }
    }
    if (!all_dice) {
      out.card = notation::parse_fortune_card(main.front());
      main.erase(main.begin());
    }
  }
  dice.insert(dice.end(), main.begin(), main.end());
  if (dice.empty()) throw InputError("tally: name the eight dice as they lie, e.g. 'tally captain 3coin 5monkey'");
  out.dice = dice_of(dice);
  out.chest = dice_of(chest_words);
  return out;
}

// A step played: journaled, then shown.
void played(Context& ctx, const PiratenTable& table, const pk::StepReport& report, const std::string& typed) {
  ctx.record_event();
  print_step(ctx, table, report, typed);
}

// card CARD (draw CARD)
void add_card(CLI::App& app, Context& ctx, PiratenTable& table) {
  auto card_word = std::make_shared<std::string>();
  CLI::App* card_command =
      app.add_subcommand("card", "Piraten Kapern: the fortune card drawn for the turn: card CARD (also 'draw CARD')");
  card_command->alias("draw");
  card_command->add_option("card", *card_word,
                           "chest captain sorceress sea-battle-2 sea-battle-3 sea-battle-4 coin diamond monkey-business "
                           "skull-1 skull-2 storm truce")
      ->required();
  card_command->footer("Then the first roll: 'roll DICE' (eight faces), or the whole turn at once: 'tally DICE'.");
  card_command->callback([&table, card_word, &ctx] {
    const std::string typed = "card " + *card_word;
    played(ctx, table, table.table().draw(notation::parse_fortune_card(*card_word), typed), typed);
  });
}

// roll FACES
void add_roll(CLI::App& app, Context& ctx, PiratenTable& table) {
  CLI::App* roll_command = add_words_command(
      app, "roll", "Piraten Kapern: how the thrown dice came up: roll FACES (the first eight, or the rerolled ones)",
      [&table, &ctx](const std::vector<std::string>& words) {
        const std::string typed = joined("roll", words);
        if (words.empty()) throw InputError("roll: name the faces that came up, e.g. 'roll 2coin skull 3sabre 2parrot'");
        played(ctx, table, table.table().roll(dice_of(words), typed), typed);
      });
  roll_command->footer(
      "Faces: skull coin diamond sabre monkey parrot, with counts (3coin), by spaces or commas.\n"
      "On the Island of Skulls 'roll FACES' rerolls every die that is not a skull.");
}

// reroll DICE [-> FACES]
void add_reroll(CLI::App& app, Context& ctx, PiratenTable& table) {
  CLI::App* reroll_command = add_words_command(
      app, "reroll", "Piraten Kapern: dice picked up and thrown again: reroll DICE -> FACES (or 'reroll DICE', then 'roll FACES')",
      [&table, &ctx](const std::vector<std::string>& words) {
        const std::string typed = joined("reroll", words);
        const ArrowWords parts = split_arrow(words, typed);
        pk::FaceCounts picked{};
        if (!parts.before.empty()) {
          picked = dice_of(parts.before);
        } else if (const pk::Turn* turn = table.current_turn(); turn != nullptr && turn->skull_island) {
          picked = turn->loose_dice();  // on the Island: every die that is not a skull
        } else {
          throw InputError("reroll: name the dice picked up, e.g. 'reroll sabre parrot -> coin skull'");
        }
        played(ctx, table, table.table().reroll(picked, came_up(parts, typed), typed), typed);
      });
  reroll_command->footer(
      "At least two dice; skulls stay (except the sorceress's one). Example: reroll sabre parrot -> coin skull");
}

// sorceress DICE [-> FACES]
void add_sorceress(CLI::App& app, Context& ctx, PiratenTable& table) {
  CLI::App* sorceress_command = add_words_command(
      app, "sorceress",
      "Piraten Kapern: the sorceress rerolls one skull with other dice: sorceress DICE -> FACES (the skull is implied)",
      [&table, &ctx](const std::vector<std::string>& words) {
        const std::string typed = joined("sorceress", words);
        table.table().check_sorceress(typed);  // another card: refused before the dice are read
        const ArrowWords parts = split_arrow(words, typed);
        if (parts.before.empty())
          throw InputError("sorceress: name the other dice picked up with the skull, e.g. 'sorceress parrot -> coin coin'");
        const pk::FaceCounts others = dice_of(parts.before);
        played(ctx, table, table.table().sorceress(others, came_up(parts, typed), typed), typed);
      });
  sorceress_command->footer("Once per turn, not on the Island of Skulls. Example: sorceress parrot -> coin coin");
}

// chest put|take DICE
void add_chest(CLI::App& app, Context& ctx, PiratenTable& table) {
  CLI::App* chest_command = add_words_command(
      app, "chest", "Piraten Kapern: with the chest card, dice into or out of the chest: chest put DICE, chest take DICE",
      [&table, &ctx](const std::vector<std::string>& typed_words) {
        std::vector<std::string> words = typed_words;
        const std::string typed = joined("chest", words);
        const std::string verb = words.empty() ? "" : notation::folded(words.front());
        if (verb != "put" && verb != "take")
          throw InputError("chest: say 'put' or 'take' and the dice, e.g. 'chest put 2coin'" +
                           (verb.empty() ? std::string() : ", not " + quoted_token(words.front())));
        words.erase(words.begin());
        if (words.empty()) throw InputError(quoted_line(typed) + ": name the dice");
        const pk::FaceCounts dice = dice_of(words);
        played(ctx, table, verb == "put" ? table.table().chest_put(dice, typed) : table.table().chest_take(dice, typed), typed);
      });
  chest_command->footer("Dice in the chest still score when the turn dies (alone, no Full Chest).");
}

// stop
void add_stop(CLI::App& app, Context& ctx, PiratenTable& table) {
  app.add_subcommand("stop", "Piraten Kapern: the player ends the turn and scores what lies on the table")
      ->callback([&table, &ctx] { played(ctx, table, table.table().stop("stop"), "stop"); });
}

// tally CARD DICE... [--chest DICE] [--skull-island]
void add_tally(CLI::App& app, Context& ctx, PiratenTable& table) {
  CLI::App* tally_command = add_words_command(
      app, "tally",
      "Piraten Kapern: a whole turn at once: tally CARD DICE... [--chest DICE] [--skull-island] (as 'score piraten')",
      [&table, &ctx](const std::vector<std::string>& words) {
        const std::string typed = joined("tally", words);
        if (words.empty()) throw InputError("tally: give the card and the eight dice, e.g. 'tally captain 3coin 5monkey'");
        const TallyWords tally = parse_tally(words, table.table());
        played(ctx, table, table.table().tally(tally.card, tally.dice, tally.chest, tally.skull_island, typed), typed);
      });
  tally_command->footer(
      "The eight dice as they lie at the end, skulls included. With the card already drawn ('card CARD') it may be\n"
      "left out. Examples: tally diamond 3coin 5monkey; tally chest 2skull skull 3coin 2parrot --chest 3coin;\n"
      "tally captain 5skull 3parrot --skull-island");
}

// show
void add_show(CLI::App& app, Context& ctx, const PiratenTable& table) {
  app.add_subcommand("show", "Piraten Kapern: the turn being played, the last round and the fortune deck")
      ->callback([&table, &ctx] {
        if (ctx.json) {
          ctx.print() << table_json(table.table()).dump(2) << "\n";
          return;
        }
        const pk::State& s = table.state();
        const pk::Options& o = s.options();
        ctx.print() << fmt::format("Piraten Kapern to {}{}{}; turn {}; fortune deck: {} left\n", o.target,
                                   o.promo ? ", promo cards" : "", o.pirate_magic ? "" : ", no pirate magic",
                                   s.turns_played() + (s.is_terminal() ? 0 : 1), counted(pk::card_total(s.deck()), "card"));
        if (s.last_round() && !s.is_terminal())
          ctx.print() << fmt::format("last round: {} reached {} first; {} left\n", table.table().name(s.first_to_target()),
                                     o.target, counted(s.last_turns_left(), "turn"));
        if (s.last_round_cancelled() && !s.is_terminal())
          ctx.print() << fmt::format("the last round was cancelled: the next player to reach {} wins at once\n", o.target);
        if (table.current_turn() != nullptr) {
          print_turn(ctx, table.table());
          return;
        }
        print_standings(ctx, table);
        if (!s.is_terminal())
          ctx.print() << fmt::format("{}: 'card CARD' to referee the turn, or 'tally CARD DICE' for all of it.\n",
                                     table.whose_turn());
      });
}

// hint [on|off] [--relative|--own]: the advisor (issue 10) on the turn being refereed
void add_hint(CLI::App& app, Context& ctx, const PiratenTable& table) {
  auto own = std::make_shared<bool>(false);
  auto automatic = std::make_shared<std::string>();
  CLI::App* hint_command = app.add_subcommand(
      "hint", "Piraten Kapern: the exact best move for the turn being refereed, and what it is worth");
  hint_command->add_option("when", *automatic, "'on': also after every roll, until 'hint off'")
      ->check(CLI::IsMember({"on", "off"}, CLI::ignore_case));
  // Counting the deductions is the default now; the flag stays for those used to typing it.
  CLI::Option* relative = hint_command->add_flag("--relative")->description(
      "Count Island deductions as gains, times the opponents (the default: off the Island no move can lead to one)");
  hint_command->add_flag("--own", *own, "Count only the player's own points, even on the Island of Skulls")
      ->excludes(relative);
  hint_command->footer(
      "On the Island of Skulls the turn scores nothing of its own: the hint counts what every opponent loses.\n"
      "Examples: hint; hint --own; hint on (after every roll from now on); hint off");
  hint_command->callback([&table, own, automatic, &ctx] {
    if (!automatic->empty()) {
      if (ctx.session == nullptr) throw InputError("hint on|off: only at the table ('new piraten PLAYER...')");
      const bool on = *automatic == "on";
      ctx.session->set_shown(kHintView, on);
      ctx.session->set_shown(kOwnHintView, on && *own);
      if (ctx.json) {
        ctx.print() << nlohmann::json{{"hint_after_every_roll", on}, {"relative", on && !*own}}.dump(2) << "\n";
        return;
      }
      ctx.print() << (on ? "The best move will be shown after every roll ('hint off' to stop).\n"
                         : "No more hints after every roll ('hint' still asks for one).\n");
      if (!on || table.current_turn() == nullptr || table.current_turn()->phase != pk::TurnPhase::choosing) return;
    }
    const pk::Turn* turn = table.current_turn();
    if (turn == nullptr) throw RuleViolation("no turn is being refereed: 'card CARD' and 'roll DICE' first");
    const int opponents = hint_opponents(table, *turn, *own);
    const advice::Advice advice = shared_solver(opponents).advise(*turn);
    if (ctx.json) {
      ctx.print() << advice_json(advice, kHintAlternatives).dump(2) << "\n";
      return;
    }
    ctx.print() << advice_sentence(advice) << objective_note(opponents) << "\n";
  });
}

// turns
void add_turns(CLI::App& app, Context& ctx, const PiratenTable& table) {
  app.add_subcommand("turns", "Piraten Kapern: the score sheet, turn by turn")->callback([&table, &ctx] {
    if (ctx.json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const pk::TurnLogEntry& entry : table.table().turn_log()) rows.push_back(turn_entry_json(table.table(), entry));
      ctx.print() << nlohmann::json{{"players", table.players()}, {"turns", rows}, {"table", table_json(table.table())}}.dump(2)
                  << "\n";
      return;
    }
    print_turns(ctx, table.table());
  });
}

}  // namespace

void PiratenTable::add_commands(CLI::App& app, Context& ctx) {
  add_card(app, ctx, *this);
  add_roll(app, ctx, *this);
  add_reroll(app, ctx, *this);
  add_sorceress(app, ctx, *this);
  add_chest(app, ctx, *this);
  add_stop(app, ctx, *this);
  add_tally(app, ctx, *this);
  add_show(app, ctx, *this);
  add_hint(app, ctx, *this);
  add_turns(app, ctx, *this);
}

}  // namespace qm::cli::piraten_cli
