// The session journal: append-only, fsync'ed, replayed on reopening; truncated and corrupt
// journals; undo and redo across restarts. A small counting game stands in for a real one so
// that the mechanism is tested apart from any game's rules.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/table_commands.hpp"
#include "cli/words.hpp"
#include "tests/common/tally_table.hpp"
#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"

namespace fs = std::filesystem;
using namespace qm::cli;
using qm::testing::run_test_line;

namespace {

double total_of(const Session& session, std::size_t seat) {
  return session.current_game()->standings().at(seat).total;
}

void run(Session& session, const std::string& line) {
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  session.run(split_words(line), ctx);
}

}  // namespace

TEST_CASE("events survive reopening and undo and redo work across restarts", "[journal]") {
  const qm::tests::TempHome home("journal");
  {
    auto session = Session::open_named("friday", run_test_line);
    run(*session, "new tally Ann Bob");
    run(*session, "add Ann 5");
    run(*session, "add Bob 7");
    run(*session, "undo");
    CHECK(total_of(*session, 1) == 0);
  }
  {
    auto session = Session::open_named("friday", run_test_line);
    REQUIRE(session->current_game() != nullptr);
    CHECK(total_of(*session, 0) == 5);
    CHECK(total_of(*session, 1) == 0);
    run(*session, "redo");
    CHECK(total_of(*session, 1) == 7);
    CHECK_THROWS_AS(run(*session, "redo"), qm::InputError);
  }
  auto session = Session::open_named("friday", run_test_line);
  CHECK(total_of(*session, 1) == 7);
  const auto doc = session->export_json();
  CHECK(doc["format"] == 1);
  CHECK(doc["players"] == nlohmann::json({"Ann", "Bob"}));
  CHECK(doc["games"][0]["standings"][1]["total"] == 7);
  CHECK(doc["games"][0]["progress"].size() == 3);  // after new, add Ann, add Bob
  CHECK(doc["events"].size() == 5);
}

TEST_CASE("the export writes whole numbers as integers", "[journal]") {
  // Issue 20: totals, targets and games won came out as 1100.0 and 20.0.
  const qm::tests::TempHome home("export-numbers");
  auto session = Session::open_named("numbers", run_test_line);
  for (const std::string line : {"new tally Ann Bob", "add Ann 1100", "end", "new tally Ann Bob", "add Bob 4", "end"})
    run(*session, line);
  const nlohmann::json doc = session->export_json();
  const nlohmann::json& game = doc["games"][0];
  CHECK(game["standings"][0]["total"].is_number_integer());
  CHECK(game["target"].is_number_integer());
  CHECK(game["progress"][1]["totals"][0].is_number_integer());
  CHECK(doc["totals"][0]["games_won"].is_number_integer());
  CHECK(doc.dump().find(".0") == std::string::npos);
  CHECK(doc.dump().find("\"total\":1100") != std::string::npos);
  CHECK(standings_json(*session->current_game())["standings"][0]["total"].is_number_integer());
  for (const std::string line : {"new tally Ann Bob", "end"}) run(*session, line);  // a shared win: half each
  CHECK(session->export_json()["totals"][0]["games_won"] == 1.5);
}

TEST_CASE("a refused command leaves the table exactly as it was, the same object", "[journal]") {
  const qm::tests::TempHome home("journal");
  auto session = Session::open_named("failing", run_test_line);
  run(*session, "new tally Ann Bob");
  run(*session, "add Ann 5");
  // A reference kept across the refusal: were the table rebuilt from the journal, it would be
  // left pointing at freed memory (AddressSanitizer reports the read below).
  const GameTable& table = *session->current_game();
  CHECK_THROWS_AS(run(*session, "add Ann -3"), qm::InputError);
  CHECK(session->current_game() == &table);
  CHECK(table.standings().at(0).total == 5);
  CHECK(session->events().size() == 2);
}

