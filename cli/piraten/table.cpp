#include "cli/piraten/table.hpp"

#include <utility>

#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"

namespace qm::cli::piraten_cli {

namespace pk = qm::piraten;

PiratenTable::PiratenTable(std::vector<std::string> players, const pk::Options& options)
    : table_(std::move(players), options) {}

// The dice of a throw: the first eight, the picked-up ones, or on the Island every non-skull die.
ScanStep PiratenTable::scan_step(const std::vector<std::string>& words) const {
  if (words.size() > 1) throw InputError("scan PHOTO [PLAYER]: one player at most");
  const pk::AwaitedThrow awaited = table_.awaited_throw(words.empty() ? "" : words.front());
  ScanStep step;
  step.command = {"roll"};
  step.expected = awaited.dice;
  step.what = awaited.what;
  return step;
}

std::vector<Standing> PiratenTable::standings() const {
  std::vector<Standing> out;
  for (int seat = 0; seat < table_.state().players(); ++seat)
    out.push_back({table_.name(seat), static_cast<double>(table_.state().total(seat)), false});
  return out;
}

nlohmann::json PiratenTable::options() const {
  const pk::Options& options = table_.state().options();
  return {{"target", options.target}, {"promo", options.promo}, {"pirate_magic", options.pirate_magic}};
}

std::vector<std::string> PiratenTable::completions(const std::vector<std::string>& command) const {
  std::vector<std::string> cards;
  for (const std::string& card : notation::all_fortune_cards())
    if (table_.state().options().promo || !pk::is_promo(notation::parse_fortune_card(card))) cards.push_back(card);
  const std::vector<std::string> faces = notation::all_faces();
  const std::string verb = command.empty() ? "" : notation::folded(command.front());
  const bool first = command.size() == 1;  // the word right after the command's name
  if (verb == "card" || verb == "draw") return first ? cards : std::vector<std::string>{};
  if (verb == "roll") return faces;
  if (verb == "reroll" || verb == "sorceress") return followed_by(faces, {"->"});
  if (verb == "chest") return first ? std::vector<std::string>{"put", "take"} : faces;
  if (verb == "tally") return first ? followed_by(cards, faces) : followed_by(faces, {"--chest", "--skull-island"});
  if (verb == "hint") return first ? std::vector<std::string>{"on", "off"} : std::vector<std::string>{"--own", "--relative"};
  return {};
}

}  // namespace qm::cli::piraten_cli
