// Tab completion by position (the REPL's Tab and `quartermaster complete`), the words of a shell
// command line, and prompts a terminal in any locale can draw.
#include <catch2/catch.hpp>

#include <clocale>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/line_editor.hpp"
#include "cli/session.hpp"
#include "cli/words.hpp"
#include "scoring/input_error.hpp"
#include "tests/common/temp_home.hpp"

using namespace qm::cli;
using Words = std::vector<std::string>;

namespace {

// A named session with the lines played, and a context on it as the REPL has.
struct Table {
  std::unique_ptr<Session> session;
  std::ostringstream out;
  Context ctx;
  explicit Table(const std::string& name, const Words& lines = {}) {
    session = Session::open_named(name, [](const Words& args, Context& line_ctx) { run_line(args, line_ctx); });
    ctx.out = &out;
    ctx.session = session.get();
    for (const std::string& line : lines) session->run(split_words(line), ctx);
  }
  Words complete(const std::string& typed) {
    const std::size_t cut = typed.find_last_of(' ');
    const std::string word = cut == std::string::npos ? typed : typed.substr(cut + 1);
    return completions(ctx, split_words(typed.substr(0, cut == std::string::npos ? 0 : cut)), word);
  }
};

bool contains(const Words& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::string error_of(Table& table, const std::string& line) {
  try {
    table.session->run(split_words(line), table.ctx);
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("completion: after card only fortune cards, the promo ones only with --promo", "[completion]") {
  qm::tests::TempHome home("completion-card");
  Table plain("plain", {"new piraten Ann Bob Cy"});
  const Words cards = plain.complete("card ");
  CHECK(contains(cards, "captain"));
  CHECK_FALSE(contains(cards, "storm"));
  CHECK(contains(cards, "coin"));                // the coin card
  CHECK_FALSE(contains(cards, "skull"));         // a face, not a card
  CHECK_FALSE(contains(cards, "Ann"));
  CHECK(plain.complete("card capt") == Words{"captain"});
  Table promo("promo", {"new piraten Ann Bob Cy --promo"});
  CHECK(contains(promo.complete("card "), "storm"));
  CHECK(promo.complete("chest ") == Words{"put", "take"});
}

TEST_CASE("completion: after hand the players first, so hand B completes Bob", "[completion]") {
  qm::tests::TempHome home("completion-hand");
  Table table("corsari", {"new corsari Ann Bob Cy", "sail Ann --tavern lightblue"});
  CHECK(table.complete("hand B") == Words{"Bob"});  // colours blue and brown start with b too
  CHECK(table.complete("hand ") == Words{"Ann", "Bob", "Cy"});
  CHECK(contains(table.complete("hand Bob b"), "blue7"));
  CHECK(table.complete("sail Ann --tavern lightb") == Words{"lightblue"});
}

TEST_CASE("completion: commands, games and options by where the cursor is", "[completion]") {
  qm::tests::TempHome home("completion-tree");
  Table table("tree");
  CHECK(table.complete("ne") == Words{"new"});
  CHECK(table.complete("new pi") == Words{"pirates-code", "piraten"});
  CHECK(table.complete("simulate me") == Words{"meuterer"});
  CHECK(table.complete("score piraten --card capt") == Words{"captain"});
  CHECK(table.complete("score piraten --dice 2coin sk") == Words{"skull"});
  CHECK(contains(table.complete("score piraten --"), "--skull-island"));
  CHECK_FALSE(contains(table.complete("score piraten "), "--skull-island"));  // options once a dash is typed
  CHECK(table.complete("nosuchcommand ").empty());
  CHECK(table.complete("help sc") == Words{"score", "scan"});
  CHECK_FALSE(contains(table.complete("--session "), "tree"));  // no journal until the first event
}

TEST_CASE("completion: each game's moves complete what they take", "[completion]") {
  qm::tests::TempHome home("completion-games");
  Table meuterer("m", {"new meuterer Ann Bob Cy Dee"});
  CHECK(meuterer.complete("draw Ann 2w") == Words{"2wine"});
  CHECK(meuterer.complete("draw Ann w") == Words{"wine"});
  CHECK(meuterer.complete("draw B") == Words{"Bob"});
  CHECK(contains(meuterer.complete("reveal "), "mutineer"));
  Table code("p", {"new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12"});
  CHECK(code.complete("scout B") == Words{"Bob"});
  CHECK(contains(code.complete("scout Bob s"), "sees"));
  Table loot("l", {"new loot Ann Bob Cy", "float Ann m5"});
  CHECK(loot.complete("attack Bob blue3 #") == Words{"#1"});
  CHECK(loot.complete("end A") == Words{"Ann="});
}

TEST_CASE("command words: did you mean, about the word itself", "[completion]") {
  qm::tests::TempHome home("did-you-mean");
  Table table("dym", {"new piraten Ann Bob Cy"});
  CHECK(error_of(table, "stpo") == "unknown command 'stpo' (did you mean stop?)");
  CHECK(error_of(table, "rol 8coin") == "unknown command 'rol' (did you mean roll?)");
  CHECK(error_of(table, "new piratn Ann Bob") == "unknown game 'piratn' (did you mean piraten?)");
  CHECK(error_of(table, "xyzzy") == "unknown command 'xyzzy' (type 'help' for the list)");
}

TEST_CASE("program words: --session and a leading --json are the program's, not the command's", "[completion]") {
  ProgramWords words = program_words({"--session", "s1", "new", "meuterer", "Ann"});
  CHECK(words.session == "s1");
  CHECK(words.command == Words{"new", "meuterer", "Ann"});
  words = program_words({"--json", "--session=s2", "roll", "8coin", "--json"});
  CHECK(words.session == "s2");
  CHECK(words.json);
  CHECK(words.command == Words{"roll", "8coin", "--json"});  // after the command: the command's
  CHECK(program_words({"--session", "s3"}).command.empty());     // no command: the REPL
  CHECK(program_words({"complete", "--", "--session", "x"}).command == Words{"complete", "--", "--session", "x"});
  CHECK(program_words({"--session"}).command == Words{"--session"});  // left for CLI11 to report
}

TEST_CASE("prompts: shown as they are in UTF-8, in ASCII where the locale cannot show them", "[completion]") {
  const std::string saved = std::setlocale(LC_CTYPE, nullptr);
  std::setlocale(LC_CTYPE, "C");
  CHECK(displayable("piraten · Jörg> ") == "piraten - J?rg> ");
  CHECK(displayable("quartermaster> ") == "quartermaster> ");
  if (std::setlocale(LC_CTYPE, "C.UTF-8") != nullptr) CHECK(displayable("piraten · Jörg> ") == "piraten · Jörg> ");
  std::setlocale(LC_CTYPE, saved.c_str());
}