TEST_CASE("a command that fails after it changed the table is undone from the journal", "[journal]") {
  const qm::tests::TempHome home("journal");
  auto session = Session::open_named("shouting", run_test_line);
  run(*session, "new tally Ann Bob");
  run(*session, "add Ann 5");
  CHECK_THROWS_WITH(run(*session, "shout Ann 3"), "the announcement failed");
  CHECK(total_of(*session, 0) == 5);
  CHECK(session->current_game()->completed_turns() == 1);
  CHECK(session->events().size() == 2);
  run(*session, "add Bob 2");
  CHECK(total_of(*session, 1) == 2);
}

TEST_CASE("a truncated last line is set aside and the session reopens", "[journal]") {
  const qm::tests::TempHome home("journal");
  {
    auto session = Session::open_named("cut", run_test_line);
    run(*session, "new tally Ann Bob");
    run(*session, "add Ann 5");
  }
  const fs::path path = journal_path("cut");
  {
    std::ofstream out(path, std::ios::app | std::ios::binary);
    out << R"({"seq":3,"type":"command","args":["add","Bob)";
  }
  auto session = Session::open_named("cut", run_test_line);
  REQUIRE(session->warnings().size() == 1);
  CHECK_THAT(session->warnings().front(), Catch::Contains("cut off"));
  CHECK(total_of(*session, 0) == 5);
  CHECK(fs::exists(path.string() + ".partial-1"));
  run(*session, "add Bob 2");
  session.reset();  // one writer at a time: reopening waits for the first to close
  auto again = Session::open_named("cut", run_test_line);
  CHECK(again->warnings().empty());
  CHECK(total_of(*again, 1) == 2);
}

