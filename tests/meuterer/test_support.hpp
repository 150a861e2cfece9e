#pragma once
// Shared helpers of the Meuterer tests: the default components and built positions.
#include <memory>
#include <string>
#include <vector>

#include "rules/meuterer/action.hpp"
#include "rules/meuterer/state.hpp"
#include "scoring/notation.hpp"

namespace qm::meuterer::test {

inline std::shared_ptr<const Components> default_components() {
  static const auto kComponents = std::make_shared<const Components>(load_components(std::string(QM_DATA_DIR) + "/meuterer"));
  return kComponents;
}

inline int island(const std::string& name) {
  const int index = default_components()->find_island(name);
  if (index < 0) throw std::logic_error("test: no island " + name);
  return index;
}

// Applies draws until the chance node is over: `hands` names the goods each seat draws, in the
// order the engine asks for them (seat by seat from the one being dealt to).
inline void draw(State& state, const std::string& goods) {
  for (Good good : notation::parse_goods({goods})) state.apply_action(Action::draw(good));
}

inline void act(State& state, const std::string& text) { state.apply_action(parse_action(state, text)); }

// A 4-player game (3 with three hands) after the deal.
inline State dealt(const std::vector<std::string>& hands, Options options = {}) {
  State state(default_components(), static_cast<int>(hands.size()), options);
  for (const std::string& hand : hands) draw(state, hand);
  return state;
}

// The deal and round 1 as the players call it out at the table: Ann captains with offer 2; Bob
// mutinies, Cy is mate, Dee merchant. Ann lays 4 cards face down (destination Eisfelsen), Bob 4
// (Rotes Riff, counterclockwise). Bob's mutiny then fails 2:1 after Ann adds a combat card.
inline const std::vector<std::string> kRoundOne = {
    "draw Ann 3wine 2combat", "draw Bob 2salt,2grain combat", "draw 5cloth", "draw Dee ruby salt wine cloth grain",
    "card 2", "display Ann wine", "display combat", "display Cy cloth", "pass Dee merchant", "pass",
    "pass Bob mutineer", "display cloth", "pass mate"};

// The same round as a shared screen plays it: each card is taken face down ("pass") and named
// in phase 3, once everybody has passed, clockwise from the captain.
inline const std::vector<std::string> kRoundOneFaceDown = {
    "draw Ann 3wine 2combat", "draw Bob 2salt,2grain combat", "draw 5cloth", "draw Dee ruby salt wine cloth grain",
    "card 2", "display Ann wine", "display combat", "display Cy cloth", "pass Dee", "pass",
    "pass Bob", "display cloth", "pass", "reveal Bob mutineer", "reveal mate", "reveal Dee merchant"};

}  // namespace qm::meuterer::test
