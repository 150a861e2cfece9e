#include "cli/pirates_code/table.hpp"

#include "cli/pirates_code/format.hpp"
#include "cli/pirates_code/table_words.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::pirates_code_cli {

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
  event.text = event_sentence(recorded.event, table_);
  for (const pc::Clue& clue : recorded.clues) event.clues.push_back(pc::describe(clue, players()));
  if (recorded.contradiction) {
    const std::string& clue = event.clues[static_cast<std::size_t>(*recorded.contradiction)];
    event.contradictions.push_back(
        {event.number, clue, *recorded.contradiction,
         "\"" + clue + "\" cannot be true together with what was recorded before" +
             (event.clues.size() > 1 ? ": the whole event is left out of the notebook" : "")});
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
