// Kept as rules or listed (issue 21, item 3): however the notebook keeps its worlds, every
// deduction after every line must be the plain exact search's (Keeping::listed), on many seeded
// random games, mistyped lines included; and a deducer must choose alike with either.
#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/pirates_code/policies.hpp"
#include "rules/pirates_code/state.hpp"
#include "rules/simulation.hpp"

namespace pc = qm::pirates_code;
using pc::Clue;
using pc::ClueKind;
using pc::NumberSet;

namespace {

constexpr std::uint64_t kSeed = 2121;

// A whole game: deducers at every seat, or random players (who inquire and plunder early, so
// their clues tie hands together sooner).
pc::State played(int players, int index, bool deducers) {
  const pc::Game game = pc::make_game(players, {});
  qm::rules::Rng rng = qm::rules::game_rng(kSeed, index);
  pc::State state(game);
  state.apply_action(state.sample_chance(rng));
  std::vector<pc::Deducer> seats;
  for (int seat = 0; seat < players && deducers; ++seat) seats.emplace_back(state, seat);
  while (!state.is_terminal()) {
    const int player = state.current_player();
    if (player == qm::rules::kChancePlayer) state.apply_action(state.sample_chance(rng));
    else if (deducers) state.apply_action(seats[static_cast<std::size_t>(player)].choose(state));
    else state.apply_action(pc::random_action(state, rng));
    for (pc::Deducer& deducer : seats) deducer.catch_up(state);
  }
  return state;
}

// The line with one clue changed so that it most likely cannot have happened.
std::vector<Clue> mistyped(std::vector<Clue> line, qm::rules::Rng& rng) {
  Clue& clue = line[rng() % line.size()];
  switch (clue.kind) {
    case ClueKind::answer:
    case ClueKind::offset_answer: clue.has = !clue.has; break;
    case ClueKind::holds_one_of: clue.numbers = NumberSet::from_mask(static_cast<std::uint16_t>(rng())); break;
    case ClueKind::moved:
      if (clue.card == pc::kSkeleton) break;
      [[fallthrough]];
    case ClueKind::face_up:
    case ClueKind::holds:
    case ClueKind::code_seen: clue.card = static_cast<std::int8_t>(1 + rng() % pc::kNumberCount); break;
    default: break;  // recorded twice: a second card put face up or moved
  }
  return line;
}

void require_same(const pc::Notebook& quick, const pc::Notebook& plain) {
  REQUIRE(quick.contradictions() == plain.contradictions());
  REQUIRE(quick.line_count() == plain.line_count());
  CHECK(quick.face_up() == plain.face_up());
  CHECK(quick.my_numbers() == plain.my_numbers());
  for (int seat = 0; seat < plain.players(); ++seat) {
    INFO("seat " << seat);
    CHECK(quick.hand_size(seat) == plain.hand_size(seat));
    CHECK(quick.min_skeletons(seat) == plain.min_skeletons(seat));
    CHECK(quick.max_skeletons(seat) == plain.max_skeletons(seat));
    for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) CHECK(quick.holding(seat, n) == plain.holding(seat, n));
  }
  for (int n = pc::kLowestNumber; n <= pc::kHighestNumber; ++n) CHECK(quick.code_holding(n) == plain.code_holding(n));
  CHECK(quick.possible_codes() == plain.possible_codes());
  REQUIRE(quick.census() == plain.census());
  // The first world of each code (a deducer's tie-break), a code no world has included.
  for (const pc::CodePair code : {pc::CodePair{1, 2}, pc::CodePair{3, 14}, plain.possible_codes().back()})
    CHECK(quick.first_world_with(code) == plain.first_world_with(code));
  if (plain.worlds().size() <= 5000) {
    CHECK(std::ranges::equal(quick.worlds(), plain.worlds()));
    // A world one card away from a possible one is usually not possible: both must say so alike.
    for (std::size_t i = 0; i < plain.worlds().size(); i += 7) {
      const pc::World moved = plain.worlds()[i] ^ (pc::World{1} << (i % 64));
      std::vector<NumberSet> hands;
      for (int seat = 0; seat < plain.players(); ++seat) hands.push_back(pc::world_hand(moved, seat));
      CHECK(quick.allows(hands) == plain.allows(hands));
    }
  }
}

}  // namespace

