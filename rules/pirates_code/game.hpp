#pragma once
// Pirate's Code (rules/pirates-code.ja.md; RULINGS.md, Pirate's Code), for 3 or 4 players.
//
// Fourteen number cards 1-14 are dealt: four each with three players, three each plus one
// skeleton card with four. The two cards left over lie face down as the code (財宝の隠し場所).
// On its turn a player either plays one card or guesses the code; it may not pass.
//   inquiry (1-4)       show the card to one player and ask whether it holds one number derived
//                       from the card by adding or subtracting; truthful yes/no. Back to hand.
//   clairvoyance (5-6)  put it and one more hand card (not a skeleton) face up; look at one of
//                       the two code cards. The second card's effect is not used.
//   rapid fire (7-8)    put it face up; take two more actions this turn.
//   plunder (9-10)      put it face up; take a random card from the player (other than you) with
//                       the most cards (on a tie, you choose which of them).
//   scouting (11-14)    show the card to one player; look at a random card of its hand and
//                       give it back. Back to hand.
// No action may leave a player with no cards. A guess names two different numbers that are not
// face up; it is judged clockwise from the guesser itself; the first "have" fails it; "don't
// have" from everyone wins. A player whose continue token is unused may declare numbers it
// holds, and after a failed guess may pay the token to go on asking from the next player until
// another "have" (the guess stays failed).
//
// Parameters (game options, `--option key=value`):
//   name                      default  meaning
//   cards                     base     card set: a name in data/pirates_code/ or a .json file
//   plunder_with_last_card    true     plunder may be played as the last card in hand (the
//                                      player ends the action holding the card it took)
//   failed_guess_ends_turn    true     a failed guess ends the turn, forfeiting any actions
//                                      left from rapid fire (2.2: 続行しない場合は、ターンを終了)
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "rules/game_options.hpp"
#include "scoring/pirates_code/card_set.hpp"

namespace qm::pirates_code {

// 連射: さらに2ターン分の行動 (two more actions this turn).
inline constexpr int kRapidFireActions = 2;
// 千里眼: the card and one more go face up, and a card must stay in hand (手札が0枚: no action may
// leave a player with no cards).
inline constexpr int kClairvoyanceHandNeeded = 3;

// 強奪: the players `plunderer` may take a card from, given every seat's hand size: those with
// the most cards among the others (on a tie, the plunderer chooses).
std::vector<int> plunder_victims(std::span<const int> hand_sizes, int plunderer);

struct Game {
  int players = kMinPlayers;
  CardSet cards;
  bool plunder_with_last_card = true;
  bool failed_guess_ends_turn = true;

  // Numbers each hand is dealt: 4 with three players, 3 (and a skeleton) with four.
  int dealt_numbers() const { return pirates_code::dealt_numbers(players); }
  int skeleton_cards() const { return players == kMinPlayers ? 0 : players; }
  // Every card in play: 14 number cards, plus one skeleton per player with four players.
  int total_cards() const { return kNumberCount + skeleton_cards(); }

  friend bool operator==(const Game&, const Game&) = default;
};

// Reads the options above (the caller then calls options.reject_unknown). Throws InputError for
// a bad player count or option value, or an unreadable card set.
Game make_game(int players, const rules::GameOptions& options);

}  // namespace qm::pirates_code
