#include "cli/pirates_code/format.hpp"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "scoring/wording.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

using pc::Holding;
using pc::NumberSet;

// Pairs are listed in full up to this many; beyond, the table's code row says enough.
constexpr std::size_t kPairsListed = 24;

nlohmann::json pairs_json(const pc::Notebook& notebook) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const pc::CodePair& pair : notebook.possible_codes()) pairs.push_back({pair.low, pair.high});
  return pairs;
}

nlohmann::json certain_json(const pc::Notebook& notebook) {
  const auto code = notebook.certain_code();
  return code ? nlohmann::json({code->low, code->high}) : nlohmann::json(nullptr);
}

nlohmann::json contradiction_json(const EventContradiction& c) {
  return {{"event", c.event}, {"clue", c.clue}, {"reason", c.reason}};
}

nlohmann::json contradictions_json(const std::vector<EventContradiction>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const EventContradiction& c : list) out.push_back(contradiction_json(c));
  return out;
}

nlohmann::json turn_json(const PiratesCodeTable& table) {
  return {{"turn", table.turn()},
          {"to_play", table.whose_turn()},
          {"actions_left", table.is_over() ? 0 : table.actions_left()},
          {"over", table.is_over()},
          {"winners", table.winners()}};
}

// Two characters each, so that every column of the grid lines up (TextTable right-aligns what
// looks like a number, and "." would).
std::string mark(Holding holding) {
  switch (holding) {
    case Holding::must: return " X";
    case Holding::may: return " ?";
    case Holding::cannot: return " .";
  }
  return " .";
}

std::string pairs_text(const pc::Notebook& notebook) {
  std::string text;
  for (const pc::CodePair& pair : notebook.possible_codes())
    text += (text.empty() ? "" : "  ") + fmt::format("{}+{}", pair.low, pair.high);
  return text;
}

// "the code is 5 and 13" / "6 code pairs possible: 1+5 ..." / "45 code pairs possible".
std::string code_sentence(const pc::Notebook& notebook, std::size_t list_up_to) {
  if (const auto code = notebook.certain_code())
    return fmt::format("the code is certain: {} and {}", code->low, code->high);
  const int count = notebook.code_pair_count();
  std::string text = fmt::format("{} code pairs possible", count);
  if (static_cast<std::size_t>(count) <= list_up_to) text += ": " + pairs_text(notebook);
  return text;
}

void print_contradictions(Context& ctx, const std::vector<EventContradiction>& list) {
  for (const EventContradiction& c : list)
    ctx.print() << bad(ctx, fmt::format("contradiction (event {}): {}", c.event, c.reason)) << "\n";
}

void print_to_play(Context& ctx, const PiratesCodeTable& table) {
  if (table.is_over()) {
    const NumberSet code = table.winning_guess();
    ctx.print() << bold(ctx, fmt::format("Game over: {} found the code ({} and {}).", table.name(table.winner()),
                                         code.first(), code.without(NumberSet::of({code.first()})).first()))
                << "\n";
    return;
  }
  std::string line = "to play: " + bold(ctx, table.whose_turn());
  if (table.actions_left() > 1) line += " (" + counted(table.actions_left(), "action") + " left)";
  ctx.print() << line << "\n";
}

// The sentence people read for each recorded event (completed by the table: the actor named, the
// inquiry's number and answer, the plunder's victim).

std::string sentence(const pc::Guess& guess, const pc::Table& table) {
  const std::string& guesser = table.name(*guess.actor);
  const std::string numbers =
      fmt::format("{} and {}", std::min(guess.first, guess.second), std::max(guess.first, guess.second));
  if (guess.holder < 0) return guesser + " guessed " + numbers + " and nobody has them: " + guesser + " found the code!";
  const std::string& holder = table.name(guess.holder);
  std::string text = guesser + " guessed " + numbers + ": " +
                     (guess.holder == *guess.actor ? holder + " (the guesser)" : holder) + " said \"have\".";
  if (guess.continued)
    text += " " + guesser + " paid the continue token: " +
            (*guess.continued >= 0 ? table.name(*guess.continued) + " said \"have\" next." : "nobody else has them.");
  return text;
}

std::string sentence(const pc::Inquiry& inquiry, const pc::Table& table) {
  const std::string shown = inquiry.card ? std::to_string(*inquiry.card) : "an inquiry card";
  const std::string question =
      inquiry.asked ? "about " + std::to_string(*inquiry.asked) : fmt::format("about that card {:+}", *inquiry.offset);
  return fmt::format("{} showed {} {} and asked {}: {}.", table.name(*inquiry.actor), table.name(inquiry.target), shown,
                     question, *inquiry.answer ? "yes" : "no");
}

