// Piraten Kapern's table commands in the REPL (issue 3, item 4):
//   referee  card CARD (or draw CARD); roll DICE; reroll DICE [-> FACES]; sorceress DICE [-> FACES];
//            chest put|take DICE; stop
//   tally    tally CARD DICE... [--chest DICE] [--skull-island]: a whole turn at once
//   views    show (the turn being played, the last round, the deck); turns (the score sheet);
//            hint [on|off] [--relative] (the advisor's best move for the turn being refereed; with
//            'on', also after every step that leaves the player to choose, until 'hint off')
// Each command that changes the table checks everything, applies it, calls ctx.record_event(),
// then prints (nothing while the journal is replayed): the turn as it stands, or at its end the
// result, the standings and, at the end of the game, the winner(s).
#include <algorithm>
#include <memory>
#include <ostream>

#include <fmt/format.h>

#include "cli/advice/advise.hpp"
#include "cli/piraten/table.hpp"
#include "cli/session.hpp"
#include "cli/table_commands.hpp"
#include "cli/text_table.hpp"
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

// `--json` (and the shell's `--session NAME`) may come anywhere among the free words: the
// command tree only parses them before the first word.
std::vector<std::string> take_json(const std::vector<std::string>& words, Context& ctx) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--json")
      ctx.json = true;
    else if (words[i] == "--session")
      ++i;  // its NAME too: main opened the session already
    else if (words[i].rfind("--session=", 0) != 0)
      out.push_back(words[i]);
  }
  return out;
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

const char* phase_name(pk::TurnPhase phase) {
  static constexpr const char* kNames[] = {"first_roll", "choosing", "rolling", "over"};
  return kNames[static_cast<int>(phase)];
}

nlohmann::json turn_json(const PiratenTable& table) {
  const pk::Turn* turn = table.current_turn();
  if (turn == nullptr) return nullptr;
  const pk::TurnPoints now = table.stop_value();
  nlohmann::json doc = {{"player", table.whose_turn()},
                        {"card", notation::to_string(turn->card)},
                        {"phase", phase_name(turn->phase)},
                        {"dice", dice_json(turn->dice)},
                        {"chest", dice_json(turn->chest)},
                        {"in_hand", turn->in_hand},
                        {"rolls", turn->rolls},
                        {"skulls", turn->skulls()},
                        {"skull_island", turn->skull_island},
                        {"sorceress_used", turn->sorceress_used},
                        {"must_use_sorceress", turn->must_use_sorceress()}};
  doc["stop_value"] = turn->phase == pk::TurnPhase::choosing
                          ? nlohmann::json{{"score", now.score}, {"deduction", now.deduction}, {"died", now.died}}
                          : nlohmann::json(nullptr);
  return doc;
}

nlohmann::json table_json(const PiratenTable& table) {
  const pk::State& state = table.state();
  nlohmann::json standings = nlohmann::json::array();
  for (int seat = 0; seat < state.players(); ++seat)
    standings.push_back({{"player", table.name(seat)}, {"total", state.total(seat)}});
  return {{"game", "piraten"},
          {"target", state.options().target},
          {"standings", standings},
          {"to_play", table.whose_turn()},
          {"turn", turn_json(table)},
          {"turns_played", state.turns_played()},
          {"last_round", state.last_round()},
          {"first_to_target", state.last_round() ? nlohmann::json(table.name(state.first_to_target())) : nlohmann::json(nullptr)},
          {"last_turns_left", state.last_turns_left()},
          {"last_round_cancelled", state.last_round_cancelled()},
          {"deck_left", pk::card_total(state.deck())},
          {"over", table.is_over()},
          {"winners", table.winners()}};
}

nlohmann::json turn_entry_json(const PiratenTable& table, const TurnLogEntry& entry) {
  return {{"turn", entry.number},
          {"player", table.name(entry.seat)},
          {"card", notation::to_string(entry.turn.card)},
          {"dice", dice_json(entry.turn.dice)},
          {"chest", dice_json(entry.turn.chest)},
          {"skull_island", entry.turn.skull_island},
          {"tallied", entry.tallied},
          {"score", entry.points.score},
          {"deduction", entry.points.deduction},
          {"died", entry.points.died},
          {"instant_win", entry.points.instant_win},
          {"totals", entry.totals}};
}

