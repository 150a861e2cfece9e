#pragma once
// A table session: its players, the games played in it, and the journal that records every
// event. The state is never saved as such: it is what replaying the journal's effective
// commands gives (undo and redo are journal events too), so reopening restores it exactly.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "cli/game_table.hpp"
#include "cli/journal.hpp"

namespace qm::cli {

// Runs one command line (already split into words) through the command tree.
using LineRunner = std::function<void(const std::vector<std::string>& args, Context& ctx)>;

// The standings after one event: a point of the running totals.
struct ProgressPoint {
  std::int64_t seq = 0;       // the journal event after which they were taken
  int turn = -1;              // GameTable::completed_turns() then
  std::vector<double> totals; // per player, in the game's seat order
  std::vector<bool> out;      // per player: eliminated
};

struct GameRecord {
  std::unique_ptr<GameTable> table;
  std::int64_t started_seq = 0;
  std::vector<ProgressPoint> progress;  // the running totals, in event order
};

class Session {
 public:
  // Opens the named session's journal (creating nothing until the first event). With the
  // session's lock (taken before, so that what is read is what the next event follows) this
  // program may write to it for as long as the Session lives; without, it only reads, and a
  // change is refused with SessionBusy naming the holder. A truncated last line is set aside
  // (by the lock's holder) and reported in warnings(); a corrupt journal throws InputError.
  static std::unique_ptr<Session> open_named(const std::string& name, LineRunner runner,
                                             std::optional<SessionLock> lock);
  // The same, to write for as long as it lives (the REPL): takes the lock, or throws
  // SessionBusy naming the program that holds it.
  static std::unique_ptr<Session> open_named(const std::string& name, LineRunner runner);
  // A session with no name yet: it takes one (table-YYYYMMDD-HHMMSS) at its first event.
  static std::unique_ptr<Session> open_unnamed(LineRunner runner);
  // Reads a journal file for export or import without writing anything.
  static std::unique_ptr<Session> open_file(const std::filesystem::path& path, LineRunner runner);

  const std::string& name() const { return name_; }
  bool has_journal() const { return writer_.has_value(); }
  bool may_write() const { return lock_.has_value() || !writer_; }  // an unnamed session takes its lock with its name
  // The journal it writes to, or the file it was read from; empty for a session not named yet.
  std::filesystem::path journal() const { return writer_ ? writer_->path() : file_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

  GameTable* current_game() const { return games_.empty() ? nullptr : games_.back().table.get(); }
  const std::vector<GameRecord>& games() const { return games_; }
  std::vector<std::string> players() const;  // everyone who played, in order of appearance

  // Called by a `new GAME` command: the new game becomes the current one.
  void start_game(std::unique_ptr<GameTable> table);

  // Runs a line typed by a player. If it changed the table it is journaled (fsync) before this
  // returns. A refused line leaves the table as it was, the same object; one that failed after
  // it changed the table (ctx.record_event() came first) has the table rebuilt from the journal.
  void run(const std::vector<std::string>& args, Context& ctx);

  // Take back the last table event, or put back the last one taken back; each gives the event's
  // command as its words, for the answer to name it as it was typed.
  std::vector<std::string> undo();
  std::vector<std::string> redo();
  std::size_t undoable() const { return applied_.size(); }
  std::size_t redoable() const { return undone_.size(); }

  // What the players asked to be shown after every step (e.g. "piraten.hint"): kept while the
  // program runs, never journaled, since it changes what is printed and never the table (so
  // undo and a rebuild after a refused line leave it as it was).
  bool shows(const std::string& view) const { return shown_views_.contains(view); }
  void set_shown(const std::string& view, bool shown) {
    if (shown)
      shown_views_.insert(view);
    else
      shown_views_.erase(view);
  }

  // The scan waiting for confirmation ('scan PHOTO', then 'yes' or 'no'); like the views, never
  // journaled: the command it becomes is. Any change of the table forgets it.
  const std::optional<ScanProposal>& scan_proposal() const { return scan_proposal_; }
  void propose_scan(std::optional<ScanProposal> proposal) { scan_proposal_ = std::move(proposal); }

  // One JSON document: format, name, players, games with running totals, events, totals.
  nlohmann::json export_json() const;
  // The raw journal events (header excluded), for export and import.
  const std::vector<nlohmann::json>& events() const { return events_; }

 private:
  explicit Session(LineRunner runner) : runner_(std::move(runner)) {}
  // An event that did not replay, and why.
  struct ReplayFailure {
    std::int64_t seq = 0;
    std::vector<std::string> args;
    std::string reason;
    // "session 'friday': event 6 ('roll 8coin') no longer replays (unknown die face ...)"
    std::string what(const std::string& session) const;
  };
  void take_events(std::vector<nlohmann::json> events);  // events_, applied_, undone_, next_seq_
  // With may_repair (the session's writer), events that no longer replay are set aside.
  void load(const JournalContents& contents, bool may_repair);
  // Rebuilds the games from the effective commands (those before `before_seq`, if given), as far
  // as they replay.
  std::optional<ReplayFailure> replay(std::optional<std::int64_t> before_seq = std::nullopt);
  void rebuild();  // replay(), where every event must replay
  void snapshot(std::int64_t seq);
  void append(nlohmann::json event);

  LineRunner runner_;
  std::string name_;
  std::string created_;
  std::optional<JournalWriter> writer_;
  std::filesystem::path file_;  // open_file(): the journal read
  std::optional<SessionLock> lock_;
  std::vector<std::string> warnings_;
  std::vector<nlohmann::json> events_;    // every journal event, in order
  std::vector<nlohmann::json> applied_;   // effective commands, oldest first
  std::vector<nlohmann::json> undone_;    // undone commands, most recent last
  std::vector<GameRecord> games_;
  std::int64_t next_seq_ = 1;
  std::set<std::string> shown_views_;
  std::optional<ScanProposal> scan_proposal_;
};

}  // namespace qm::cli