TEST_CASE("a corrupt journal is reported and never written", "[journal]") {
  const qm::tests::TempHome home("journal");
  {
    auto session = Session::open_named("bad", run_test_line);
    run(*session, "new tally Ann Bob");
    run(*session, "add Ann 5");
  }
  const fs::path path = journal_path("bad");
  std::string text;
  {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  const std::string corrupt = "{\"type\":\"session\",\"format\":1}\nnot json\n" + text.substr(text.find('\n') + 1);
  {
    std::ofstream out(path, std::ios::trunc | std::ios::binary);
    out << corrupt;
  }
  CHECK_THROWS_WITH(Session::open_named("bad", run_test_line), Catch::Contains("line 2 is corrupt"));
  std::ifstream in(path);
  std::stringstream after;
  after << in.rdbuf();
  CHECK(after.str() == corrupt);
}

TEST_CASE("bad session names are refused", "[journal]") {
  CHECK_THROWS_AS(journal_path("../etc"), qm::InputError);
  CHECK_THROWS_AS(journal_path(""), qm::InputError);
  CHECK_THROWS_AS(journal_path(".hidden"), qm::InputError);
  CHECK(journal_path("friday-2026.11").filename() == "friday-2026.11.jsonl");
}

TEST_CASE("lines split into words like a shell", "[words]") {
  CHECK(split_words(R"(inquiry Ann->Bob "has 6?" no)") ==
        std::vector<std::string>{"inquiry", "Ann->Bob", "has 6?", "no"});
  CHECK(split_words(R"(a 'b c' d\ e "")") == std::vector<std::string>{"a", "b c", "d e", ""});
  CHECK(split_words("   ").empty());
  CHECK_THROWS_AS(split_words("say \"open"), qm::InputError);
}

namespace {

// A write that fails as on a full disk once `room` bytes have gone through.
std::size_t room_left = 0;
ssize_t full_disk_write(int fd, const void* data, std::size_t size) {
  if (room_left == 0) {
    errno = ENOSPC;
    return -1;
  }
  const std::size_t part = std::min(size, room_left);
  room_left -= part;
  return ::write(fd, data, part);
}

std::string contents_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("a full disk: the journal is left as it was and the error says so in plain words", "[journal]") {
  const qm::tests::TempHome home("journal");
  const fs::path path = journal_path("full");
  JournalWriter writer(path);
  writer.append({{"type", "session"}, {"format", kJournalFormat}, {"name", "full"}});
  const std::string before = contents_of(path);
  room_left = 10;  // the disk fills up in the middle of the line
  JournalWriter full(path, full_disk_write);
  CHECK_THROWS_MATCHES(full.append({{"seq", 1}, {"type", "undo"}}), SaveError,
                       Catch::Matchers::Message("cannot save to " + path.string() +
                                                ": the disk is full; nothing was recorded"));
  CHECK(contents_of(path) == before);  // no half line left for the next open to set aside
}

TEST_CASE("one writer per session: a second is refused naming the holder while readers read", "[journal]") {
  const qm::tests::TempHome home("journal");
  {
    auto session = Session::open_named("held", run_test_line);
    run(*session, "new tally Ann Bob");
    CHECK_FALSE(SessionLock::try_take("held").has_value());
    CHECK_THROWS_MATCHES(Session::open_named("held", run_test_line), SessionBusy,
                         Catch::Matchers::Message(SessionLock::holder_message("held", "type the commands there")));
    CHECK_THAT(SessionLock::holder_message("held", "x"),
               Catch::Matchers::StartsWith("session 'held' is open in another quartermaster (pid " +
                                           std::to_string(::getpid()) + ", since "));
    // Without the lock the session reads and refuses to change.
    auto reader = Session::open_named("held", run_test_line, std::nullopt);
    CHECK(reader->current_game() != nullptr);
    const std::string journal = contents_of(reader->journal());
    CHECK_THROWS_AS(run(*reader, "add Ann 5"), SessionBusy);
    CHECK(contents_of(reader->journal()) == journal);
    CHECK(total_of(*reader, 0) == 0);  // and its table is as the journal says
    run(*session, "add Bob 2");
  }
  // The holder is gone: the lock is free again, whatever its file still says.
  auto again = Session::open_named("held", run_test_line);
  CHECK(total_of(*again, 1) == 2);
}

TEST_CASE("a session always reopens: events that no longer replay are set aside, not lost", "[journal]") {
  const qm::tests::TempHome home("journal");
  const fs::path path = journal_path("older");
  fs::create_directories(path.parent_path());
  const std::string header = R"({"type":"session","format":1,"name":"older","created":"2026-11-21T00:00:00Z"})";
  const std::vector<std::string> lines = {
      R"({"seq":1,"type":"command","args":["new","tally","Ann","Bob"],"time":"t"})",
      R"({"seq":2,"type":"command","args":["add","Ann","5"],"time":"t"})",
      R"({"seq":3,"type":"command","args":["add","Ann","-3"],"time":"t"})",  // refused by this version
      R"({"seq":4,"type":"command","args":["add","Bob","2"],"time":"t"})",
      R"({"seq":5,"type":"undo","time":"t"})"};
  {
    std::ofstream out(path, std::ios::binary);
    out << header << "\n";
    for (const std::string& line : lines) out << line << "\n";
  }
  SECTION("a reader sees every recorded event, and the table up to the one that fails") {
    auto reader = Session::open_file(path, run_test_line);
    CHECK(reader->events().size() == 5);
    CHECK(total_of(*reader, 0) == 5);
    REQUIRE(reader->warnings().size() == 1);
    CHECK_THAT(reader->warnings().front(), Catch::Contains("event 3 ('add Ann -3') no longer replays"));
    CHECK(contents_of(path).find(lines[4]) != std::string::npos);  // nothing moved
  }
  SECTION("the writer opens up to it and sets it and the rest aside, unchanged") {
    {
      auto session = Session::open_named("older", run_test_line);
      REQUIRE(session->warnings().size() == 1);
      CHECK_THAT(session->warnings().front(),
                 Catch::Contains("it and 2 later events are set aside in older.jsonl.set-aside-1"));
      CHECK(session->events().size() == 2);
      CHECK(total_of(*session, 0) == 5);
      CHECK(contents_of(path.string() + ".set-aside-1") == lines[2] + "\n" + lines[3] + "\n" + lines[4] + "\n");
      run(*session, "add Bob 4");  // the evening goes on
    }
    auto again = Session::open_named("older", run_test_line);
    CHECK(again->warnings().empty());
    CHECK(again->events().back()["seq"] == 3);
    CHECK(total_of(*again, 1) == 4);
  }
}

TEST_CASE("a journal replays only commands that change a table: an imported import of itself is not run", "[journal]") {
  // Found with tests/fuzz (session_import): the import replayed its own `session import` event,
  // which imported the document again, until the stack ran out.
  qm::tests::TempHome home("import-itself");
  const fs::path document = home.dir / "itself.json";
  const nlohmann::json event = {{"seq", 1}, {"type", "command"}, {"args", {"session", "import", document.string()}}, {"time", "t"}};
  std::ofstream(document) << nlohmann::json{{"name", "itself"}, {"events", {event}}}.dump();
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  run_line({"session", "import", document.string()}, ctx);
  const std::unique_ptr<Session> imported = open_session_for_reading("itself");
  REQUIRE(imported->warnings().size() == 1);
  CHECK_THAT(imported->warnings().front(), Catch::Contains("'session' is not a command that changes a table"));
}

TEST_CASE("session import refuses a format it does not know and keeps nothing", "[journal]") {
  // Issue 20: {"format": 99} was imported as if this program could read it.
  const qm::tests::TempHome home("import-format");
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  const nlohmann::json event = {{"seq", 1}, {"type", "command"}, {"args", {"new", "tally", "Ann"}}, {"time", "t"}};
  const fs::path document = home.dir / "future.json";
  for (const nlohmann::json& format : {nlohmann::json(99), nlohmann::json(0), nlohmann::json("1"), nlohmann::json(1.5)}) {
    std::ofstream(document, std::ios::trunc) << nlohmann::json{{"format", format}, {"events", {event}}}.dump();
    CHECK_THROWS_AS(run_line({"session", "import", document.string()}, ctx), qm::InputError);
    CHECK_THROWS_WITH(run_line({"session", "import", document.string()}, ctx),
                      Catch::StartsWith("'" + document.string() + "' has format " + format.dump() +
                                        ", which this quartermaster does not know (it reads format 1"));
    CHECK_FALSE(fs::exists(sessions_dir() / "future.jsonl"));
  }
  const fs::path journal = home.dir / "old.jsonl";
  std::ofstream(journal) << R"({"type":"session","format":0,"name":"old"})" << "\n" << event.dump() << "\n";
  CHECK_THROWS_WITH(run_line({"session", "import", journal.string()}, ctx), Catch::Contains("has format 0, which"));
  std::ofstream(document, std::ios::trunc) << nlohmann::json{{"format", 1}, {"events", {event}}}.dump();
  run_line({"session", "import", document.string()}, ctx);
  CHECK(fs::exists(sessions_dir() / "future.jsonl"));
}

TEST_CASE("journal lines whose fields have the wrong type are corrupt lines, not internal errors", "[journal]") {
  // Found with tests/fuzz (journal, session_import): a header's format or name, or an event's
  // time, of another JSON type escaped as an internal error, and a seq of 2^63-1 overflowed.
  const qm::tests::TempHome home("journal-types");
  const fs::path journal = home.dir / "typed.jsonl";
  const std::string event = R"({"seq":1,"type":"command","args":["new","tally","Ann"],"time":"t"})";
  for (const std::string& lines : {std::string(R"({"type":"session","format":"1"})") + "\n" + event + "\n",
                                   std::string(R"({"type":"session","format":1,"name":5})") + "\n" + event + "\n",
                                   std::string(R"({"type":"session","format":1,"created":[]})") + "\n",
                                   std::string(R"({"seq":1,"type":"undo","time":5})") + "\n",
                                   std::string(R"({"seq":0,"type":"redo"})") + "\n",
                                   std::string(R"({"seq":9223372036854775807,"type":"undo"})") + "\n"}) {
    std::ofstream(journal, std::ios::trunc) << lines;
    CHECK_THROWS_WITH(read_journal(journal, false), Catch::Contains("is corrupt"));
  }
  std::ofstream(home.dir / "named.json") << R"({"name": 5, "events": []})";
  std::ostringstream out;
  Context ctx;
  ctx.out = &out;
  CHECK_THROWS_WITH(run_line({"session", "import", (home.dir / "named.json").string()}, ctx), Catch::Contains("'name' is not a string"));
}
