// The small words of every message (scoring/wording.hpp): counts with their nouns, "a" or "an",
// and typed tokens cut short when an error repeats them.
#include <catch2/catch.hpp>

#include <string>

#include "scoring/wording.hpp"

using namespace qm;

TEST_CASE("a count takes the singular for one and the plural otherwise", "[wording]") {
  CHECK(counted(1, "card") == "1 card");
  CHECK(counted(2, "card") == "2 cards");
  CHECK(counted(0, "card") == "0 cards");
  CHECK(counted(-1, "point") == "-1 points");
  CHECK(counted(1, "combat card") == "1 combat card");
  CHECK(counted(3, "combat card") == "3 combat cards");
  CHECK(noun_for(1, "turn") == "turn");
  CHECK(noun_for(5, "turn") == "turns");
}

TEST_CASE("irregular plurals are given, regular ones follow the rules", "[wording]") {
  CHECK(counted(1, "die", "dice") == "1 die");
  CHECK(counted(8, "die", "dice") == "8 dice");
  CHECK(plural("box") == "boxes");
  CHECK(plural("match") == "matches");
  CHECK(plural("crash") == "crashes");
  CHECK(plural("penalty") == "penalties");
  CHECK(plural("monkey") == "monkeys");
  CHECK(plural("day") == "days");
  CHECK(plural("skull") == "skulls");
  CHECK(plural("sorceress") == "sorceresses");
  CHECK(for_count(1, "lies", "lie") == "lies");
  CHECK(for_count(0, "lies", "lie") == "lie");
  CHECK(for_count(2, "is", "are") == "are");
}

TEST_CASE("'a' or 'an' by the sound of the next word", "[wording]") {
  CHECK(with_article("inquiry card") == "an inquiry card");
  CHECK(with_article("scouting card") == "a scouting card");
  CHECK(with_article("island") == "an island");
  CHECK(with_article("Eisfelsen") == "an Eisfelsen");
  CHECK(with_article("unique card") == "a unique card");
  CHECK(with_article("one-eyed pirate") == "a one-eyed pirate");
  CHECK(with_article("hour") == "an hour");
  CHECK(article_for("8") == "an");
  CHECK(article_for("80") == "an");
  CHECK(article_for("11") == "an");
  CHECK(article_for("18") == "an");
  CHECK(article_for("110") == "a");
  CHECK(article_for("7") == "a");
  CHECK(article_for("1") == "a");
  CHECK(article_for("'inquiry'") == "an");
  CHECK(with_article("80% chance") == "an 80% chance");
  CHECK(with_article("31% chance") == "a 31% chance");
}

TEST_CASE("a long typed token is cut to 40 characters and an ellipsis", "[wording]") {
  CHECK(echoed("red7") == "red7");
  CHECK(quoted_token("red7") == "'red7'");
  const std::string forty(40, 'x');
  CHECK(echoed(forty) == forty);
  CHECK(echoed(forty + "y") == forty + "\u2026");
  const std::string huge(200000, 'z');
  CHECK(echoed(huge) == std::string(40, 'z') + "\u2026");
  CHECK(quoted_token(huge) == "'" + std::string(40, 'z') + "\u2026'");
}

TEST_CASE("cutting counts characters, never bytes of one character", "[wording]") {
  std::string accents;
  for (int i = 0; i < 45; ++i) accents += "\u00e9";  // two bytes each
  std::string want;
  for (int i = 0; i < 40; ++i) want += "\u00e9";
  CHECK(echoed(accents) == want + "\u2026");
  std::string forty_accents = want;
  CHECK(echoed(forty_accents) == forty_accents);
}

TEST_CASE("a typed line is repeated word by word, each word cut", "[wording]") {
  CHECK(quoted_line("reroll sabre parrot monkey -> coin skull diamond") ==
        "'reroll sabre parrot monkey -> coin skull diamond'");
  const std::string huge(200000, 'q');
  CHECK(quoted_line("roll 2coin " + huge + " skull") == "'roll 2coin " + std::string(40, 'q') + "\u2026 skull'");
  std::string many_words = "roll";
  for (int i = 0; i < 100; ++i) many_words += " coin";
  const std::string shown = quoted_line(many_words);
  CHECK(shown.size() < 130 + 5);
  CHECK(shown.substr(shown.size() - 4) == "\u2026'");
}

TEST_CASE("names in a sentence: commas, then 'and' before the last", "[wording]") {
  CHECK(and_list({}).empty());
  CHECK(and_list({"Ann"}) == "Ann");
  CHECK(and_list({"Ann", "Bob"}) == "Ann and Bob");
  CHECK(and_list({"Ann", "Bob", "Cy"}) == "Ann, Bob and Cy");
}
