// `quartermaster session list|export|import` (CLI.md, Sessions).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "cli/text_table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace fs = std::filesystem;
namespace {

LineRunner replay_runner() {
  return [](const std::vector<std::string>& args, Context& ctx) { run_line(args, ctx); };
}

}  // namespace

std::unique_ptr<Session> open_session_for_reading(const std::string& name_or_file) {
  const fs::path as_path(name_or_file);
  std::error_code no_such_file;  // a name too long for a file is no file: it is looked up as a session
  if (name_or_file.find('/') != std::string::npos || fs::is_regular_file(as_path, no_such_file))
    return Session::open_file(as_path, replay_runner());
  const fs::path path = journal_path(name_or_file);
  if (!fs::exists(path)) throw InputError("no session " + quoted_token(name_or_file) + " (see 'session list')");
  return Session::open_file(path, replay_runner());
}

namespace {

void write_or_print(Context& ctx, const std::string& out_file, const std::string& text) {
  if (out_file.empty()) {
    ctx.print() << text << "\n";
    return;
  }
  std::ofstream out(out_file, std::ios::binary);
  out << text << "\n";
  if (!out) throw InputError("cannot write '" + out_file + "'");
  if (!ctx.json) ctx.print() << "wrote " << out_file << "\n";
}

void run_list(Context& ctx) {
  std::vector<fs::path> journals;
  if (fs::exists(sessions_dir()))
    for (const auto& entry : fs::directory_iterator(sessions_dir()))
      if (entry.path().extension() == ".jsonl") journals.push_back(entry.path());
  std::sort(journals.begin(), journals.end());
  nlohmann::json rows = nlohmann::json::array();
  TextTable table({"session", "games", "events", "last event"});
  for (const fs::path& path : journals) {
    std::string games = "?", events = "?", last = "", status = "ok";
    try {
      const JournalContents contents = read_journal(path, /*repair=*/false);
      events = std::to_string(contents.events.size());
      int count = 0;
      for (const auto& event : contents.events)
        if (event["type"] == "command" && !event["args"].empty() && event["args"][0] == "new") ++count;
      games = std::to_string(count);
      if (!contents.events.empty()) last = contents.events.back().value("time", "");
      if (!contents.warnings.empty()) status = "last line cut off";
    } catch (const InputError&) {
      status = "corrupt";
    }
    const std::string name = path.stem().string();
    rows.push_back({{"name", name}, {"games", games}, {"events", events}, {"last_event", last}, {"status", status}});
    table.add_row({name + (status == "ok" ? "" : " (" + status + ")"), games, events, last});
  }
  if (ctx.json) {
    ctx.print() << nlohmann::json{{"sessions", rows}, {"folder", sessions_dir().string()}}.dump(2) << "\n";
    return;
  }
  if (rows.empty()) {
    ctx.print() << "no sessions yet in " << sessions_dir().string() << "\n";
    return;
  }
  table.print(ctx.print());
}

void run_import(const std::string& file, const std::string& new_name, Context& ctx) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot read '" + file + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(buffer.str(), nullptr, false);
  std::vector<nlohmann::json> events;
  std::string name = new_name;
  if (!doc.is_discarded() && doc.is_object() && doc.contains("events")) {
    if (!doc["events"].is_array()) throw InputError("'" + file + "': 'events' is not a list");
    if (doc.contains("name") && !doc["name"].is_string()) throw InputError("'" + file + "': 'name' is not a string");
    if (doc.contains("format")) check_format(doc["format"], "'" + file + "'");
    events = doc["events"].get<std::vector<nlohmann::json>>();
    if (name.empty()) name = doc.value("name", "");
  } else {
    // A raw journal (JSON Lines) works too.
    const JournalContents contents = read_journal(file, /*repair=*/false);
    events = contents.events;
    if (name.empty() && contents.header.is_object()) name = contents.header.value("name", "");
  }
  if (name.empty()) name = fs::path(file).stem().string();
  const fs::path target = journal_path(name);
  if (fs::exists(target)) throw InputError("session " + quoted_token(name) + " exists already (use --name to import as another)");

  // Check the events replay before writing anything: write to a temporary journal, open it.
  fs::create_directories(target.parent_path());
  fs::path temporary = target;
  temporary += ".importing";
  fs::remove(temporary);
  {
    JournalWriter writer(temporary);
    writer.append({{"type", "session"}, {"format", kJournalFormat}, {"name", name}, {"created", utc_now()},
                   {"program", std::string("quartermaster ") + QM_VERSION}, {"imported_from", file}});
    for (const nlohmann::json& event : events) writer.append(event);
  }
  try {
    const JournalContents check = read_journal(temporary, /*repair=*/false);
    if (!check.warnings.empty()) throw InputError("'" + file + "': " + check.warnings.front());
    Session::open_file(temporary, replay_runner());
  } catch (...) {
    fs::remove(temporary);
    throw;
  }
  fs::rename(temporary, target);
  if (ctx.json) {
    ctx.print() << nlohmann::json{{"imported", name}, {"events", events.size()}, {"journal", target.string()}}.dump(2)
                << "\n";
    return;
  }
  ctx.print() << fmt::format("imported session '{}' ({}) into {}\n", name, counted(static_cast<long long>(events.size()), "event"),
                             target.string());
}

}  // namespace

void setup_session(CLI::App& app, Context& ctx) {
  CLI::App* session = app.add_subcommand("session", "List, export and import table sessions");
  session->require_subcommand(1);

  session->add_subcommand("list", "List the recorded sessions")->callback([&ctx] { run_list(ctx); });

  struct ExportOptions {
    std::string what, out;
  };
  auto export_options = std::make_shared<ExportOptions>();
  CLI::App* export_command =
      session->add_subcommand("export", "One JSON document: format, players, games, events, running totals");
  export_command->add_option("session", export_options->what, "Session name or journal file")->required();
  export_command->add_option("--out", export_options->out, "Write to FILE instead of stdout")->type_name("FILE");
  export_command->callback([export_options, &ctx] {
    const auto opened = open_session_for_reading(export_options->what);
    write_or_print(ctx, export_options->out, opened->export_json().dump(2));
  });

  struct ImportOptions {
    std::string file, name;
  };
  auto import_options = std::make_shared<ImportOptions>();
  CLI::App* import_command = session->add_subcommand("import", "Import an exported session (or a journal file)");
  import_command->add_option("file", import_options->file, "The exported JSON document")->required();
  import_command->add_option("--name", import_options->name, "Import under this session name")->type_name("NAME");
  import_command->callback([import_options, &ctx] { run_import(import_options->file, import_options->name, ctx); });

  add_session_report_command(*session, ctx);
}

}  // namespace qm::cli
