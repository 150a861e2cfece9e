// The Loot table's own commands (issue 5, item 4), added to the tree while a game of Loot is
// the current one. Moves as they are played:
//   draw [PLAYER]                    float [PLAYER] m2..m8
//   attack [PLAYER] PIRATE #N        reinforce [PLAYER] PIRATE #N
//   captain [PLAYER] COLOUR #N       admiral [PLAYER] #N
//   discard [PLAYER] CARD            (the deck empty: a card that is not a merchant)
// and the views and the end:
//   battles                          the battle view of every merchant at sea
//   end NAME=CARDS...                the game has ended: the merchants left in the hands
//   hand NAME CARDS                  one player's hand at the end, noted for `end` (or scanned:
//                                    `scan PHOTO NAME`); captured NAME CARDS likewise for `final`
//   final --captured NAME=CARDS... --hand NAME=CARDS...   the result only, without tracking
// Each move: validate fully, apply, ctx.record_event(), then announce (nothing on replay).
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "cli/loot/battle_report.hpp"
#include "cli/loot/hauls.hpp"
#include "cli/loot/table.hpp"
#include "cli/table_commands.hpp"
#include "scoring/notation.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::loot_cli {
namespace {

using qm::loot::ActionKind;
using qm::loot::Board;

constexpr const char* kMoveFooter =
    "PLAYER may be left out: it is then the player whose turn it is. #N is the merchant's number, "
    "given when it was floated (N alone works too: a shell reads # as a comment).";

nlohmann::json hands_json(const Board& board) {
  nlohmann::json hands = nlohmann::json::array();
  for (int seat = 0; seat < board.players(); ++seat)
    hands.push_back({{"player", board.name(seat)}, {"cards", board.hand_size(seat)}, {"captured", board.captured_gold(seat)}});
  return hands;
}

std::string hands_text(const Board& board) {
  std::string text;
  for (int seat = 0; seat < board.players(); ++seat)
    text += (text.empty() ? "" : ", ") + board.name(seat) + " " + std::to_string(board.hand_size(seat));
  return text;
}

std::string merchant_text(const Board& board, int number) {
  return merchant_label(number, board.merchant(number).gold);
}

// "Bob attacks #2 (m3) with blue3."
std::string move_text(const LootTable& table, const MoveOutcome& outcome) {
  const Board& board = table.board();
  const qm::loot::Action& action = outcome.action;
  const std::string who = table.name(action.seat);
  const std::string card = notation::to_string(action.card);
  switch (action.kind) {
    case ActionKind::draw:
      return who + " draws a card; " + std::to_string(board.deck_size()) + " left in the deck.";
    case ActionKind::float_merchant: {
      const int number = static_cast<int>(board.merchants().size());
      return fmt::format("{} floats {}: merchant #{}.", who, card, number);
    }
    case ActionKind::attack:
      if (outcome.reinforced)
        return who + " reinforces the " + notation::to_string(action.card.colour) + " fleet on " +
               merchant_text(board, action.merchant) + " with " + card + ".";
      return who + " attacks " + merchant_text(board, action.merchant) + " with " + card + ".";
    case ActionKind::captain:
      return who + "'s " + notation::to_string(action.card.colour) + " captain joins the " +
             notation::to_string(action.card.colour) + " fleet on " + merchant_text(board, action.merchant) + ".";
    case ActionKind::admiral:
      return who + "'s admiral defends " + merchant_text(board, action.merchant) + ".";
    case ActionKind::discard: return who + " discards " + card + ".";
    case ActionKind::reveal: break;
  }
  return qm::loot::describe(action, table.players());
}

// Players who still hold cards, for the `end` prompt: "end Ann=... Bob=...".
std::string end_prompt(const LootTable& table) {
  std::string text = "end";
  for (int seat = 0; seat < table.board().players(); ++seat)
    if (table.board().hand_size(seat) > 0) text += " " + table.name(seat) + "=...";
  return text;
}

void print_status(Context& ctx, const LootTable& table) {
  const Board& board = table.board();
  ctx.print() << "deck: " << board.deck_size() << " · hands: " << hands_text(board) << "\n";
  if (!table.whose_turn().empty()) ctx.print() << "to play: " << bold(ctx, table.whose_turn()) << "\n";
}

void announce_move(Context& ctx, const LootTable& table, const MoveOutcome& outcome) {
  const Board& board = table.board();
  if (ctx.json) {
    nlohmann::json captures = nlohmann::json::array();
    for (const qm::loot::Capture& capture : outcome.captures) captures.push_back(capture_json(board, capture));
    nlohmann::json lost = nlohmann::json::array();
    for (const int number : outcome.lost) lost.push_back({{"number", number}, {"gold", board.merchant(number).gold}});
    nlohmann::json doc = {{"move", qm::loot::describe(outcome.action, table.players())},
                          {"player", table.name(outcome.action.seat)},
                          {"captures", captures},
                          {"battles", battles_json(board)},
                          {"deck", board.deck_size()},
                          {"hands", hands_json(board)},
                          {"to_play", table.whose_turn()},
                          {"game_ended", outcome.ended},
                          {"lost", lost}};
    if (outcome.action.kind == ActionKind::float_merchant)
      doc["merchant"] = static_cast<int>(board.merchants().size());
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  ctx.print() << move_text(table, outcome) << "\n";
  if (outcome.deck_emptied)
    ctx.print() << bold(ctx, "The deck is empty:") << " from now on, play a card or discard one that is not a merchant.\n";
  for (const qm::loot::Capture& capture : outcome.captures) ctx.print() << good(ctx, capture_text(board, capture)) << "\n";
  if (outcome.ended) {
    std::vector<std::string> empty;
    for (int seat = 0; seat < board.players(); ++seat)
      if (board.hand_size(seat) == 0) empty.push_back(table.name(seat));
    ctx.print() << bold(ctx, fmt::format("The deck is empty and {} {} no cards left: the game is over.",
                                         and_list(empty), empty.size() > 1 ? "have" : "has"))
                << "\n";
    if (!outcome.lost.empty()) {
      std::string lost;
      for (const int number : outcome.lost) lost += (lost.empty() ? "" : ", ") + merchant_text(board, number);
      ctx.print() << bad(ctx, "Lost at sea: " + lost + " (" + std::to_string(board.lost_gold()) + " gold).") << "\n";
    }
    ctx.print() << "Show the merchants left in the hands: " << end_prompt(table) << "\n";
    return;
  }
  if (!board.sea().empty()) print_battles(ctx, board);
  print_status(ctx, table);
}

void announce_result(Context& ctx, const LootTable& table, bool tracked_end) {
  const qm::loot::FinalTotals& totals = *table.result();
  if (ctx.json) {
    nlohmann::json doc = final_totals_json(totals);
    if (tracked_end) doc["lost_gold"] = table.board().lost_gold();
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  if (!tracked_end && !table.tracked().history().empty())
    ctx.print() << dim(ctx, fmt::format("These totals replace the {} tracked.",
                                        counted(static_cast<long long>(table.tracked().history().size()), "move")))
                << "\n";
  print_final_totals(ctx, totals);
  ctx.print() << bold(ctx, fmt::format("Game over: {} won", and_list(totals.winners))) << "\n";
}

struct FinalOptions {
  std::vector<std::string> captured;
  std::vector<std::string> hands;
};

}  // namespace

void LootTable::add_commands(CLI::App& app, Context& ctx) {
  struct Move {
    const char* verb;
    const char* description;
  };
  static constexpr Move kMoves[] = {
      {"draw", "Loot: draw the top card of the deck (draw [PLAYER])"},
      {"float", "Loot: put a merchant ship out to sea; it becomes #1, #2, ... (float [PLAYER] m2..m8)"},
      {"attack", "Loot: attack merchant #N, or add to one's fleet on it (attack [PLAYER] PIRATE #N, e.g. attack Bob blue3 #2)"},
      {"reinforce", "Loot: add a pirate ship to one's fleet on #N, the same as attack (reinforce [PLAYER] PIRATE #N)"},
      {"captain", "Loot: a captain joins its owner's fleet of its colour on #N (captain [PLAYER] COLOUR #N)"},
      {"admiral", "Loot: the admiral defends one's own merchant, or a partner's (admiral [PLAYER] #N)"},
      {"discard", "Loot: with the deck empty, discard a card that is not a merchant (discard [PLAYER] CARD)"},
  };
  for (const Move& move : kMoves) {
    const std::string verb = move.verb;
    CLI::App* sub = add_words_command(app, verb, move.description, [this, &ctx, verb](const std::vector<std::string>& words) {
      std::vector<std::string> line = {verb};
      line.insert(line.end(), words.begin(), words.end());
      const MoveOutcome outcome = play(line);
      ctx.record_event();
      if (ctx.replaying) return;
      announce_move(ctx, *this, outcome);
    });
    sub->footer(kMoveFooter);
  }

  app.add_subcommand("battles", "Loot: every merchant at sea: fleets, who is winning and why, when it is taken")
      ->callback([this, &ctx] {
        if (ctx.json) {
          ctx.print() << nlohmann::json{{"battles", battles_json(board())},
                                        {"deck", board().deck_size()},
                                        {"hands", hands_json(board())},
                                        {"to_play", whose_turn()}}
                             .dump(2)
                      << "\n";
          return;
        }
        print_battles(ctx, board());
        print_status(ctx, *this);
      });

  CLI::App* end_command = add_words_command(
      app, "end", "Loot: the game has ended; the merchants left in each hand give the final totals (end NAME=CARDS...)",
      [this, &ctx](const std::vector<std::string>& words) {
        end(parse_named_cards(words, "end"));
        ctx.record_event();
        if (ctx.replaying) return;
        announce_result(ctx, *this, true);
      });
  end_command->footer("Example: end Ann=m2,m3 Bob= Cy=m4 (a player not named shows no merchants; all the cards may be shown)");

  // hand NAME CARDS / captured NAME CARDS: one player's pile, noted for `end` or `final`.
  for (const LootTable::Pile pile : {LootTable::Pile::hand, LootTable::Pile::captured}) {
    const bool hand = pile == LootTable::Pile::hand;
    const std::string verb = hand ? "hand" : "captured";
    CLI::App* sub = add_words_command(
        app, verb,
        hand ? "Loot: note the cards left in one player's hand at the end, for 'end' (hand NAME CARDS, or 'hand NAME none')"
             : "Loot, not tracking the moves: note the merchants one player captured, for 'final' (captured NAME CARDS)",
        [this, &ctx, pile, hand, verb](const std::vector<std::string>& words) {
          if (words.empty()) throw InputError(verb + " NAME CARDS: name the player and the cards");
          NamedCards cards{words.front(), {}};
          std::vector<std::string> tokens(words.begin() + 1, words.end());
          if (!(tokens.size() == 1 && same_name(tokens.front(), "none"))) cards.cards = notation::parse_loot_cards(tokens);
          note(pile, cards);
          ctx.record_event();
          if (ctx.replaying) return;
          std::vector<std::string> missing;
          for (const std::string& player : players())
            if (std::none_of(noted(pile).begin(), noted(pile).end(), [&](const NamedCards& n) { return same_name(n.name, player); }))
              missing.push_back(player);
          std::string shown;
          for (const qm::loot::Card& card : noted(pile).back().cards) shown += " " + notation::to_string(card);
          // A table that tracked its moves ends with `end`; one that did not, with `final`.
          const char* totals = hand && !tracked().history().empty() ? "end" : "final";
          ctx.print() << fmt::format("{} {}:{}\n", noted(pile).back().name, hand ? "holds" : "captured", shown.empty() ? " none" : shown);
          ctx.print() << (missing.empty() ? fmt::format("Every player is noted: '{}' gives the totals.\n", totals)
                                          : fmt::format("Still to note: {} (or '{}' now: a player not noted has none).\n",
                                                        and_list(missing), totals));
        });
    sub->footer(hand ? "Example: hand Ann m2 m5 blue1 (non-merchants may be shown: they count nothing). 'scan PHOTO Ann' reads them."
                     : "Example: captured Ann m5 m3 m8. 'scan PHOTO Ann captured' reads them from a photo.");
  }

  auto final_options = std::make_shared<FinalOptions>();
  CLI::App* final_command = app.add_subcommand(
      "final", "Loot without tracking the moves: the merchants each player captured and those left in hand");
  final_command->add_option("--captured", final_options->captured, "A player's captured merchants, e.g. Ann=m5,m3")
      ->type_name("NAME=CARDS");
  final_command->add_option("--hand", final_options->hands, "The merchants left in a player's hand, e.g. Ann=m2")
      ->type_name("NAME=CARDS");
  final_command->footer("Example: final --captured Ann=m5,m3 Bob=m8 --hand Ann=m2 (a player not named has none)");
  final_command->callback([this, &ctx, final_options] {
    settle(parse_named_cards(final_options->captured, "--captured"), parse_named_cards(final_options->hands, "--hand"));
    ctx.record_event();
    if (ctx.replaying) return;
    announce_result(ctx, *this, false);
  });
}

}  // namespace qm::cli::loot_cli
