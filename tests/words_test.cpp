// Typed lines and their words: a journaled command is shown as the player typed it.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/words.hpp"

using qm::cli::joined_words;
using qm::cli::split_words;

TEST_CASE("words are joined back into the line a player types", "[words]") {
  CHECK(joined_words({"draw", "ruby"}) == "draw ruby");
  CHECK(joined_words({"reroll", "sabre", "parrot", "->", "coin", "skull"}) == "reroll sabre parrot -> coin skull");
  CHECK(joined_words({"inquiry", "Ann->Bob", "has 6?", "no"}) == "inquiry Ann->Bob \"has 6?\" no");
  CHECK(joined_words({"say", "it's"}) == "say \"it's\"");
  CHECK(joined_words({"say", "a \"b\" c\\d"}) == "say \"a \\\"b\\\" c\\\\d\"");
  CHECK(joined_words({"add", ""}) == "add \"\"");
  CHECK(joined_words({}).empty());
}

TEST_CASE("a joined line splits back into the same words", "[words]") {
  const std::vector<std::vector<std::string>> cases = {
      {"draw", "ruby"}, {"inquiry", "Ann->Bob", "has 6?", "no"}, {"x", "it's", "a \"b\" c\\d", "", "tab\there"}};
  for (const auto& words : cases) CHECK(split_words(joined_words(words)) == words);
}

TEST_CASE("words are UTF-8 text or refused before any command runs", "[words]") {
  // Found by tests/fuzz (table_lines): a player named "Bo\xff" started a game, and the journal
  // (JSON, UTF-8 only) then failed to write it: an internal error after the step had run.
  using qm::cli::is_utf8;
  CHECK(is_utf8("Ann"));
  CHECK(is_utf8("J\xc3\xb6rg"));             // Jörg
  CHECK(is_utf8("\xe2\x80\xa6"));            // …
  CHECK(is_utf8("\xf0\x9f\x8e\xb2"));        // a die, U+1F3B2
  CHECK_FALSE(is_utf8("Bo\xff"));
  CHECK_FALSE(is_utf8("J\xf6rg"));           // Jörg in Latin-1
  CHECK_FALSE(is_utf8("\xc0\xaf"));          // an overlong '/'
  CHECK_FALSE(is_utf8("\xe0\x80\xaf"));      // another
  CHECK_FALSE(is_utf8("\xed\xa0\x80"));      // a surrogate
  CHECK_FALSE(is_utf8("\xf4\x90\x80\x80"));  // beyond U+10FFFF
  CHECK_FALSE(is_utf8("\xe2\x80"));          // cut short
  std::ostringstream out;
  qm::cli::Context ctx;
  ctx.out = &out;
  CHECK_THROWS_WITH(qm::cli::run_line({"new", "piraten", "Ann", "Bo\xff"}, ctx), Catch::Contains("is not UTF-8 text"));
}
