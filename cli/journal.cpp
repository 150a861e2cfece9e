#include "cli/journal.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace fs = std::filesystem;

namespace {

fs::path home() {
  const char* home = std::getenv("HOME");
  return home && *home ? fs::path(home) : fs::path(".");
}

// Why a write failed, in the words of someone at a table.
std::string save_failure(const fs::path& path, int error) {
  std::string why;
  if (error == ENOSPC || error == EDQUOT) why = "the disk is full";
  else if (error == EACCES || error == EPERM) why = "no permission to write there";
  else if (error == EROFS) why = "the disk is read-only";
  else why = std::strerror(error);
  return "cannot save to " + path.string() + ": " + why + "; nothing was recorded";
}

void write_all(int fd, const std::string& text, const fs::path& path, JournalWriter::WriteFunction write) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SaveError(save_failure(path, errno));
    done += static_cast<std::size_t>(n);
  }
}

ssize_t plain_write(int fd, const void* data, std::size_t size) { return ::write(fd, data, size); }

fs::path lock_path(const std::string& session_name) {
  fs::path path = journal_path(session_name);
  path.replace_extension(".lock");
  return path;
}

void fsync_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

bool is_valid_event(const nlohmann::json& event) {
  if (!event.is_object() || !event.contains("type") || !event["type"].is_string()) return false;
  // Every field the program reads has the type it is read as (a hand-edited line may hold anything).
  const auto string_or_absent = [&](const char* key) { return !event.contains(key) || event[key].is_string(); };
  const std::string type = event["type"];
  if (type == "session")
    return string_or_absent("name") && string_or_absent("created") &&
           (!event.contains("format") || event["format"].is_number_integer());
  if (!event.contains("seq") || !event["seq"].is_number_integer() || !string_or_absent("time")) return false;
  // Sequence numbers count from 1, and the last one leaves room for the next.
  const std::int64_t seq = event["seq"].get<std::int64_t>();
  if (seq < 1 || seq == std::numeric_limits<std::int64_t>::max()) return false;
  if (type == "undo" || type == "redo") return true;
  if (type != "command" || !event.contains("args") || !event["args"].is_array()) return false;
  for (const auto& arg : event["args"])
    if (!arg.is_string()) return false;
  return true;
}

// Sets a truncated last line aside, so that nothing the player typed is lost and the journal
// again ends with a complete line.
std::string set_aside_tail(const fs::path& path, std::uintmax_t keep, const std::string& tail) {
  fs::path aside;
  for (int n = 1;; ++n) {
    aside = path;
    aside += ".partial-" + std::to_string(n);
    if (!fs::exists(aside)) break;
  }
  {
    std::ofstream out(aside, std::ios::binary);
    out << tail;
    if (!out) throw std::runtime_error("cannot write " + aside.string());
  }
  fs::resize_file(path, keep);
  return "journal " + path.filename().string() + ": its last line was cut off mid-write (" +
         counted(static_cast<long long>(tail.size()), "byte") + "); set aside in " + aside.filename().string();
}

}  // namespace

void check_format(const nlohmann::json& format, const std::string& what) {
  if (format.is_number_integer() && format.get<std::int64_t>() == kJournalFormat) return;
  const bool newer = format.is_number_integer() && format.get<std::int64_t>() > kJournalFormat;
  throw InputError(what + " has format " + echoed(format.dump()) + ", which this quartermaster does not know (it reads format " +
                   std::to_string(kJournalFormat) + (newer ? "; a newer version wrote it)" : ")"));
}

fs::path sessions_dir() {
  const char* data_home = std::getenv("XDG_DATA_HOME");
  const fs::path base = data_home && *data_home ? fs::path(data_home) : home() / ".local" / "share";
  return base / "quartermaster" / "sessions";
}

