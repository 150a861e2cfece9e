#include "cli/session.hpp"

#include <algorithm>
#include <ctime>
#include <map>
#include <ostream>
#include <sstream>

#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace fs = std::filesystem;

namespace {

std::string automatic_name() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "table-%Y%m%d-%H%M%S", &local);
  return text;
}

// A stream that swallows everything: replayed commands print nothing.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
};

}  // namespace

std::unique_ptr<Session> Session::open_named(const std::string& name, LineRunner runner,
                                             std::optional<SessionLock> lock) {
  const fs::path path = journal_path(name);
  std::unique_ptr<Session> session(new Session(std::move(runner)));
  session->name_ = name;
  session->writer_.emplace(path);
  session->lock_ = std::move(lock);
  session->load(read_journal(path, /*repair=*/session->lock_.has_value()), session->lock_.has_value());
  return session;
}

std::unique_ptr<Session> Session::open_named(const std::string& name, LineRunner runner) {
  std::optional<SessionLock> lock = SessionLock::try_take(name);
  if (!lock) throw SessionBusy(SessionLock::holder_message(name, "type the commands there"));
  return open_named(name, std::move(runner), std::move(lock));
}

std::unique_ptr<Session> Session::open_unnamed(LineRunner runner) {
  return std::unique_ptr<Session>(new Session(std::move(runner)));
}

std::unique_ptr<Session> Session::open_file(const fs::path& path, LineRunner runner) {
  if (!fs::exists(path)) throw InputError("no such session file '" + path.string() + "'");
  std::unique_ptr<Session> session(new Session(std::move(runner)));
  session->name_ = path.stem().string();
  session->file_ = path;
  session->load(read_journal(path, /*repair=*/false), /*may_repair=*/false);
  return session;
}

void Session::take_events(std::vector<nlohmann::json> events) {
  events_.clear();
  applied_.clear();
  undone_.clear();
  next_seq_ = 1;
  for (nlohmann::json& event : events) {
    next_seq_ = std::max<std::int64_t>(next_seq_, event["seq"].get<std::int64_t>() + 1);
    const std::string type = event["type"];
    if (type == "command") {
      applied_.push_back(event);
      undone_.clear();
    } else if (type == "undo" && !applied_.empty()) {
      undone_.push_back(applied_.back());
      applied_.pop_back();
    } else if (type == "redo" && !undone_.empty()) {
      applied_.push_back(undone_.back());
      undone_.pop_back();
    }
    events_.push_back(std::move(event));
  }
}

void Session::load(const JournalContents& contents, bool may_repair) {
  warnings_ = contents.warnings;
  if (contents.header.is_object()) created_ = contents.header.value("created", "");
  take_events(contents.events);
  // A session always reopens (CLI.md, Sessions): an event that no longer replays (an older
  // version's journal, a line edited by hand, a bug) and every event after it are set aside by
  // the session's writer, and the table is what the events before it give.
  while (const std::optional<ReplayFailure> failure = replay()) {
    const std::string what = failure->what(name_);
    if (!may_repair || !writer_) {
      replay(failure->seq);  // a command that failed half-way may have changed the table
      warnings_.push_back(what + "; the table shows the events before it, and every event is still in the journal");
      return;
    }
    const SetAside aside = set_aside_from(writer_->path(), failure->seq);
    std::vector<nlohmann::json> kept;
    for (const nlohmann::json& event : events_)
      if (event["seq"].get<std::int64_t>() < failure->seq) kept.push_back(event);
    take_events(std::move(kept));
    warnings_.push_back(what + "; it and " + counted(aside.lines - 1, "later event") + " are set aside in " +
                        aside.path.filename().string() + ", unchanged (correct them and append them to " +
                        writer_->path().filename().string() + " to get them back)");
  }
}

std::string Session::ReplayFailure::what(const std::string& session) const {
  return "session '" + session + "': event " + std::to_string(seq) + " (" + quoted_line(joined_words(args)) +
         ") no longer replays (" + reason + ")";
}

std::optional<Session::ReplayFailure> Session::replay(std::optional<std::int64_t> before_seq) {
  games_.clear();
  NullBuffer null_buffer;
  std::ostream null_stream(&null_buffer);
  for (const nlohmann::json& event : applied_) {
    if (before_seq && event["seq"].get<std::int64_t>() >= *before_seq) break;
    Context ctx;
    ctx.out = &null_stream;
    ctx.replaying = true;
    ctx.session = this;
    const auto args = event["args"].get<std::vector<std::string>>();
    try {
      runner_(args, ctx);
    } catch (const std::exception& error) {
      return ReplayFailure{event["seq"].get<std::int64_t>(), args, error.what()};
    }
    snapshot(event["seq"].get<std::int64_t>());
  }
  return std::nullopt;
}

void Session::rebuild() {
  if (const std::optional<ReplayFailure> failure = replay()) throw InputError(failure->what(name_));
}

void Session::snapshot(std::int64_t seq) {
  if (games_.empty()) return;
  GameRecord& record = games_.back();
  ProgressPoint point;
  point.seq = seq;
  point.turn = record.table->completed_turns();
  for (const Standing& standing : record.table->standings()) {
    point.totals.push_back(standing.total);
    point.out.push_back(standing.out);
  }
  record.progress.push_back(std::move(point));
}

