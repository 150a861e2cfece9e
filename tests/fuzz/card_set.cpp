// Fuzz target: a Pirate's Code card set file (`new pirates-code ... --cards FILE`,
// rules/pirates_code/card_set_file). A set that loads is then played: one seeded game of
// random legal moves for three and for four players, as far as kMaxSteps, since a valid set
// other than the base one is exactly what the engine has not met before.
#include <stdexcept>
#include <string>

#include "rules/engine.hpp"
#include "rules/pirates_code/card_set_file.hpp"
#include "rules/pirates_code/game.hpp"
#include "rules/pirates_code/state.hpp"
#include "scoring/rule_violation.hpp"
#include "tests/fuzz/fuzz_target.hpp"

namespace {

constexpr int kMaxSteps = 400;

void play(const qm::pirates_code::CardSet& cards, int players) {
  using namespace qm;
  pirates_code::State state(pirates_code::Game{players, cards});
  rules::Rng rng(7);
  for (int step = 0; step < kMaxSteps && !state.is_terminal(); ++step) {
    pirates_code::State::Action action;
    if (state.current_player() == rules::kChancePlayer) {
      action = state.sample_chance(rng);
    } else {
      const auto legal = state.legal_actions();
      if (legal.empty()) throw std::logic_error("no legal move before the end of the game");
      action = legal[rng() % legal.size()];
    }
    // Not a user's error: the engine offered this move, so it must take it.
    try {
      state.apply_action(action);
    } catch (const qm::RuleViolation& refused) {
      throw std::logic_error(std::string("a move the engine offered was refused: ") + refused.what());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qm;
  const std::filesystem::path file = fuzz::scratch_file("card_set", "cards.json", data, size);
  fuzz::expecting_input_errors([&] {
    const pirates_code::CardSet cards = pirates_code::load_card_set(file.string());
    play(cards, pirates_code::kMinPlayers);
    play(cards, pirates_code::kMinPlayers + 1);
  });
  return 0;
}
