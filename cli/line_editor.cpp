#include "cli/line_editor.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <editline/readline.h>

#include "cli/words.hpp"

namespace qm::cli {
namespace {

constexpr int kHistoryLines = 2000;

// readline's completion callbacks are plain C functions without a user-data pointer, so the
// editor that is reading a line is found through this one pointer, set only while it reads.
LineEditor* reading_editor = nullptr;
std::vector<std::string> pending_matches;

char* next_match(const char* /*text*/, int state) {
  if (state == 0) std::reverse(pending_matches.begin(), pending_matches.end());
  if (pending_matches.empty()) return nullptr;
  const std::string match = pending_matches.back();
  pending_matches.pop_back();
  return strdup(match.c_str());
}

char** complete(const char* text, int start, int /*end*/) {
  rl_attempted_completion_over = 1;  // no fallback to file names
  if (reading_editor == nullptr) return nullptr;
  const std::string before(rl_line_buffer, static_cast<std::size_t>(start));
  std::vector<std::string> words;
  try {
    words = split_words(before);
  } catch (...) {
    return nullptr;  // an open quote: nothing sensible to offer
  }
  pending_matches = reading_editor->completer()(words, text);
  if (pending_matches.empty()) return nullptr;
  return rl_completion_matches(text, next_match);
}

}  // namespace

std::filesystem::path history_path() {
  const char* state_home = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  const std::filesystem::path base = state_home && *state_home ? std::filesystem::path(state_home)
                                     : home && *home            ? std::filesystem::path(home) / ".local" / "state"
                                                                : std::filesystem::path(".");
  return base / "quartermaster" / "history";
}

LineEditor::LineEditor(std::filesystem::path history_file, Completer completer)
    : history_file_(std::move(history_file)), completer_(std::move(completer)) {
  rl_readline_name = "quartermaster";
  rl_attempted_completion_function = complete;
  rl_basic_word_break_characters = " \t,";
  stifle_history(kHistoryLines);
  std::error_code ignored;
  std::filesystem::create_directories(history_file_.parent_path(), ignored);
  read_history(history_file_.c_str());
}

LineEditor::~LineEditor() {
  write_history(history_file_.c_str());
  history_truncate_file(history_file_.c_str(), kHistoryLines);
}

std::optional<std::string> LineEditor::read(const std::string& prompt) {
  reading_editor = this;
  char* raw = readline(prompt.c_str());
  reading_editor = nullptr;
  if (raw == nullptr) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  return line;
}

void LineEditor::remember(const std::string& line) {
  add_history(line.c_str());
  // Written at once too: a crash must not lose the history either.
  write_history(history_file_.c_str());
}

}  // namespace qm::cli
