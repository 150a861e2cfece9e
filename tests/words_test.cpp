// Typed lines and their words: a journaled command is shown as the player typed it.
#include <catch2/catch.hpp>

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
