// Pirate's Code's table commands in the REPL (issue 7, item 3), added while a game of Pirate's
// Code is the current one: the events as they happen at the table (guess, inquiry, scout,
// clairvoyance, rapid-fire, plunder, faceup, turn) and the `notebook` view. Each event checks
// everything, applies it, calls ctx.record_event(), then announces itself (nothing on replay).
#include <memory>

#include "cli/pirates_code/format.hpp"
#include "cli/pirates_code/table.hpp"
#include "cli/table_commands.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

using EventHandler = TableEvent (PiratesCodeTable::*)(const std::vector<std::string>&);

constexpr const char* kPlayerFooter =
    "PLAYER (the one acting) may be left out: it is then the player whose turn it is. Names in any "
    "case; 'me' is the notebook's owner. Words may be separated by spaces or commas.";

// An event typed at the table: the words become the event (`handler`), it is journaled, then
// announced (nothing on replay). `footer`: the command's examples; a player acting adds
// kPlayerFooter.
CLI::App* add_event_command(CLI::App& app, Context& ctx, PiratesCodeTable& table, const std::string& verb,
                            EventHandler handler, const std::string& description, const std::string& footer) {
  CLI::App* sub = add_words_command(app, verb, description, [&table, &ctx, handler](const std::vector<std::string>& words) {
    const TableEvent event = (table.*handler)(words);
    ctx.record_event();
    if (ctx.replaying) return;
    if (ctx.json)
      ctx.print() << event_json(table, event).dump(2) << "\n";
    else
      print_event(ctx, table, event);
  });
  const bool acting = handler != &PiratesCodeTable::set_turn;
  sub->footer(footer + (acting ? std::string("\n") + kPlayerFooter : std::string()));
  return sub;
}

void add_guess_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(
      app, ctx, table, "guess", &PiratesCodeTable::guess,
      "Pirate's Code: a guess and its judgement (guess [PLAYER] A B -> NAME has [, continue -> NAME has | nobody])",
      "The answers go clockwise from the guesser itself; NAME is the first to say \"have\", or 'nobody': then the "
      "guesser found the code and wins. A guesser with its continue token may go on asking: add\n"
      "'continue -> NAME has' (or 'continue -> nobody').\n"
      "Examples: guess Bob 5 11 -> Cy has | guess Bob 5 11 -> Cy has, continue -> nobody | guess 2 6 -> nobody");
}

void add_inquiry_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(
      app, ctx, table, "inquiry", &PiratesCodeTable::inquiry,
      "Pirate's Code: an inquiry card shown to a player, with its question and answer "
      "(inquiry [ASKER->]PLAYER [showing C] has Q|+K|-K yes|no)",
      "The question: 'has Q' (the number asked), or '+K' / '-K' ('this+3?') as a bystander hears it. 'showing C': the "
      "card shown, when you saw it (the owner's own inquiries and those shown to the owner). The answer may be left "
      "out when the owner was asked.\n"
      "Examples: inquiry Ann->Bob \"has 6?\" no | inquiry Bob->Cy \"this+3?\" yes | inquiry Bob->Ann showing 2 has 6");
}

void add_scout_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "scout", &PiratesCodeTable::scout,
                    "Pirate's Code: a scouting card shown to a player, who has a card of its hand looked at "
                    "(scout [SCOUT->]PLAYER [showing C] [sees X])",
                    "'sees X' (a number or 'skeleton'): the card the owner saw when scouting. 'showing C': the card "
                    "shown to the owner.\nExamples: scout Bob sees 4 | scout Bob->Cy | scout Cy->Ann showing 12");
}

void add_clairvoyance_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "clairvoyance", &PiratesCodeTable::clairvoyance,
                    "Pirate's Code: a clairvoyance card and one more put face up; a code card looked at "
                    "(clairvoyance [PLAYER] C D [sees X])",
                    "'sees X': the code card the owner looked at.\nExamples: clairvoyance 5 9 sees 7 | clairvoyance Bob 6 2");
}

void add_rapid_fire_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "rapid-fire", &PiratesCodeTable::rapid_fire,
                    "Pirate's Code: a rapid fire card put face up: two more actions this turn (rapid-fire [PLAYER] C)",
                    "Example: rapid-fire Bob 7")
      ->alias("rapid");
}

void add_plunder_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "plunder", &PiratesCodeTable::plunder,
                    "Pirate's Code: a plunder card put face up; a random card taken from the player with the most "
                    "cards (plunder [PLAYER] C [from VICTIM] [takes X])",
                    "VICTIM may be left out when one player has the most cards. 'takes X' (a number or 'skeleton'): "
                    "the card taken, when the owner took it or lost it.\n"
                    "Examples: plunder Cy 9 from Bob | plunder 10 from Bob takes 4");
}

void add_face_up_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "faceup", &PiratesCodeTable::face_up,
                    "Pirate's Code: a card played face up whose effect the table does not follow, e.g. an extension "
                    "card; one action (faceup [PLAYER] N...)",
                    "Example: faceup Bob 9")
      ->alias("face-up");
}

void add_turn_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  add_event_command(app, ctx, table, "turn", &PiratesCodeTable::set_turn,
                    "Pirate's Code: a correction: it is PLAYER's turn now, with one action (turn PLAYER)",
                    "Example: turn Cy");
}

void add_notebook_command(CLI::App& app, Context& ctx, PiratesCodeTable& table) {
  auto with_events = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand(
      "notebook", "Pirate's Code: the possible code pairs and what each player must, may or cannot hold");
  sub->add_flag("--clues", *with_events, "Also list every event recorded and the clues it gave");
  sub->footer(
      "X: holds it for sure; ?: may hold it; .: cannot hold it; ^: put it face up. A contradiction (an event that "
      "cannot be true with what was recorded before) is flagged and the whole event left out; 'undo' takes back a "
      "mistyped event.");
  sub->callback([&table, &ctx, with_events] {
    if (ctx.json)
      ctx.print() << notebook_json(table, *with_events).dump(2) << "\n";
    else
      print_notebook(ctx, table, *with_events);
  });
}

}  // namespace

void PiratesCodeTable::add_commands(CLI::App& app, Context& ctx) {
  add_guess_command(app, ctx, *this);
  add_inquiry_command(app, ctx, *this);
  add_scout_command(app, ctx, *this);
  add_clairvoyance_command(app, ctx, *this);
  add_rapid_fire_command(app, ctx, *this);
  add_plunder_command(app, ctx, *this);
  add_face_up_command(app, ctx, *this);
  add_turn_command(app, ctx, *this);
  add_notebook_command(app, ctx, *this);
}

}  // namespace qm::cli::pirates_code_cli