nlohmann::json step_json(const PiratenTable& table, const StepReport& report, const std::string& typed) {
  nlohmann::json doc = {{"step", typed},
                        {"player", table.name(report.seat)},
                        {"turn_over", report.turn_over},
                        {"island_reached", report.island_reached},
                        {"last_round_started", report.last_round_started},
                        {"last_round_cancelled", report.last_round_cancelled},
                        {"game_over", report.game_over}};
  if (report.turn_over) {
    const TurnLogEntry& entry = table.turn_log().back();
    nlohmann::json result = result_json(entry.turn.result());
    const nlohmann::json details = turn_entry_json(table, entry);
    for (const auto& [key, value] : details.items())
      if (!result.contains(key)) result[key] = value;
    doc["result"] = result;
  } else {
    doc["result"] = nullptr;
  }
  doc["table"] = table_json(table);
  return doc;
}

// Where the turn being played stands, and what may come next.
void print_turn(Context& ctx, const PiratenTable& table) {
  const pk::Turn* turn = table.current_turn();
  if (turn == nullptr) return;
  const std::string player = table.whose_turn();
  const std::string card = notation::to_string(turn->card);
  switch (turn->phase) {
    case pk::TurnPhase::first_roll:
      ctx.print() << fmt::format("{} draws {}: {}.\n", bold(ctx, player), card, card_summary(turn->card));
      ctx.print() << "Roll the eight dice: 'roll DICE' (or the whole turn at once: 'tally DICE').\n";
      return;
    case pk::TurnPhase::rolling:
      ctx.print() << fmt::format("{} picks up {}: 'roll FACES' says how {} came up.\n", player,
                                 counted(turn->in_hand, "die", "dice"), for_count(turn->in_hand, "it", "they"));
      return;
    default:
      break;
  }
  std::string line = fmt::format("{} ({}): {}", bold(ctx, player), card, dice_text(turn->dice));
  if (pk::dice_total(turn->chest) > 0) line += "; in the chest: " + dice_text(turn->chest);
  line += "; " + counted(turn->skulls(), "skull");
  ctx.print() << line << "\n";
  const pk::TurnPoints now = table.stop_value();
  if (turn->skull_island) {
    ctx.print() << fmt::format("Island of Skulls: stopping now takes {} from every opponent. 'roll FACES' rerolls "
                               "the other {}; the turn ends when no skull comes.\n",
                               now.deduction, counted(pk::dice_total(turn->loose_dice()), "die", "dice"));
    return;
  }
  if (turn->must_use_sorceress()) {
    ctx.print() << bad(ctx, "Three skulls:") << " only the sorceress can save the turn: 'sorceress DICE -> FACES' "
                << "rerolls one skull with other dice; 'stop' is death.\n";
    return;
  }
  ctx.print() << "stop now: " << (now.score < 0 ? bad(ctx, signed_points(now.score)) : good(ctx, signed_points(now.score)));
  if (turn->card == pk::FortuneCard::storm) ctx.print() << " (storm: one reroll left)";
  ctx.print() << ". Next: 'reroll DICE -> FACES'";
  if (turn->card == pk::FortuneCard::chest) ctx.print() << ", 'chest put|take DICE'";
  ctx.print() << " or 'stop'.\n";
}

void print_turn_end(Context& ctx, const PiratenTable& table, const StepReport& report) {
  const TurnLogEntry& entry = table.turn_log().back();
  const pk::TurnResult result = entry.turn.result();
  std::string heading = fmt::format("{}'s turn {}: {}, dice {}", table.name(entry.seat), entry.number,
                                    notation::to_string(entry.turn.card), dice_text(entry.turn.dice));
  if (pk::dice_total(entry.turn.chest) > 0) heading += ", chest " + dice_text(entry.turn.chest);
  ctx.print() << heading << "\n";
  if (report.island_reached) ctx.print() << "Eight skulls: the Island of Skulls ends at once.\n";
  if (result.died) ctx.print() << bad(ctx, fmt::format("{} died ({}).", table.name(entry.seat), counted(entry.turn.skulls(), "skull"))) << "\n";
  if (result.skull_island) ctx.print() << "End of the Island of Skulls.\n";
  print_result(ctx, result, table.state().options().pirate_magic);
  const pk::State& state = table.state();
  if (report.last_round_cancelled)
    ctx.print() << bold(ctx, fmt::format("The last round is cancelled: the next player to reach {} wins at once.",
                                         state.options().target))
                << "\n";
  if (report.last_round_started)
    ctx.print() << bold(ctx, fmt::format("{} reached {}: every other player has one last turn.", table.name(entry.seat),
                                         state.options().target))
                << "\n";
  else if (state.last_round() && !state.is_terminal())
    ctx.print() << "last round: " << counted(state.last_turns_left(), "turn") << " left\n";
  print_standings(ctx, table);
}

constexpr const char* kHintView = "piraten.hint";
constexpr const char* kRelativeHintView = "piraten.hint.relative";
constexpr std::size_t kHintAlternatives = 3;

