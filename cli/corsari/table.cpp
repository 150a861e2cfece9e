// Corsari at the table: the typed words, turned into the steps of the rules' table mode.
#include "cli/corsari/table.hpp"

#include "cli/corsari/format.hpp"
#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::corsari_cli {
namespace {

// The words after the player's name: cards (spaces or commas), parsed by the notation.
std::vector<game::Card> cards_after_name(const std::vector<std::string>& words) {
  return notation::parse_corsari_cards(std::vector<std::string>(words.begin() + 1, words.end()));
}

}  // namespace

CorsariTable::CorsariTable(std::vector<std::string> players, int limit, int first_dealer)
    : table_(std::move(players), limit, first_dealer) {}

std::vector<Standing> CorsariTable::standings() const {
  std::vector<Standing> out;
  const game::Match& match = table_.match();
  for (int seat = 0; seat < match.players(); ++seat)
    out.push_back({table_.name(seat), static_cast<double>(match.penalty(seat)), match.is_out(seat)});
  return out;
}

std::string CorsariTable::whose_turn() const {
  const int seat = table_.awaited_hand();
  return seat < 0 ? "" : table_.name(seat);
}

nlohmann::json CorsariTable::options() const {
  return {{"limit", table_.match().limit()}, {"dealer", table_.name(table_.first_dealer())}};
}

std::vector<std::string> CorsariTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  const std::string last = command.empty() ? "" : notation::folded(command.back());
  const bool first = command.size() == 1;  // the word right after the command's name
  if (verb == "sail") {
    if (last == "--tavern" || last == "-t") return notation::all_corsari_colours();
    return first ? players() : std::vector<std::string>{"--tavern"};
  }
  if (verb == "hand") return first ? players() : notation::all_corsari_cards();
  if (verb == "add") return first ? players() : followed_by({"none", "best"}, notation::all_corsari_cards());
  if (verb == "scan" && first) return players();
  return {};
}

// A hand of the open sailing: the player named, or the first one still missing.
ScanStep CorsariTable::scan_step(const std::vector<std::string>& words) const {
  if (words.size() > 1) throw InputError("scan PHOTO [PLAYER]: one player at most");
  const int seat = table_.hand_to_scan(words.empty() ? "" : words.front());
  ScanStep step;
  step.cards = true;
  step.card_game = "corsari";
  step.expected = game::kHandSize;
  step.what = table_.name(seat) + "'s hand";
  step.command = {"hand", table_.name(seat)};
  return step;
}

void CorsariTable::print_where_play_stands(Context& ctx) const { print_deal(ctx, table_); }

int CorsariTable::sail(const std::string& player, const std::string& tavern) {
  const int seat = table_.seat_of(player);
  table_.sail(seat, notation::parse_corsari_colour(tavern));
  return seat;
}

HandEntered CorsariTable::hand(const std::vector<std::string>& words) {
  if (words.empty()) throw InputError("hand NAME CARDS: give a player and 12 cards");
  HandEntered entered;
  entered.seat = table_.seat_of(words.front());
  entered.dropped = table_.enter_hand(entered.seat, cards_after_name(words));
  return entered;
}

int CorsariTable::add(const std::vector<std::string>& words) {
  if (words.empty()) throw InputError("add NAME CARDS|none|best: give a player");
  const int seat = table_.seat_of(words.front());
  if (words.size() == 1) throw InputError("add " + words.front() + ": give the cards, 'none' or 'best'");
  std::optional<std::vector<game::Card>> additions;  // none: back to the proposed best ones
  const std::string keyword = words.size() == 2 ? notation::folded(words[1]) : "";
  if (keyword == "none") {
    additions = std::vector<game::Card>{};
  } else if (keyword != "best") {
    additions = cards_after_name(words);
  }
  table_.state_additions(seat, additions);
  return seat;
}

}  // namespace qm::cli::corsari_cli