fs::path journal_path(const std::string& session_name) {
  const bool valid_length = !session_name.empty() && session_name.size() <= 64;
  bool valid_chars = session_name.front() != '.';
  for (char c : session_name)
    valid_chars = valid_chars && (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-');
  if (!valid_length || !valid_chars)
    throw InputError("bad session name " + quoted_token(session_name) + " (use letters, digits, '.', '_' and '-')");
  return sessions_dir() / (session_name + ".jsonl");
}

JournalContents read_journal(const fs::path& path, bool repair) {
  JournalContents contents;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (!fs::exists(path)) return contents;
    throw InputError("cannot read journal " + path.string());
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  std::size_t start = 0;
  int line_number = 0;
  while (start < text.size()) {
    ++line_number;
    const std::size_t end = text.find('\n', start);
    const bool complete = end != std::string::npos;
    const std::string line = text.substr(start, complete ? end - start : std::string::npos);
    nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
    const bool valid = !event.is_discarded() && is_valid_event(event);
    if (!complete && !valid) {
      if (!repair) {
        contents.warnings.push_back("journal " + path.filename().string() + ": last line is cut off; skipped");
      } else {
        contents.warnings.push_back(set_aside_tail(path, start, line));
      }
      break;
    }
    if (!valid)
      throw InputError("journal " + path.string() + " line " + std::to_string(line_number) +
                       " is corrupt; the file is left untouched");
    if (!complete && repair) {
      // A valid line whose newline was lost: finish it so the next append starts a new line.
      const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND);
      if (fd >= 0) {
        write_all(fd, "\n", path, plain_write);
        ::fsync(fd);
        ::close(fd);
      }
    }
    if (event["type"] == "session") {
      if (line_number != 1)
        throw InputError("journal " + path.string() + " line " + std::to_string(line_number) +
                         " is a second header; the file is left untouched");
      if (event.contains("format")) check_format(event["format"], "journal " + path.string());
      contents.header = event;
    } else {
      // Earlier versions journaled a shell command's `--session NAME` with the command.
      if (event.contains("args")) event["args"] = program_words(event["args"].get<std::vector<std::string>>()).command;
      contents.events.push_back(std::move(event));
    }
    if (!complete) break;
    start = end + 1;
  }
  return contents;
}

SetAside set_aside_from(const fs::path& journal, std::int64_t seq) {
  std::ifstream in(journal, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::size_t cut = text.size();
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const nlohmann::json event = nlohmann::json::parse(text.substr(start, end - start), nullptr, false);
    if (event.is_object() && event.contains("seq") && event["seq"].is_number_integer() &&
        event["seq"].get<std::int64_t>() >= seq) {
      cut = start;
      break;
    }
    start = end + 1;
  }
  SetAside aside;
  for (int n = 1;; ++n) {
    aside.path = journal;
    aside.path += ".set-aside-" + std::to_string(n);
    if (!fs::exists(aside.path)) break;
  }
  const std::string tail = text.substr(cut);
  aside.lines = static_cast<int>(std::count(tail.begin(), tail.end(), '\n') + (tail.empty() || tail.back() == '\n' ? 0 : 1));
  {
    std::ofstream out(aside.path, std::ios::binary);
    out << tail;
    out.flush();
    if (!out) throw SaveError("cannot set aside the events that no longer replay in " + aside.path.string());
  }
  fs::resize_file(journal, cut);
  return aside;
}

void JournalWriter::append(const nlohmann::json& line) {
  const bool is_new = !fs::exists(path_);
  std::error_code ignored;
  if (is_new) fs::create_directories(path_.parent_path(), ignored);
  const int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw SaveError(save_failure(path_, errno));
  struct stat before {};
  ::fstat(fd, &before);
  try {
    write_all(fd, line.dump() + "\n", path_, write_ ? write_ : plain_write);
    if (::fsync(fd) != 0) throw SaveError(save_failure(path_, errno));
  } catch (...) {
    // A line half written would be taken for a crash mid-write next time: none was recorded.
    if (::ftruncate(fd, before.st_size) != 0) {
      // the line stays cut off; the next open sets it aside as it does after a crash
    }
    ::close(fd);
    throw;
  }
  ::close(fd);
  if (is_new) fsync_folder(path_.parent_path());
}

std::optional<SessionLock> SessionLock::try_take(const std::string& session_name) {
  const fs::path path = lock_path(session_name);
  std::error_code ignored;
  fs::create_directories(path.parent_path(), ignored);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw SaveError(save_failure(path, errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  // Who holds it, for the refusal another program will give.
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char since[16];
  std::strftime(since, sizeof since, "%H:%M", &local);
  const std::string holder = nlohmann::json{{"pid", ::getpid()}, {"since", since}}.dump() + "\n";
  if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, holder.data(), holder.size(), 0) < 0) {
    // the lock holds without its note; the refusal then names no pid
  }
  return SessionLock(fd);
}

std::optional<SessionLock> SessionLock::take_within(const std::string& session_name,
                                                    std::chrono::milliseconds patience) {
  const auto give_up = std::chrono::steady_clock::now() + patience;
  while (true) {
    if (auto lock = try_take(session_name)) return lock;
    if (std::chrono::steady_clock::now() >= give_up) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string SessionLock::holder_message(const std::string& session_name, const std::string& advice) {
  std::ifstream in(lock_path(session_name));
  const nlohmann::json holder = nlohmann::json::parse(in, nullptr, false);
  std::string who;
  if (holder.is_object() && holder.contains("pid") && holder.contains("since"))
    who = " (pid " + holder["pid"].dump() + ", since " + holder.value("since", "") + ")";
  return "session '" + session_name + "' is open in another quartermaster" + who + ": " + advice;
}

SessionLock& SessionLock::operator=(SessionLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

SessionLock::~SessionLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the flock
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace qm::cli