TEST_CASE("A notebook kept as rules deduces what the exact search deduces, line after line",
          "[pirates_code][notebook][keeping]") {
  qm::rules::Rng rng(kSeed);
  int lines_as_rules = 0;
  int lines = 0;
  for (int players : {3, 4}) {
    const int games = players == 3 ? 40 : 16;
    for (int index = 0; index < games; ++index) {
      const pc::State state = played(players, index, index % 2 == 0);
      for (int seat = 0; seat < players; ++seat) {
        INFO("players " << players << ", game " << index << ", seat " << seat);
        pc::Notebook quick(players, seat, state.dealt(seat));
        pc::Notebook plain(players, seat, state.dealt(seat), pc::Keeping::listed);
        require_same(quick, plain);
        const std::vector<Clue>& clues = state.clues(seat);
        // The clues in lines of one to three, as a table groups them by event, now and then
        // after a mistyped copy of the line.
        for (std::size_t begin = 0; begin < clues.size();) {
          const std::size_t end = std::min(clues.size(), begin + 1 + rng() % 3);
          const std::vector<Clue> line(clues.begin() + static_cast<std::ptrdiff_t>(begin),
                                       clues.begin() + static_cast<std::ptrdiff_t>(end));
          begin = end;
          for (const bool typo : {rng() % 8 == 0, false}) {
            const std::vector<Clue> recorded = typo ? mistyped(line, rng) : line;
            if (quick.kept_as_rules()) ++lines_as_rules;
            ++lines;
            INFO("line " << plain.line_count() << (typo ? " (mistyped)" : ""));
            REQUIRE(quick.record(recorded) == plain.record(recorded));
            require_same(quick, plain);
          }
        }
      }
    }
  }
  // The rules must have been the ones answering for a good share of the lines (random players
  // tie hands together early, deducers late).
  CHECK(lines_as_rules * 10 > lines);
}

TEST_CASE("A deducer chooses alike whether its notebook keeps rules or the list of worlds",
          "[pirates_code][notebook][keeping]") {
  for (int players : {3, 4}) {
    const pc::Game game = pc::make_game(players, {});
    for (int index = 0; index < (players == 3 ? 30 : 10); ++index) {
      INFO("players " << players << ", game " << index);
      qm::rules::Rng rng = qm::rules::game_rng(kSeed + 1, index);
      pc::State state(game);
      state.apply_action(state.sample_chance(rng));
      std::vector<pc::Deducer> quick;
      std::vector<pc::Deducer> plain;
      for (int seat = 0; seat < players; ++seat) {
        quick.emplace_back(state, seat);
        plain.emplace_back(state, seat, pc::Keeping::listed);
      }
      while (!state.is_terminal()) {
        const int player = state.current_player();
        if (player == qm::rules::kChancePlayer) {
          state.apply_action(state.sample_chance(rng));
        } else {
          const pc::Action chosen = quick[static_cast<std::size_t>(player)].choose(state);
          REQUIRE(chosen == plain[static_cast<std::size_t>(player)].choose(state));
          state.apply_action(chosen);
        }
        for (auto* deducers : {&quick, &plain})
          for (pc::Deducer& deducer : *deducers) deducer.catch_up(state);
      }
    }
  }
}

TEST_CASE("An unseen move keeps the list of worlds sorted with every world once", "[pirates_code][notebook][keeping]") {
  int unseen_moves = 0;
  for (int players : {3, 4}) {
    for (int index = 0; index < 12; ++index) {
      const pc::State state = played(players, 100 + index, false);
      for (int seat = 0; seat < players; ++seat) {
        pc::Notebook plain(players, seat, state.dealt(seat), pc::Keeping::listed);
        for (const Clue& clue : state.clues(seat)) {
          std::set<pc::World> expected;
          if (clue.kind == ClueKind::moved_unseen) {
            // Every card the giver may have held went over, or a skeleton did.
            for (const pc::World w : plain.worlds()) {
              const NumberSet hand = pc::world_hand(w, clue.player);
              for (int card : hand.numbers())
                expected.insert(w ^ (pc::World{1} << (16 * clue.player + card)) ^ (pc::World{1} << (16 * clue.other + card)));
              if (plain.hand_size(clue.player) > hand.size()) expected.insert(w);
            }
          }
          REQUIRE(plain.record(clue));
          if (clue.kind != ClueKind::moved_unseen) continue;
          ++unseen_moves;
          CHECK(std::vector<pc::World>(plain.worlds().begin(), plain.worlds().end()) ==
                std::vector<pc::World>(expected.begin(), expected.end()));
        }
      }
    }
  }
  CHECK(unseen_moves >= 10);
}
