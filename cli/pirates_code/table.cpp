#include "cli/pirates_code/table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli/pirates_code/table_words.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::pirates_code_cli {
namespace {

// ---------------------------------------------------------------------------------------------
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

PiratesCodeTable::PiratesCodeTable(TableSetup setup) : table_(std::move(setup)) {}

// ---------------------------------------------------------------------------------------------
// GameTable

std::vector<Standing> PiratesCodeTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < player_count(); ++seat)
    out.push_back({name(seat), static_cast<double>(hand_size(seat)), false});
  return out;
}

std::string PiratesCodeTable::whose_turn() const { return is_over() ? "" : name(table_.turn_player()); }

std::vector<std::string> PiratesCodeTable::winners() const {
  if (!is_over()) return {};
  return {name(winner())};
}

nlohmann::json PiratesCodeTable::options() const {
  const TableSetup& setup = table_.setup();
  return {{"me", name(me())},
          {"hand", setup.hand.numbers()},
          {"cards", setup.game.cards.name()},
          {"plunder_with_last_card", setup.game.plunder_with_last_card},
          {"failed_guess_ends_turn", setup.game.failed_guess_ends_turn}};
}

std::vector<std::string> PiratesCodeTable::completions(const std::vector<std::string>& command) const {
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  std::vector<std::string> numbers;
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) numbers.push_back(std::to_string(n));
  const std::vector<std::string> people = followed_by(players(), {"me"});
  if (verb == "turn") return command.size() == 1 ? people : std::vector<std::string>{};
  // The words each event takes after the one acting (see the commands' help).
  std::vector<std::string> rest;
  if (verb == "guess") rest = followed_by(numbers, followed_by({"->", "has", "nobody", "continue"}, people));
  else if (verb == "inquiry") rest = followed_by({"showing", "has", "yes", "no"}, numbers);
  else if (verb == "scout") rest = followed_by({"showing", "sees", "skeleton"}, numbers);
  else if (verb == "clairvoyance") rest = followed_by(numbers, {"sees", "skeleton"});
  else if (verb == "plunder") rest = followed_by(numbers, followed_by({"from", "takes", "skeleton"}, people));
  else if (verb == "rapid-fire" || verb == "rapid" || verb == "faceup" || verb == "face-up") rest = numbers;
  else return {};
  if (command.size() > 1) return rest;
  // inquiry and scout always name who was shown the card; the others may leave the actor out.
  return verb == "inquiry" || verb == "scout" ? people : followed_by(people, rest);
}

// ---------------------------------------------------------------------------------------------
// Events

TableEvent PiratesCodeTable::guess(const std::vector<std::string>& words) {
  return record(parse_guess(words, table_));
}

TableEvent PiratesCodeTable::inquiry(const std::vector<std::string>& words) {
  return record(parse_inquiry(words, table_));
}

TableEvent PiratesCodeTable::scout(const std::vector<std::string>& words) {
  return record(parse_scout(words, table_));
}

TableEvent PiratesCodeTable::clairvoyance(const std::vector<std::string>& words) {
  return record(parse_clairvoyance(words, table_));
}

TableEvent PiratesCodeTable::rapid_fire(const std::vector<std::string>& words) {
  return record(parse_rapid_fire(words, table_));
}

TableEvent PiratesCodeTable::plunder(const std::vector<std::string>& words) {
  return record(parse_plunder(words, table_));
}

TableEvent PiratesCodeTable::face_up(const std::vector<std::string>& words) {
  return record(parse_face_up(words, table_));
}

TableEvent PiratesCodeTable::set_turn(const std::vector<std::string>& words) {
  return record(parse_set_turn(words, table_));
}

TableEvent PiratesCodeTable::record(const pc::Event& event) { return for_people(table_.apply(event)); }

// ---------------------------------------------------------------------------------------------
// The recorded events as people read them

TableEvent PiratesCodeTable::for_people(const pc::RecordedEvent& recorded) const {
  TableEvent event;
  event.number = recorded.number;
  event.turn = recorded.turn;
  event.verb = pc::event_name(recorded.event);
  event.text = std::visit([this](const auto& kind) { return sentence(kind, table_); }, recorded.event);
  for (std::size_t i = 0; i < recorded.clues.size(); ++i) {
    const std::string line = pc::describe(recorded.clues[i], players());
    event.clues.push_back(line);
    const bool contradicted = std::find(recorded.contradicted.begin(), recorded.contradicted.end(),
                                        static_cast<int>(i)) != recorded.contradicted.end();
    if (contradicted)
      event.contradictions.push_back(
          {event.number, line, "\"" + line + "\" cannot be true together with what was recorded before"});
  }
  event.wins = recorded.wins;
  return event;
}

std::vector<TableEvent> PiratesCodeTable::events() const {
  std::vector<TableEvent> all;
  for (const pc::RecordedEvent& recorded : table_.history()) all.push_back(for_people(recorded));
  return all;
}

std::vector<EventContradiction> PiratesCodeTable::contradictions() const {
  std::vector<EventContradiction> all;
  for (const TableEvent& event : events())
    all.insert(all.end(), event.contradictions.begin(), event.contradictions.end());
  return all;
}

}  // namespace qm::cli::pirates_code_cli
