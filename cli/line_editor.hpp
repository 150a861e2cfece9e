#pragma once
// Line editing for the REPL at a terminal (libedit): editing keys, persistent history and tab
// completion. With no terminal the REPL reads plain lines and this is not used.
//
// The keys behave as in every shell: Ctrl-C clears the line being typed (it never ends the
// program), Ctrl-D on an empty line ends input, Tab completes the word being typed and a second
// Tab lists what fits, the arrows walk the history, Ctrl-Z suspends.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace qm::cli {

// Given the words before the cursor's word and the word being typed, the candidates.
using Completer = std::function<std::vector<std::string>(const std::vector<std::string>& before,
                                                         const std::string& word)>;

// What one read at the prompt gave.
struct EditedLine {
  enum class End { entered, interrupted, end_of_input };
  End end = End::entered;
  std::string text;  // the line typed (empty unless entered)
};

class LineEditor {
 public:
  LineEditor(std::filesystem::path history_file, Completer completer);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // The prompt is shown as given where the terminal's locale can show it, in ASCII otherwise.
  EditedLine read(const std::string& prompt);
  void remember(const std::string& line);

  struct State;  // libedit's handles and the keys' state (line_editor.cpp)

 private:
  std::unique_ptr<State> state_;
};

// ${XDG_STATE_HOME:-~/.local/state}/quartermaster/history
std::filesystem::path history_path();

// Sets the character type locale from the environment (LC_ALL, LC_CTYPE, LANG); the C locale
// (asked for, or fallen back to where the locale asked for is not installed) becomes C.UTF-8.
// Only LC_CTYPE: numbers are printed and parsed the same way in every locale.
void use_terminal_locale();

// True when the character type locale is UTF-8 (the middle dot and names like Jörg can be shown).
bool locale_is_utf8();

// `text` as the current locale can show it: unchanged in UTF-8 and in any locale where it
// decodes, else ASCII (the middle dot becomes '-', other non-ASCII characters '?').
std::string displayable(const std::string& text);

}  // namespace qm::cli
