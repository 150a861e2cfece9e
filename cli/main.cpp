// quartermaster: referee and scoring assistant for pirate tabletop games.
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/errors.hpp"
#include "cli/session.hpp"

namespace {

// The session must be open before the command tree is built, because the current game adds
// its own commands to it; so --session is found ahead of the parse.
std::string session_argument(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i] == "--session" && i + 1 < args.size()) return args[i + 1];
    if (args[i].starts_with("--session=")) return args[i].substr(10);
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace qm::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) args.push_back("repl");

  Context ctx;
  ctx.out = &std::cout;
  ctx.colour = colour_wanted();
  try {
    std::unique_ptr<Session> session;
    const std::string name = session_argument(args);
    if (!name.empty()) {
      session = Session::open_named(name, [](const std::vector<std::string>& line, Context& line_ctx) {
        run_line(line, line_ctx);
      });
      for (const std::string& warning : session->warnings()) std::cerr << "quartermaster: warning: " << warning << "\n";
      ctx.session = session.get();
      session->run(args, ctx);
    } else {
      run_line(args, ctx);
    }
    if (ctx.start_repl) return run_repl(ctx);
    return kExitOk;
  } catch (...) {
    return report_exception(std::current_exception(), std::cerr);
  }
}
