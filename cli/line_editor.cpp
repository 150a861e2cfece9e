#include "cli/line_editor.hpp"

#include <histedit.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cwchar>

#include "cli/words.hpp"
#include "scoring/notation.hpp"

namespace qm::cli {

constexpr int kHistoryLines = 2000;

struct LineEditor::State {
  EditLine* editor = nullptr;
  History* history = nullptr;
  std::filesystem::path history_file;
  Completer completer;
  std::string prompt;
  bool interrupted = false;
  std::string listed_at;  // the line (up to the cursor) where the last Tab found no single completion
};

namespace {

LineEditor::State& state_of(EditLine* editor) {
  void* data = nullptr;
  el_get(editor, EL_CLIENTDATA, &data);
  return *static_cast<LineEditor::State*>(data);
}

char* show_prompt(EditLine* editor) { return state_of(editor).prompt.data(); }

// Characters (not bytes) in `text`, as libedit counts them in the current locale.
int characters(const std::string& text) {
  const std::size_t count = std::mbstowcs(nullptr, text.c_str(), 0);
  return count == static_cast<std::size_t>(-1) ? static_cast<int>(text.size()) : static_cast<int>(count);
}

// Ctrl-C: the line is shown cut off with ^C, as shells show it, and given up.
unsigned char on_interrupt(EditLine* editor, int /*key*/) {
  LineEditor::State& state = state_of(editor);
  state.interrupted = true;
  const LineInfoW* line = el_wline(editor);
  el_cursor(editor, static_cast<int>(line->lastchar - line->cursor));
  el_insertstr(editor, "^C");
  el_push(editor, "\n");  // ends the read through the editor's own newline, which redraws first
  return CC_REFRESH;
}

// Ctrl-Z: the terminal is given back in its normal mode while the program is stopped.
unsigned char on_suspend(EditLine* editor, int /*key*/) {
  el_set(editor, EL_PREP_TERM, 0);
  std::raise(SIGTSTP);
  el_set(editor, EL_PREP_TERM, 1);
  return CC_REDISPLAY;
}

std::string common_prefix(const std::vector<std::string>& candidates) {
  std::string prefix = candidates.front();
  for (const std::string& candidate : candidates) {
    std::size_t n = 0;
    while (n < prefix.size() && n < candidate.size() &&
           notation::folded(prefix.substr(n, 1)) == notation::folded(candidate.substr(n, 1)))
      ++n;
    prefix.resize(n);
  }
  return prefix;
}

void list_in_columns(const std::vector<std::string>& candidates) {
  winsize size{};
  const int width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : 80;
  std::size_t longest = 0;
  for (const std::string& c : candidates) longest = std::max<std::size_t>(longest, characters(c));
  const std::size_t column = longest + 2;
  const std::size_t per_row = std::max<std::size_t>(1, static_cast<std::size_t>(width) / column);
  std::string out = "\n";
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    out += candidates[i];
    const bool row_ends = (i + 1) % per_row == 0 || i + 1 == candidates.size();
    out += row_ends ? "\n" : std::string(column - characters(candidates[i]), ' ');
  }
  std::fputs(out.c_str(), stdout);
  std::fflush(stdout);
}

// Tab: completes the word before the cursor as far as the candidates agree; a second Tab where
// they still disagree lists them.
unsigned char on_tab(EditLine* editor, int /*key*/) {
  LineEditor::State& state = state_of(editor);
  const LineInfo* line = el_line(editor);
  const std::string typed(line->buffer, line->cursor);
  const std::size_t word_start = typed.find_last_of(" \t,") + 1;  // npos + 1 == 0: the line's first word
  const std::string word = typed.substr(word_start);
  std::vector<std::string> before;
  try {
    for (const std::string& w : split_words(typed.substr(0, word_start)))
      for (const std::string& piece : notation::split_list(w)) before.push_back(piece);
  } catch (...) {
    return CC_REFRESH_BEEP;  // an open quote: nothing sensible to offer
  }
  const std::vector<std::string> candidates = state.completer(before, word);
  if (candidates.empty()) return CC_REFRESH_BEEP;
  std::string replacement = candidates.size() == 1 ? candidates.front() + " " : common_prefix(candidates);
  if (characters(replacement) > characters(word)) {
    el_deletestr(editor, characters(word));
    el_insertstr(editor, replacement.c_str());
    state.listed_at.clear();
    return CC_REFRESH;
  }
  if (state.listed_at == typed) {
    list_in_columns(candidates);
    return CC_REDISPLAY;
  }
  state.listed_at = typed;
  return CC_REFRESH_BEEP;
}

}  // namespace

