#pragma once
// The small words of every message, in one place so that every layer says them the same way:
// a count with its noun ("1 card", "3 dice"), "a" or "an", and a typed token repeated in an error,
// cut short when it is long. The lowest layer (scoring/) owns it; every other layer may use it.
#include <string>
#include <string_view>
#include <vector>

namespace qm {

// `one` for a count of exactly one, `many` otherwise: for verbs and pronouns that follow a count
// ("1 coin lies", "2 coins lie").
std::string_view for_count(long long count, std::string_view one, std::string_view many);

// The plural of an English noun by the regular rules: card → cards, box → boxes, penalty →
// penalties, monkey → monkeys. Irregular nouns are given to counted() by their caller.
std::string plural(std::string_view noun);

// A count and its noun: counted(1, "card") == "1 card", counted(2, "card") == "2 cards",
// counted(0, "card") == "0 cards"; an irregular plural as the third argument:
// counted(3, "die", "dice") == "3 dice". The noun may be a phrase whose last word takes the
// plural: counted(2, "combat card") == "2 combat cards".
std::string counted(long long count, std::string_view one, std::string_view many = {});

// The noun alone, singular for one: noun_for(2, "turn") == "turns".
std::string noun_for(long long count, std::string_view one, std::string_view many = {});

// "a" or "an" before a phrase, by its sound: "a card", "an inquiry card", "an 8", "a one-eyed
// pirate", "a unique card", "an hour".
std::string_view article_for(std::string_view phrase);
// The phrase with its article: with_article("inquiry card") == "an inquiry card".
std::string with_article(std::string_view phrase);

// How many characters (UTF-8 code points) of a typed token an error message repeats.
inline constexpr std::size_t kEchoLimit = 40;
// What follows a token that was cut.
inline constexpr std::string_view kEllipsis = "\u2026";

// A token the user typed, as a message repeats it: whole when it has at most kEchoLimit
// characters, otherwise its first kEchoLimit characters and "…". Never cuts a UTF-8 character.
std::string echoed(std::string_view token);
// The same between single quotes, as every message quotes a token: quoted_token("red7") ==
// "'red7'". (Not `quoted`: std::quoted would win by argument-dependent lookup.)
std::string quoted_token(std::string_view token);
// A whole typed line (a command and its words), as a message repeats it: each word as echoed()
// repeats a token, and the line cut after kEchoLimit * 3 characters. Between single quotes.
std::string quoted_line(std::string_view line);

// Names in a sentence: and_list({"Ann", "Bob", "Cy"}) == "Ann, Bob and Cy"; "" for none.
std::string and_list(const std::vector<std::string>& items);

}  // namespace qm