std::string sentence(const pc::Scout& scout, const pc::Table& table) {
  const std::string with = scout.card ? " with " + std::to_string(*scout.card) : "";
  const std::string text = table.name(*scout.actor) + " scouted " + table.name(scout.target) + with;
  if (*scout.actor == table.me()) return text + " and saw " + pc::card_name(*scout.seen) + ".";
  return text + ".";
}

std::string sentence(const pc::Clairvoyance& clairvoyance, const pc::Table& table) {
  const std::string text = fmt::format("{} put {} and {} face up and looked at a code card",
                                       table.name(*clairvoyance.actor), clairvoyance.card, clairvoyance.other);
  if (*clairvoyance.actor == table.me()) return text + fmt::format(": {}.", *clairvoyance.seen);
  return text + ".";
}

std::string sentence(const pc::RapidFire& rapid_fire, const pc::Table& table) {
  return fmt::format("{} put {} face up: two more actions this turn.", table.name(*rapid_fire.actor), rapid_fire.card);
}

std::string sentence(const pc::Plunder& plunder, const pc::Table& table) {
  const int actor = *plunder.actor, victim = *plunder.victim;
  const std::string text =
      fmt::format("{} put {} face up and took a card from {}", table.name(actor), plunder.card, table.name(victim));
  if (actor == table.me() || victim == table.me()) return text + ": " + pc::card_name(*plunder.taken) + ".";
  return text + ".";
}

std::string sentence(const pc::FaceUp& face_up, const pc::Table& table) {
  pc::NumberSet numbers;
  for (const int number : face_up.numbers) numbers.insert(number);
  return table.name(*face_up.actor) + " put " + pc::to_string(numbers) + " face up.";
}

std::string sentence(const pc::SetTurn& set_turn, const pc::Table& table) {
  return "It is " + table.name(set_turn.player) + "'s turn.";
}

}  // namespace

std::string event_sentence(const pc::Event& event, const pc::Table& table) {
  return std::visit([&table](const auto& kind) { return sentence(kind, table); }, event);
}

nlohmann::json notebook_json(const PiratesCodeTable& table, bool with_events) {
  const pc::Notebook& notebook = table.notebook();
  nlohmann::json players = nlohmann::json::array();
  for (int seat = 0; seat < table.player_count(); ++seat) {
    nlohmann::json must = nlohmann::json::array(), may = nlohmann::json::array(), cannot = nlohmann::json::array();
    for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) {
      switch (notebook.holding(seat, n)) {
        case Holding::must: must.push_back(n); break;
        case Holding::may: may.push_back(n); break;
        case Holding::cannot: cannot.push_back(n); break;
      }
    }
    players.push_back({{"name", table.name(seat)},
                       {"me", seat == table.me()},
                       {"cards", table.hand_size(seat)},
                       {"token", table.has_token(seat)},
                       {"face_up", table.face_up(seat).numbers()},
                       {"must", must},
                       {"may", may},
                       {"cannot", cannot},
                       {"skeletons", {notebook.min_skeletons(seat), notebook.max_skeletons(seat)}}});
  }
  nlohmann::json code_must = nlohmann::json::array(), code_may = nlohmann::json::array();
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) {
    if (notebook.code_holding(n) == Holding::must) code_must.push_back(n);
    if (notebook.code_holding(n) == Holding::may) code_may.push_back(n);
  }
  nlohmann::json doc = {{"me", table.name(table.me())},
                        {"hand", table.my_hand().numbers()},
                        {"skeletons_in_hand", table.my_skeletons()},
                        {"code_pairs", notebook.code_pair_count()},
                        {"possible_codes", pairs_json(notebook)},
                        {"certain_code", certain_json(notebook)},
                        {"code", {{"must", code_must}, {"may", code_may}}},
                        {"players", players},
                        {"contradictions", contradictions_json(table.contradictions())}};
  doc.update(turn_json(table));
  if (with_events) {
    nlohmann::json events = nlohmann::json::array();
    for (const TableEvent& event : table.events())
      events.push_back({{"event", event.number},
                        {"turn", event.turn},
                        {"verb", event.verb},
                        {"text", event.text},
                        {"clues", event.clues},
                        {"contradictions", contradictions_json(event.contradictions)}});
    doc["events"] = events;
  }
  return doc;
}

