#include "rules/corsari/action.hpp"

#include "scoring/notation.hpp"

namespace qm::corsari {

std::string to_string(const Action& action) {
  switch (action.kind) {
    case Action::Kind::shuffle:
      return "shuffle";
    case Action::Kind::draw:
      return action.pile == Pile::deck ? "draw from the deck"
             : action.pile == Pile::discard ? "draw from the discard pile"
                                             : "draw from the tavern";
    case Action::Kind::discard:
      return "discard " + notation::to_string(action.card);
    case Action::Kind::sail:
      return "sail, " + notation::to_string(action.card) + " face down";
  }
  return "?";
}

}  // namespace qm::corsari
