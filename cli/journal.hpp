#pragma once
// The append-only journal of a table session: one JSON document per line (JSON Lines).
// Line 1 is the header {"type":"session","format":1,"name",...}; every later line is an event:
//   {"seq":N,"type":"command","args":[...],"time":"..."}  a table command that succeeded
//   {"seq":N,"type":"undo","time":"..."} / {"seq":N,"type":"redo","time":"..."}
// Each event is written and fsync'ed before the REPL acknowledges it, so a crash loses at most
// the line being typed. A truncated last line (a crash mid-write) is moved aside into
// NAME.jsonl.partial-N and the journal cut back to its last complete line; a corrupt line
// anywhere else stops the session from opening and the file is never written again.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace qm::cli {

inline constexpr int kJournalFormat = 1;

// ${XDG_DATA_HOME:-~/.local/share}/quartermaster/sessions
std::filesystem::path sessions_dir();
// Checks a session name ([A-Za-z0-9._-], 1-64 characters) and gives its journal's path.
std::filesystem::path journal_path(const std::string& session_name);

struct JournalContents {
  nlohmann::json header;                 // null for an empty or new journal
  std::vector<nlohmann::json> events;    // in order
  std::vector<std::string> warnings;     // e.g. the truncated last line that was set aside
};

// Reads a journal. With repair, a truncated last line is moved aside as described above.
// Throws InputError naming the file and line for anything else that is not a valid event.
JournalContents read_journal(const std::filesystem::path& path, bool repair);

class JournalWriter {
 public:
  explicit JournalWriter(std::filesystem::path path) : path_(std::move(path)) {}
  // Appends one line and fsyncs it (and the folder, when the file is new). Throws on failure.
  void append(const nlohmann::json& line);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Now, as an ISO 8601 UTC timestamp.
std::string utc_now();

}  // namespace qm::cli