void print_notebook(Context& ctx, const PiratesCodeTable& table, bool with_events) {
  const pc::Notebook& notebook = table.notebook();
  std::ostream& out = ctx.print();
  if (with_events) {
    const std::vector<TableEvent> events = table.events();
    for (const TableEvent& event : events) {
      out << fmt::format("{:>3}. turn {}: {}\n", event.number, event.turn, event.text);
      // A contradicted event is left out whole: every clue of it is marked, the one that could not
      // be true first.
      const bool left_out = !event.contradictions.empty();
      for (std::size_t i = 0; i < event.clues.size(); ++i) {
        const std::string& clue = event.clues[i];
        const bool contradicted = left_out && static_cast<int>(i) == event.contradictions.front().clue_index;
        const std::string note = contradicted ? "  (contradiction: left out)" : "  (left out with it)";
        out << "       " << (left_out ? bad(ctx, clue + note) : dim(ctx, clue)) << "\n";
      }
    }
    if (!events.empty()) out << "\n";
  }
  out << bold(ctx, table.name(table.me()) + "'s notebook") << ", turn " << table.turn() << "\n";
  const std::string code = code_sentence(notebook, kPairsListed);
  if (const auto certain = notebook.certain_code())
    out << good(ctx, fmt::format("The code is certain: {} and {}.", certain->low, certain->high)) << "\n";
  else
    out << "Code: " << code << ".\n";

  const bool skeletons = table.player_count() == pc::kMaxPlayers;
  std::vector<std::string> header = {""};
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) header.push_back(std::to_string(n));
  header.push_back("cards");
  if (skeletons) header.push_back("skeleton");
  header.push_back("token");
  TextTable grid(header);
  for (int seat = 0; seat < table.player_count(); ++seat) {
    std::vector<std::string> row = {table.name(seat) + (seat == table.me() ? " (me)" : "")};
    for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n)
      row.push_back(table.face_up(seat).contains(n) ? " ^" : mark(notebook.holding(seat, n)));
    row.push_back(std::to_string(table.hand_size(seat)));
    if (skeletons) {
      const int low = notebook.min_skeletons(seat), high = notebook.max_skeletons(seat);
      row.push_back(low == high ? std::to_string(low) : fmt::format("{}-{}", low, high));
    }
    row.push_back(table.has_token(seat) ? "yes" : "spent");
    grid.add_row(row);
  }
  std::vector<std::string> code_row = {"code"};
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) code_row.push_back(mark(notebook.code_holding(n)));
  code_row.push_back("2");
  if (skeletons) code_row.push_back("0");
  code_row.push_back("-");
  grid.add_row(code_row);
  grid.print(out);
  out << dim(ctx, "X holds it for sure, ? may hold it, . cannot hold it, ^ put it face up") << "\n";
  print_contradictions(ctx, table.contradictions());
  print_to_play(ctx, table);
}

nlohmann::json event_json(const PiratesCodeTable& table, const TableEvent& event) {
  const pc::Notebook& notebook = table.notebook();
  nlohmann::json hands = nlohmann::json::array();
  for (int seat = 0; seat < table.player_count(); ++seat)
    hands.push_back({{"player", table.name(seat)}, {"cards", table.hand_size(seat)}, {"token", table.has_token(seat)}});
  nlohmann::json doc = {{"event", event.number},
                        {"verb", event.verb},
                        {"text", event.text},
                        {"clues", event.clues},
                        {"contradictions", contradictions_json(event.contradictions)},
                        {"code_pairs", notebook.code_pair_count()},
                        {"certain_code", certain_json(notebook)},
                        {"hands", hands}};
  doc.update(turn_json(table));
  doc["turn_of_event"] = event.turn;
  return doc;
}

void print_event(Context& ctx, const PiratesCodeTable& table, const TableEvent& event) {
  ctx.print() << event.text << "\n";
  print_contradictions(ctx, event.contradictions);
  if (!event.clues.empty()) {
    const pc::Notebook& notebook = table.notebook();
    const std::string code = code_sentence(notebook, 6);
    ctx.print() << (notebook.certain_code() ? good(ctx, "Notebook: " + code + ".") : "Notebook: " + code + ".") << "\n";
  }
  print_to_play(ctx, table);
}

}  // namespace qm::cli::pirates_code_cli