// The advice for the turn in progress when the players asked for it after every step ('hint on')
// and the player has a choice to make; nullopt otherwise.
std::optional<advice::Advice> automatic_advice(const Context& ctx, const PiratenTable& table) {
  const pk::Turn* turn = table.current_turn();
  if (ctx.session == nullptr || !ctx.session->shows(kHintView) || turn == nullptr || turn->phase != pk::TurnPhase::choosing)
    return std::nullopt;
  return shared_solver(ctx.session->shows(kRelativeHintView) ? table.opponents() : 0).advise(*turn);
}

// After a step: the JSON document, or the turn as it stands, or the end of the turn; and the
// advice when it is asked for after every step.
void print_step(Context& ctx, const PiratenTable& table, const StepReport& report, const std::string& typed) {
  if (ctx.replaying) return;
  const std::optional<advice::Advice> hint = automatic_advice(ctx, table);
  if (ctx.json) {
    nlohmann::json doc = step_json(table, report, typed);
    if (hint) doc["advice"] = advice_json(*hint, kHintAlternatives);
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  if (report.turn_over) {
    print_turn_end(ctx, table, report);
    return;
  }
  if (report.island_reached)
    ctx.print() << bold(ctx, fmt::format("{} on the first roll: {} goes to the Island of Skulls!",
                                         counted(table.current_turn()->skulls(), "skull"), table.whose_turn()))
                << "\n";
  print_turn(ctx, table);
  if (hint) ctx.print() << dim(ctx, "hint: ") << advice_sentence(*hint) << "\n";
}

// tally [CARD] DICE... [--chest DICE...] [--skull-island], or as `score piraten`: --card CARD --dice DICE...
struct TallyWords {
  std::optional<pk::FortuneCard> card;
  pk::FaceCounts dice{};
  pk::FaceCounts chest{};
  bool skull_island = false;
};

TallyWords parse_tally(const std::vector<std::string>& words, const PiratenTable& table) {
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

}  // namespace

void PiratenTable::add_commands(CLI::App& app, Context& ctx) {
  // card CARD (draw CARD)
  auto card_word = std::make_shared<std::string>();
  CLI::App* card_command =
      app.add_subcommand("card", "Piraten Kapern: the fortune card drawn for the turn: card CARD (also 'draw CARD')");
  card_command->alias("draw");
  card_command->add_option("card", *card_word,
                           "chest captain sorceress sea-battle-2 sea-battle-3 sea-battle-4 coin diamond monkey-business "
                           "skull-1 skull-2 storm truce")
      ->required();
  card_command->footer("Then the first roll: 'roll DICE' (eight faces), or the whole turn at once: 'tally DICE'.");
  card_command->callback([this, card_word, &ctx] {
    const std::string typed = "card " + *card_word;
    const StepReport report = draw(notation::parse_fortune_card(*card_word), typed);
    ctx.record_event();
    print_step(ctx, *this, report, typed);
  });

  // roll FACES
  CLI::App* roll_command = add_words_command(
      app, "roll", "Piraten Kapern: how the thrown dice came up: roll FACES (the first eight, or the rerolled ones)",
      [this, &ctx](const std::vector<std::string>& typed_words) {
        const std::vector<std::string> words = take_json(typed_words, ctx);
        const std::string typed = joined("roll", words);
        if (words.empty()) throw InputError("roll: name the faces that came up, e.g. 'roll 2coin skull 3sabre 2parrot'");
        const StepReport report = roll(dice_of(words), typed);
        ctx.record_event();
        print_step(ctx, *this, report, typed);
      });
  roll_command->footer(
      "Faces: skull coin diamond sabre monkey parrot, with counts (3coin), by spaces or commas.\n"
      "On the Island of Skulls 'roll FACES' rerolls every die that is not a skull.");

  // reroll DICE [-> FACES]
  CLI::App* reroll_command = add_words_command(
      app, "reroll", "Piraten Kapern: dice picked up and thrown again: reroll DICE -> FACES (or 'reroll DICE', then 'roll FACES')",
      [this, &ctx](const std::vector<std::string>& typed_words) {
        const std::vector<std::string> words = take_json(typed_words, ctx);
        const std::string typed = joined("reroll", words);
        const ArrowWords parts = split_arrow(words, typed);
        pk::FaceCounts picked{};
        if (!parts.before.empty()) {
          picked = dice_of(parts.before);
        } else if (const pk::Turn* turn = current_turn(); turn != nullptr && turn->skull_island) {
          picked = turn->loose_dice();  // on the Island: every die that is not a skull
        } else {
          throw InputError("reroll: name the dice picked up, e.g. 'reroll sabre parrot -> coin skull'");
        }
        const StepReport report = reroll(picked, came_up(parts, typed), typed);
        ctx.record_event();
        print_step(ctx, *this, report, typed);
      });
  reroll_command->footer(
      "At least two dice; skulls stay (except the sorceress's one). Example: reroll sabre parrot -> coin skull");

  // sorceress DICE [-> FACES]
  CLI::App* sorceress_command = add_words_command(
      app, "sorceress",
      "Piraten Kapern: the sorceress rerolls one skull with other dice: sorceress DICE -> FACES (the skull is implied)",
      [this, &ctx](const std::vector<std::string>& typed_words) {
        const std::vector<std::string> words = take_json(typed_words, ctx);
        const std::string typed = joined("sorceress", words);
        const pk::Turn* turn = current_turn();
        if (turn != nullptr && turn->card != pk::FortuneCard::sorceress)
          throw RuleViolation(quoted_line(typed) + " refused for " + whose_turn() + ": the card is " +
                              notation::to_string(turn->card) + ", not the sorceress");
        const ArrowWords parts = split_arrow(words, typed);
        if (parts.before.empty())
          throw InputError("sorceress: name the other dice picked up with the skull, e.g. 'sorceress parrot -> coin coin'");
        pk::FaceCounts picked = dice_of(parts.before);
        picked[static_cast<int>(pk::Face::skull)] = 1;
        const StepReport report = reroll(picked, came_up(parts, typed), typed);
        ctx.record_event();
        print_step(ctx, *this, report, typed);
      });
  sorceress_command->footer("Once per turn, not on the Island of Skulls. Example: sorceress parrot -> coin coin");

  // chest put|take DICE
  CLI::App* chest_command = add_words_command(
      app, "chest", "Piraten Kapern: with the chest card, dice into or out of the chest: chest put DICE, chest take DICE",
      [this, &ctx](const std::vector<std::string>& typed_words) {
        std::vector<std::string> words = take_json(typed_words, ctx);
        const std::string typed = joined("chest", words);
        const std::string verb = words.empty() ? "" : notation::folded(words.front());
        if (verb != "put" && verb != "take")
          throw InputError("chest: say 'put' or 'take' and the dice, e.g. 'chest put 2coin'" +
                           (verb.empty() ? std::string() : ", not " + quoted_token(words.front())));
        words.erase(words.begin());
        if (words.empty()) throw InputError(quoted_line(typed) + ": name the dice");
        const pk::FaceCounts dice = dice_of(words);
        const StepReport report = verb == "put" ? chest_put(dice, typed) : chest_take(dice, typed);
        ctx.record_event();
        print_step(ctx, *this, report, typed);
      });
  chest_command->footer("Dice in the chest still score when the turn dies (alone, no Full Chest).");

  // stop
  app.add_subcommand("stop", "Piraten Kapern: the player ends the turn and scores what lies on the table")
      ->callback([this, &ctx] {
        const StepReport report = stop("stop");
        ctx.record_event();
        print_step(ctx, *this, report, "stop");
      });

  // tally CARD DICE... [--chest DICE] [--skull-island]
  CLI::App* tally_command = add_words_command(
      app, "tally",
      "Piraten Kapern: a whole turn at once: tally CARD DICE... [--chest DICE] [--skull-island] (as 'score piraten')",
      [this, &ctx](const std::vector<std::string>& typed_words) {
        const std::vector<std::string> words = take_json(typed_words, ctx);
        const std::string typed = joined("tally", words);
        if (words.empty()) throw InputError("tally: give the card and the eight dice, e.g. 'tally captain 3coin 5monkey'");
        const TallyWords tally_words = parse_tally(words, *this);
        const StepReport report = tally(tally_words.card, tally_words.dice, tally_words.chest, tally_words.skull_island, typed);
        ctx.record_event();
        print_step(ctx, *this, report, typed);
      });
  tally_command->footer(
      "The eight dice as they lie at the end, skulls included. With the card already drawn ('card CARD') it may be\n"
      "left out. Examples: tally diamond 3coin 5monkey; tally chest 2skull skull 3coin 2parrot --chest 3coin;\n"
      "tally captain 5skull 3parrot --skull-island");

  // show
  app.add_subcommand("show", "Piraten Kapern: the turn being played, the last round and the fortune deck")
      ->callback([this, &ctx] {
        if (ctx.json) {
          ctx.print() << table_json(*this).dump(2) << "\n";
          return;
        }
        const pk::State& s = state_;
        const pk::Options& o = s.options();
        ctx.print() << fmt::format("Piraten Kapern to {}{}{}; turn {}; fortune deck: {} left\n", o.target,
                                   o.promo ? ", promo cards" : "", o.pirate_magic ? "" : ", no pirate magic",
                                   s.turns_played() + (s.is_terminal() ? 0 : 1), counted(pk::card_total(s.deck()), "card"));
        if (s.last_round() && !s.is_terminal())
          ctx.print() << fmt::format("last round: {} reached {} first; {} left\n", name(s.first_to_target()), o.target,
                                     counted(s.last_turns_left(), "turn"));
        if (s.last_round_cancelled() && !s.is_terminal())
          ctx.print() << fmt::format("the last round was cancelled: the next player to reach {} wins at once\n", o.target);
        if (current_turn() != nullptr) {
          print_turn(ctx, *this);
          return;
        }
        print_standings(ctx, *this);
        if (!s.is_terminal())
          ctx.print() << fmt::format("{}: 'card CARD' to referee the turn, or 'tally CARD DICE' for all of it.\n",
                                     whose_turn());
      });

  // hint [on|off] [--relative]: the advisor (issue 10) on the turn being refereed
  auto relative = std::make_shared<bool>(false);
  auto automatic = std::make_shared<std::string>();
  CLI::App* hint_command = app.add_subcommand(
      "hint", "Piraten Kapern: the exact best move for the turn being refereed, and what it is worth");
  hint_command->add_option("when", *automatic, "'on': also after every roll, until 'hint off'")
      ->check(CLI::IsMember({"on", "off"}, CLI::ignore_case));
  hint_command->add_flag("--relative", *relative, "Count Island deductions as gains, times the opponents");
  hint_command->footer("Examples: hint; hint --relative; hint on (after every roll from now on); hint off");
  hint_command->callback([this, relative, automatic, &ctx] {
    if (!automatic->empty()) {
      if (ctx.session == nullptr) throw InputError("hint on|off: only at the table ('new piraten PLAYER...')");
      const bool on = *automatic == "on";
      ctx.session->set_shown(kHintView, on);
      ctx.session->set_shown(kRelativeHintView, on && *relative);
      if (ctx.json) {
        ctx.print() << nlohmann::json{{"hint_after_every_roll", on}, {"relative", on && *relative}}.dump(2) << "\n";
        return;
      }
      ctx.print() << (on ? "The best move will be shown after every roll ('hint off' to stop).\n"
                         : "No more hints after every roll ('hint' still asks for one).\n");
      if (!on || current_turn() == nullptr || current_turn()->phase != pk::TurnPhase::choosing) return;
    }
    const pk::Turn* turn = current_turn();
    if (turn == nullptr) throw RuleViolation("no turn is being refereed: 'card CARD' and 'roll DICE' first");
    const advice::Advice advice = shared_solver(*relative ? opponents() : 0).advise(*turn);
    if (ctx.json) {
      ctx.print() << advice_json(advice, kHintAlternatives).dump(2) << "\n";
      return;
    }
    ctx.print() << advice_sentence(advice) << "\n";
  });

  // turns
  app.add_subcommand("turns", "Piraten Kapern: the score sheet, turn by turn")->callback([this, &ctx] {
    if (ctx.json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const TurnLogEntry& entry : log_) rows.push_back(turn_entry_json(*this, entry));
      ctx.print() << nlohmann::json{{"players", players_}, {"turns", rows}, {"table", table_json(*this)}}.dump(2) << "\n";
      return;
    }
    if (log_.empty()) {
      ctx.print() << "No turn finished yet.\n";
      return;
    }
    std::vector<std::string> header = {"turn", "player", "card", "dice", "score"};
    for (const std::string& player : players_) header.push_back(player);
    TextTable out(header);
    for (const TurnLogEntry& entry : log_) {
      std::string dice = dice_text(entry.turn.dice);
      if (pk::dice_total(entry.turn.chest) > 0) dice += " (chest " + dice_text(entry.turn.chest) + ")";
      std::string score = signed_points(entry.points.score);
      if (entry.points.died) score += " (dead)";
      if (entry.turn.skull_island)
        score = entry.points.deduction > 0 ? fmt::format("-{} each (Island)", entry.points.deduction) : score + " (Island)";
      std::vector<std::string> row = {std::to_string(entry.number), name(entry.seat),
                                      notation::to_string(entry.turn.card), dice, score};
      for (const int total : entry.totals) row.push_back(std::to_string(total));
      out.add_row(row);
    }
    out.print(ctx.print());
  });
}

}  // namespace qm::cli::piraten_cli
