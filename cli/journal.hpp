#pragma once
// The append-only journal of a table session: one JSON document per line (JSON Lines).
// Line 1 is the header {"type":"session","format":1,"name",...}; every later line is an event:
//   {"seq":N,"type":"command","args":[...],"time":"..."}  a table command that succeeded
//   {"seq":N,"type":"undo","time":"..."} / {"seq":N,"type":"redo","time":"..."}
// Each event is written and fsync'ed before the REPL acknowledges it, so a crash loses at most
// the line being typed. A truncated last line (a crash mid-write) is moved aside into
// NAME.jsonl.partial-N and the journal cut back to its last complete line; a corrupt line
// anywhere else stops the session from opening and the file is never written again. Only the
// holder of the session's lock (SessionLock) appends to it.
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "scoring/input_error.hpp"

namespace qm::cli {

inline constexpr int kJournalFormat = 1;

// Throws InputError unless `format` (a journal header's or an exported document's) is one this
// program reads: "'friday.json' has format 99, which this quartermaster does not know (...)".
// `what` names the document: "'friday.json'", "journal /path/friday.jsonl".
void check_format(const nlohmann::json& format, const std::string& what);

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

// Moves the journal's events from `seq` on, as recorded, into NAME.jsonl.set-aside-N beside it
// and cuts the journal back to the events before (the session's writer only).
struct SetAside {
  std::filesystem::path path;
  int lines = 0;
};
SetAside set_aside_from(const std::filesystem::path& journal, std::int64_t seq);

// An event that could not be written (a full disk, no permission): nothing was recorded and
// the journal is as it was. It is the machine, not the program: status 2, in the user's words.
class SaveError : public InputError {
 public:
  using InputError::InputError;
};

// A session another program holds (CLI.md, Sessions: one writer at a time). The message names
// the holder: "session 'friday' is open in another quartermaster (pid 4312, since 21:04): ...".
class SessionBusy : public InputError {
 public:
  using InputError::InputError;
};

class JournalWriter {
 public:
  // `write` is ::write; tests hand in one that fails as a full disk does.
  using WriteFunction = ssize_t (*)(int fd, const void* data, std::size_t size);
  explicit JournalWriter(std::filesystem::path path, WriteFunction write = nullptr)
      : path_(std::move(path)), write_(write) {}
  // Appends one line and fsyncs it (and the folder, when the file is new). On failure the file
  // is cut back to what it was and SaveError says why.
  void append(const nlohmann::json& line);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  WriteFunction write_;
};

// One writer per session: an exclusive flock(2) on NAME.lock beside the journal, held while the
// object lives. The lock file says who holds it and since when, for the refusal; the kernel
// drops the lock when its holder dies, so a holder that crashed never blocks anyone.
class SessionLock {
 public:
  // The lock if nobody holds it; nullopt (at once) if another program does.
  static std::optional<SessionLock> try_take(const std::string& session_name);
  // Waits up to `patience` for the holder to let go; nullopt if it did not.
  static std::optional<SessionLock> take_within(const std::string& session_name, std::chrono::milliseconds patience);
  // Who holds the session, for the one-line refusal.
  static std::string holder_message(const std::string& session_name, const std::string& advice);

  SessionLock(SessionLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  SessionLock& operator=(SessionLock&& other) noexcept;
  SessionLock(const SessionLock&) = delete;
  SessionLock& operator=(const SessionLock&) = delete;
  ~SessionLock();

 private:
  explicit SessionLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// Now, as an ISO 8601 UTC timestamp.
std::string utc_now();

}  // namespace qm::cli
