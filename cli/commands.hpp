#pragma once
// The table of contents of the command line: every subcommand is added here, from its own file.
// The shell and the REPL share this one path: each line builds a fresh CLI::App, so no option
// value leaks from one command into the next.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/context.hpp"
#include "cli/session.hpp"

namespace qm::cli {

std::unique_ptr<CLI::App> build_app(Context& ctx);
// Parses and runs one command line (without the program name); `--help` and `--version` print
// to ctx.out. Throws CLI::ParseError, InputError (bad input) or other exceptions (internal).
void run_line(const std::vector<std::string>& args, Context& ctx);

// Each file's setup function (one file per subcommand).
void setup_simulate(CLI::App& app, Context& ctx);
void setup_session(CLI::App& app, Context& ctx);
// `new`, standings, undo, redo, help, quit and the current game's own commands; returns the last.
std::vector<CLI::App*> setup_table_commands(CLI::App& app, Context& ctx);
void setup_repl(CLI::App& app, Context& ctx);
void setup_report_commands(CLI::App& app, Context& ctx);            // report, chart
void add_session_report_command(CLI::App& session, Context& ctx);  // session report

// NAME|FILE: a journal file when it has a folder in it or names an existing file, else the
// named session. Opens without writing anything.
std::unique_ptr<Session> open_session_for_reading(const std::string& name_or_file);

// The REPL (cli/repl.cpp): reads lines until `quit` or end of input; the exit status.
int run_repl(Context& ctx);

}  // namespace qm::cli
