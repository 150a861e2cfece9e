// Pirate's Code's table commands in the REPL (issue 7, item 3), added while a game of Pirate's
// Code is the current one: the events as they happen at the table (guess, inquiry, scout,
// clairvoyance, rapid-fire, plunder, faceup, turn) and the `notebook` view. Each event checks
// everything, applies it, calls ctx.record_event(), then announces itself (nothing on replay).
#include <algorithm>
#include <memory>

#include "cli/pirates_code/format.hpp"
#include "cli/pirates_code/table.hpp"
#include "cli/table_commands.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

using EventHandler = TableEvent (PiratesCodeTable::*)(const std::vector<std::string>&);

struct EventCommand {
  const char* verb;
  const char* alias;  // "" when none
  EventHandler handler;
  const char* description;
  const char* footer;
};

constexpr const char* kPlayerFooter =
    "PLAYER (the one acting) may be left out: it is then the player whose turn it is. Names in any "
    "case; 'me' is the notebook's owner. Words may be separated by spaces or commas.";

const EventCommand kEvents[] = {
    {"guess", "", &PiratesCodeTable::guess,
     "Pirate's Code: a guess and its judgement (guess [PLAYER] A B -> NAME has [, continue -> NAME has | nobody])",
     "The answers go clockwise from the guesser itself; NAME is the first to say \"have\", or 'nobody': then the "
     "guesser found the code and wins. A guesser with its continue token may go on asking: add\n"
     "'continue -> NAME has' (or 'continue -> nobody').\n"
     "Examples: guess Bob 5 11 -> Cy has | guess Bob 5 11 -> Cy has, continue -> nobody | guess 2 6 -> nobody"},
    {"inquiry", "", &PiratesCodeTable::inquiry,
     "Pirate's Code: an inquiry card shown to a player, with its question and answer "
     "(inquiry [ASKER->]PLAYER [showing C] has Q|+K|-K yes|no)",
     "The question: 'has Q' (the number asked), or '+K' / '-K' ('this+3?') as a bystander hears it. 'showing C': the "
     "card shown, when you saw it (the owner's own inquiries and those shown to the owner). The answer may be left "
     "out when the owner was asked.\n"
     "Examples: inquiry Ann->Bob \"has 6?\" no | inquiry Bob->Cy \"this+3?\" yes | inquiry Bob->Ann showing 2 has 6"},
    {"scout", "", &PiratesCodeTable::scout,
     "Pirate's Code: a scouting card shown to a player, who has a card of its hand looked at "
     "(scout [SCOUT->]PLAYER [showing C] [sees X])",
     "'sees X' (a number or 'skeleton'): the card the owner saw when scouting. 'showing C': the card shown to the "
     "owner.\nExamples: scout Bob sees 4 | scout Bob->Cy | scout Cy->Ann showing 12"},
    {"clairvoyance", "", &PiratesCodeTable::clairvoyance,
     "Pirate's Code: a clairvoyance card and one more put face up; a code card looked at "
     "(clairvoyance [PLAYER] C D [sees X])",
     "'sees X': the code card the owner looked at.\nExamples: clairvoyance 5 9 sees 7 | clairvoyance Bob 6 2"},
    {"rapid-fire", "rapid", &PiratesCodeTable::rapid_fire,
     "Pirate's Code: a rapid fire card put face up: two more actions this turn (rapid-fire [PLAYER] C)",
     "Example: rapid-fire Bob 7"},
    {"plunder", "", &PiratesCodeTable::plunder,
     "Pirate's Code: a plunder card put face up; a random card taken from the player with the most cards "
     "(plunder [PLAYER] C [from VICTIM] [takes X])",
     "VICTIM may be left out when one player has the most cards. 'takes X' (a number or 'skeleton'): the card taken, "
     "when the owner took it or lost it.\nExamples: plunder Cy 9 from Bob | plunder 10 from Bob takes 4"},
    {"faceup", "face-up", &PiratesCodeTable::face_up,
     "Pirate's Code: a card played face up whose effect the table does not follow, e.g. an extension card; one "
     "action (faceup [PLAYER] N...)",
     "Example: faceup Bob 9"},
    {"turn", "", &PiratesCodeTable::set_turn,
     "Pirate's Code: a correction: it is PLAYER's turn now, with one action (turn PLAYER)", "Example: turn Cy"},
};

// --json may also come after the words (CLI11 reads it only before them).
std::vector<std::string> without_json_flag(const std::vector<std::string>& words, Context& ctx) {
  std::vector<std::string> kept;
  for (const std::string& word : words) {
    if (word == "--json")
      ctx.json = true;
    else
      kept.push_back(word);
  }
  return kept;
}

}  // namespace

void PiratesCodeTable::add_commands(CLI::App& app, Context& ctx) {
  for (const EventCommand& command : kEvents) {
    const EventHandler handler = command.handler;
    CLI::App* sub = add_words_command(app, command.verb, command.description,
                                      [this, &ctx, handler](const std::vector<std::string>& words) {
                                        const TableEvent event = (this->*handler)(without_json_flag(words, ctx));
                                        ctx.record_event();
                                        if (ctx.replaying) return;
                                        if (ctx.json)
                                          ctx.print() << event_json(*this, event).dump(2) << "\n";
                                        else
                                          print_event(ctx, *this, event);
                                      });
    if (*command.alias != '\0') sub->alias(command.alias);
    const bool acting = command.handler != &PiratesCodeTable::set_turn;
    sub->footer(std::string(command.footer) + (acting ? std::string("\n") + kPlayerFooter : std::string()));
  }

  auto with_events = std::make_shared<bool>(false);
  CLI::App* notebook_command = app.add_subcommand(
      "notebook", "Pirate's Code: the possible code pairs and what each player must, may or cannot hold");
  notebook_command->add_flag("--clues", *with_events, "Also list every event recorded and the clues it gave");
  notebook_command->footer(
      "X: holds it for sure; ?: may hold it; .: cannot hold it; ^: put it face up. A contradiction (an answer that "
      "cannot be true with what was recorded before) is flagged and left out; 'undo' takes back a mistyped event.");
  notebook_command->callback([this, &ctx, with_events] {
    if (ctx.json)
      ctx.print() << notebook_json(*this, *with_events).dump(2) << "\n";
    else
      print_notebook(ctx, *this, *with_events);
  });
}

}  // namespace qm::cli::pirates_code_cli
