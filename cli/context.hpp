#pragma once
// What every command needs to know about where it runs: where to print, whether the caller
// asked for JSON, whether colour is wanted, and the table session (if any) it acts on.
#include <iosfwd>
#include <string>
#include <vector>

namespace qm::cli {

class Session;

struct Context {
  std::ostream* out = nullptr;  // commands print here and nowhere else
  bool json = false;            // --json: exactly one JSON document on *out
  bool colour = false;          // stdout is a terminal and NO_COLOR is unset
  bool interactive = false;     // a person is typing at a terminal (prompts, confirmations)
  bool replaying = false;       // re-applying the journal: change the table, print nothing
  Session* session = nullptr;   // the table session, when one is open
  bool is_event = false;        // set by a command that changed the table: the line is journaled
  // Set by a command that stands for another (a confirmed scan is journaled as the `roll` or
  // `hand` it entered, so replaying never needs the photo): journaled instead of the typed words.
  std::vector<std::string> journal_as;
  bool quit = false;            // `quit` was typed
  bool start_repl = false;      // `repl` (or no command) was given

  std::ostream& print() const { return *out; }
  // A command that changes the table calls this once it has succeeded.
  void record_event() { is_event = true; }
};

// Colour and weight for people's output, only when ctx.colour is on.
std::string bold(const Context& ctx, const std::string& text);
std::string dim(const Context& ctx, const std::string& text);
std::string good(const Context& ctx, const std::string& text);  // green
std::string bad(const Context& ctx, const std::string& text);   // red

// True when stdout is a terminal and NO_COLOR is unset (CLI.md, General).
bool colour_wanted();

}  // namespace qm::cli
