#pragma once
// Line editing for the REPL at a terminal (libedit): editing keys, persistent history and tab
// completion. With no terminal the REPL reads plain lines and this is not used.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace qm::cli {

// Given the words before the cursor's word and the word being typed, the candidates.
using Completer = std::function<std::vector<std::string>(const std::vector<std::string>& before,
                                                         const std::string& word)>;

class LineEditor {
 public:
  LineEditor(std::filesystem::path history_file, Completer completer);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // nullopt at end of input (Ctrl-D).
  std::optional<std::string> read(const std::string& prompt);
  void remember(const std::string& line);

  const Completer& completer() const { return completer_; }

 private:
  std::filesystem::path history_file_;
  Completer completer_;
};

// ${XDG_STATE_HOME:-~/.local/state}/quartermaster/history
std::filesystem::path history_path();

}  // namespace qm::cli
