#include "rules/piraten/action.hpp"


#include "scoring/input_error.hpp"
#include "scoring/notation.hpp"
#include "scoring/piraten/fortune_card.hpp"
#include "scoring/wording.hpp"

namespace qm::piraten {

std::string describe(const Action& action) {
  const std::string faces = notation::format_dice(action.faces);
  switch (action.kind) {
    case ActionKind::draw:
      return "draw " + notation::to_string(action.card);
    case ActionKind::roll:
      return "roll " + faces;
    case ActionKind::reroll:
      return "reroll " + faces;
    case ActionKind::chest_put:
      return "chest put " + faces;
    case ActionKind::chest_take:
      return "chest take " + faces;
    case ActionKind::stop:
      return "stop";
    case ActionKind::tally: {
      std::string out = "tally " + notation::to_string(action.card) + " " + faces;
      if (dice_total(action.chest) > 0) out += " chest " + notation::format_dice(action.chest);
      if (action.skull_island) out += " island";
      return out;
    }
  }
  return "?";
}

Action parse_action(const std::string& text) {
  std::vector<std::string> words = notation::split_list(text);
  if (words.empty()) throw InputError("empty move (draw CARD, roll DICE, reroll DICE, chest put|take DICE, stop)");
  for (std::string& word : words) word = notation::folded(word);
  const std::string verb = words.front();
  words.erase(words.begin());
  auto need_dice = [&](const std::string& what) {
    if (words.empty()) throw InputError(what + " needs dice, e.g. '" + what + " 2coin skull'");
    return notation::parse_dice_counts(words);
  };
  if (verb == "draw" || verb == "card") {
    if (words.size() != 1) throw InputError(verb + " needs one fortune card");
    return Action::draw(notation::parse_fortune_card(words.front()));
  }
  if (verb == "roll") return Action::roll(need_dice("roll"));
  if (verb == "reroll") return Action::reroll(need_dice("reroll"));
  if (verb == "stop") {
    if (!words.empty()) throw InputError("stop takes no dice");
    return Action::stop();
  }
  if (verb == "chest") {
    if (words.empty() || (words.front() != "put" && words.front() != "take"))
      throw InputError("chest needs 'put' or 'take' and dice, e.g. 'chest put 2coin'");
    const bool put = words.front() == "put";
    words.erase(words.begin());
    const FaceCounts dice = need_dice(put ? "chest put" : "chest take");
    return put ? Action::chest_put(dice) : Action::chest_take(dice);
  }
  throw InputError("unknown move " + quoted_token(verb) + " (draw, roll, reroll, chest put, chest take, stop)");
}

}  // namespace qm::piraten
