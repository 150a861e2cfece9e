#pragma once
// The notation of CLI.md: every token a player types for dice, fortune cards, Corsari cards,
// Loot cards and Meuterer goods, parsed and printed in one place. Tokens are case-insensitive,
// lists are separated by spaces or commas, dice and goods may carry a count (`3coin`).
// Anything else is rejected with a NotationError that names the token.
#include <string>
#include <string_view>
#include <vector>

#include "scoring/corsari/card.hpp"
#include "scoring/input_error.hpp"
#include "scoring/loot/card.hpp"
#include "scoring/meuterer/goods.hpp"
#include "scoring/piraten/dice.hpp"

namespace qm::notation {

// Splits a list on spaces and commas, dropping empty pieces.
std::vector<std::string> split_list(std::string_view text);
// Splits every text and joins the pieces: `--dice "2coin skull" sabre` and `--dice 2coin,skull,sabre` agree.
std::vector<std::string> split_lists(const std::vector<std::string>& texts);

// The closest candidate to a misspelt token, or "" when nothing is close.
std::string closest(std::string_view token, const std::vector<std::string>& candidates);

// Tokens and player names are compared without case (CLI.md, General): their folded form.
std::string folded(std::string_view text);

// Piraten Kapern
piraten::Face parse_face(std::string_view token);
std::vector<piraten::Face> parse_dice(const std::vector<std::string>& tokens);  // counts expanded
piraten::FaceCounts parse_dice_counts(const std::vector<std::string>& tokens);
piraten::FortuneCard parse_fortune_card(std::string_view token);
std::string to_string(piraten::Face face);
std::string to_string(piraten::FortuneCard card);
std::string format_dice(const piraten::FaceCounts& counts);  // "3coin 2skull sabre"

// Corsari
corsari::Colour parse_corsari_colour(std::string_view token);
corsari::Card parse_corsari_card(std::string_view token);
// Rejects a card named twice: every Corsari card is unique.
std::vector<corsari::Card> parse_corsari_cards(const std::vector<std::string>& tokens);
std::string to_string(corsari::Colour colour);
std::string to_string(corsari::Card card);

// Loot
loot::Colour parse_loot_colour(std::string_view token);
loot::Card parse_loot_card(std::string_view token);
std::vector<loot::Card> parse_loot_cards(const std::vector<std::string>& tokens);
std::string to_string(loot::Colour colour);
std::string to_string(loot::Card card);

// Meuterer
meuterer::Good parse_good(std::string_view token);
std::vector<meuterer::Good> parse_goods(const std::vector<std::string>& tokens);  // counts expanded
std::string to_string(meuterer::Good good);

// Every canonical token of a kind, for tab completion and for the tests.
std::vector<std::string> all_faces();
std::vector<std::string> all_fortune_cards();
std::vector<std::string> all_corsari_colours();
std::vector<std::string> all_corsari_cards();
std::vector<std::string> all_loot_cards();
std::vector<std::string> all_goods();

}  // namespace qm::notation