void use_terminal_locale() {
  const char* chosen = std::setlocale(LC_CTYPE, "");
  // The C locale, whether chosen or fallen back to because the locale asked for is not
  // installed, becomes C.UTF-8 where there is one (as Python does, PEP 538): libedit drops every
  // byte the locale cannot decode, so in plain C a player could not even type "Jörg".
  if (chosen == nullptr || std::strcmp(chosen, "C") == 0 || std::strcmp(chosen, "POSIX") == 0)
    std::setlocale(LC_CTYPE, "C.UTF-8");
}

bool locale_is_utf8() {
  const std::string codeset = notation::folded(nl_langinfo(CODESET));
  return codeset == "utf-8" || codeset == "utf8";
}

std::string displayable(const std::string& text) {
  if (locale_is_utf8() || std::mbstowcs(nullptr, text.c_str(), 0) != static_cast<std::size_t>(-1)) return text;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      out += text[i];
    } else if (byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xB7) {
      out += '-';  // the middle dot between game and player
      ++i;
    } else if ((byte & 0xC0) != 0x80) {
      out += '?';  // one mark per character: continuation bytes add none
    }
  }
  return out;
}

std::filesystem::path history_path() {
  const char* state_home = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  const std::filesystem::path base = state_home && *state_home ? std::filesystem::path(state_home)
                                     : home && *home            ? std::filesystem::path(home) / ".local" / "state"
                                                                : std::filesystem::path(".");
  return base / "quartermaster" / "history";
}

LineEditor::LineEditor(std::filesystem::path history_file, Completer completer) : state_(std::make_unique<State>()) {
  state_->history_file = std::move(history_file);
  state_->completer = std::move(completer);
  HistEvent event;
  state_->history = history_init();
  history(state_->history, &event, H_SETSIZE, kHistoryLines);
  history(state_->history, &event, H_SETUNIQUE, 1);
  std::error_code ignored;
  std::filesystem::create_directories(state_->history_file.parent_path(), ignored);
  history(state_->history, &event, H_LOAD, state_->history_file.c_str());

  EditLine* editor = el_init("quartermaster", stdin, stdout, stderr);
  state_->editor = editor;
  el_set(editor, EL_CLIENTDATA, state_.get());
  el_set(editor, EL_EDITOR, "emacs");
  el_set(editor, EL_SIGNAL, 1);  // window size changes and the terminal's modes on a fatal signal
  el_set(editor, EL_HIST, history, state_->history);
  el_set(editor, EL_PROMPT, show_prompt);
  // Ctrl-C and Ctrl-Z reach the editor as keys, not signals, while a line is edited: a signal
  // arriving inside libedit's read leaves the terminal half-restored.
  el_set(editor, EL_SETTY, "-d", "-isig", nullptr);
  // Wide names, which libedit keeps as given: the narrow EL_ADDFN copies them and never frees
  // the copies (LeakSanitizer reports them when the REPL ends).
  el_wset(editor, EL_ADDFN, L"qm-interrupt", L"Give up the line being typed", on_interrupt);
  el_wset(editor, EL_ADDFN, L"qm-complete", L"Complete the word being typed", on_tab);
  el_wset(editor, EL_ADDFN, L"qm-suspend", L"Suspend the program", on_suspend);
  el_set(editor, EL_BIND, "^C", "qm-interrupt", nullptr);
  el_set(editor, EL_BIND, "^I", "qm-complete", nullptr);
  el_set(editor, EL_BIND, "^Z", "qm-suspend", nullptr);
}

LineEditor::~LineEditor() {
  el_end(state_->editor);
  history_end(state_->history);
}

EditedLine LineEditor::read(const std::string& prompt) {
  state_->prompt = displayable(prompt);
  state_->interrupted = false;
  state_->listed_at.clear();
  int count = 0;
  const char* raw = el_gets(state_->editor, &count);
  if (state_->interrupted) return {EditedLine::End::interrupted, ""};
  if (raw == nullptr || count <= 0) return {EditedLine::End::end_of_input, ""};
  std::string text(raw, static_cast<std::size_t>(count));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return {EditedLine::End::entered, text};
}

void LineEditor::remember(const std::string& line) {
  HistEvent event;
  history(state_->history, &event, H_ENTER, line.c_str());
  // Written at once: a crash must not lose the history either.
  history(state_->history, &event, H_SAVE, state_->history_file.c_str());
}

}  // namespace qm::cli