std::vector<std::string> Session::players() const {
  std::vector<std::string> out;
  for (const GameRecord& record : games_)
    for (const std::string& player : record.table->players())
      if (std::find(out.begin(), out.end(), player) == out.end()) out.push_back(player);
  return out;
}

void Session::start_game(std::unique_ptr<GameTable> table) {
  GameRecord record;
  record.table = std::move(table);
  record.started_seq = next_seq_;
  games_.push_back(std::move(record));
}

void Session::append(nlohmann::json event) {
  if (!writer_) {
    // Two tables opened in the same second get -2, -3, ...: a session is never shared by accident.
    const std::string base = automatic_name();
    name_ = base;
    for (int n = 2; fs::exists(journal_path(name_)) || !(lock_ = SessionLock::try_take(name_)); ++n)
      name_ = base + "-" + std::to_string(n);
    writer_.emplace(journal_path(name_));
  }
  if (!lock_) throw SessionBusy(SessionLock::holder_message(name_, "type the command there"));
  if (events_.empty() && !fs::exists(writer_->path())) {
    created_ = utc_now();
    writer_->append({{"type", "session"}, {"format", kJournalFormat}, {"name", name_}, {"created", created_},
                     {"program", std::string("quartermaster ") + QM_VERSION}});
  }
  event["seq"] = next_seq_;
  event["time"] = utc_now();
  writer_->append(event);
  ++next_seq_;
  events_.push_back(std::move(event));
}

void Session::run(const std::vector<std::string>& args, Context& ctx) {
  ctx.session = this;
  ctx.is_event = false;
  ctx.journal_as.clear();
  try {
    runner_(args, ctx);
  } catch (...) {
    // A refused command changed nothing (every table command checks everything before it
    // changes the table): the table object stays, and so does any reference to it. A command
    // that failed after it changed the table is undone by replaying the journal.
    if (ctx.is_event) rebuild();
    throw;
  }
  if (!ctx.is_event) return;
  scan_proposal_.reset();  // it was made for the table as it stood before
  try {
    append({{"type", "command"}, {"args", ctx.journal_as.empty() ? args : ctx.journal_as}});
  } catch (...) {
    rebuild();
    throw;
  }
  applied_.push_back(events_.back());
  undone_.clear();
  snapshot(events_.back()["seq"].get<std::int64_t>());
}

std::vector<std::string> Session::undo() {
  if (applied_.empty()) throw InputError("nothing to undo");
  append({{"type", "undo"}});
  scan_proposal_.reset();
  undone_.push_back(applied_.back());
  applied_.pop_back();
  rebuild();
  return undone_.back()["args"].get<std::vector<std::string>>();
}

std::vector<std::string> Session::redo() {
  if (undone_.empty()) throw InputError("nothing to redo");
  append({{"type", "redo"}});
  scan_proposal_.reset();
  applied_.push_back(undone_.back());
  undone_.pop_back();
  rebuild();
  return applied_.back()["args"].get<std::vector<std::string>>();
}

nlohmann::json Session::export_json() const {
  // A player's games played and won (a win shared by k winners counts 1/k), in order of appearance.
  struct Record {
    int played = 0;
    double won = 0;
  };
  std::map<std::string, Record> records;
  const auto numbers = [](const std::vector<double>& values) {
    nlohmann::json out = nlohmann::json::array();
    for (double value : values) out.push_back(json_number(value));
    return out;
  };
  nlohmann::json games = nlohmann::json::array();
  for (std::size_t index = 0; index < games_.size(); ++index) {
    const GameRecord& record = games_[index];
    const GameTable& table = *record.table;
    nlohmann::json standings = nlohmann::json::array();
    for (const Standing& s : table.standings())
      standings.push_back({{"player", s.player}, {"total", json_number(s.total)}, {"out", s.out}});
    nlohmann::json progress = nlohmann::json::array();
    for (const ProgressPoint& point : record.progress)
      progress.push_back({{"seq", point.seq}, {"turn", point.turn}, {"totals", numbers(point.totals)}, {"out", point.out}});
    const auto winners = table.winners();
    games.push_back({{"index", index + 1},
                     {"game", table.game()},
                     {"players", table.players()},
                     {"options", table.options()},
                     {"score_name", table.score_name()},
                     {"target", json_number(table.target())},
                     {"over", table.is_over()},
                     {"winners", winners},
                     {"standings", standings},
                     {"progress", progress}});
    for (const std::string& player : table.players()) {
      ++records[player].played;
      if (std::find(winners.begin(), winners.end(), player) != winners.end())
        records[player].won += 1.0 / static_cast<double>(winners.size());
    }
  }
  nlohmann::json totals = nlohmann::json::array();
  for (const std::string& player : players())
    totals.push_back({{"player", player}, {"games_played", records[player].played}, {"games_won", json_number(records[player].won)}});
  return {{"format", kJournalFormat}, {"name", name_},     {"created", created_}, {"players", players()},
          {"games", games},          {"events", events_}, {"totals", totals}};
}

}  // namespace qm::cli
