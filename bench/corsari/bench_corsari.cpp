// Corsari benchmark: groupings, additions and complete matches (a game of Corsari is a match) per
// CPU second on one core (issue 21, item 3: 5,000 complete 4-player greedy matches per CPU second
// in a Release build), and a deterministic digest of every action of a seeded run, the same on
// every run and every build unless the games themselves are meant to change. With --sail-at it
// also plays one greedy seat at each threshold against three greedy seats (--sail-at [THEIR_THRESHOLD]).
#include <cstdint>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "rules/corsari/deck.hpp"
#include "rules/corsari/policies.hpp"
#include "rules/corsari/simulation.hpp"
#include "rules/corsari/state.hpp"
#include "scoring/corsari/additions.hpp"
#include "scoring/corsari/grouping.hpp"

using namespace qm::corsari;

namespace {

// CPU time of this process, so a busy machine does not distort the figures.
struct Clock {
  using time_point = double;
  static double now() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
};

double seconds_since(Clock::time_point start) { return Clock::now() - start; }

// FNV-1a, one value at a time.
struct Digest {
  std::uint64_t value = 1469598103934665603ULL;
  void add(std::uint64_t word) {
    value ^= word;
    value *= 1099511628211ULL;
  }
};

void add_action(Digest& digest, const Action& action) {
  digest.add(static_cast<std::uint64_t>(action.kind) << 16 | static_cast<std::uint64_t>(action.pile) << 8 |
             static_cast<std::uint64_t>(action.card.index()));
  for (const Card card : action.order) digest.add(static_cast<std::uint64_t>(card.index()));
}

struct Sample {
  Colour tavern;
  std::vector<Card> sailor;
  std::vector<Card> opponent;
  CardSet sailor_set;
  CardSet opponent_set;
  CardSet crew;
};

std::vector<Sample> samples(int count) {
  qm::rules::Rng rng(42);
  std::vector<Sample> out;
  for (int i = 0; i < count; ++i) {
    const std::vector<Card> deck = shuffled_deck(rng);
    Sample sample{deck[24].colour, {deck.begin(), deck.begin() + 12}, {deck.begin() + 12, deck.begin() + 24}, {}, {}, {}};
    sample.sailor_set = CardSet(sample.sailor);
    sample.opponent_set = CardSet(sample.opponent);
    sample.crew = best_grouped_hand(sample.tavern, sample.sailor_set).crew;
    out.push_back(std::move(sample));
  }
  return out;
}

void bench_groupings(const std::vector<Sample>& hands) {
  constexpr int kRounds = 200;
  long checksum = 0;
  auto start = Clock::now();
  for (int round = 0; round < kRounds; ++round)
    for (const Sample& s : hands) checksum += best_grouping(s.tavern, s.sailor).stowaway_total;
  const double lists = kRounds * static_cast<double>(hands.size()) / seconds_since(start);
  start = Clock::now();
  for (int round = 0; round < kRounds; ++round)
    for (const Sample& s : hands) checksum += best_stowaway_total(s.tavern, s.sailor_set);
  const double totals = kRounds * static_cast<double>(hands.size()) / seconds_since(start);
  std::printf("groupings per CPU second (best_grouping, card lists):      %12.0f\n", lists);
  std::printf("groupings per CPU second (best_stowaway_total, card sets): %12.0f\n", totals);
  std::printf("  checksum %ld\n", checksum);
}

// Greedy's question at every turn, several times: the best card to give up from 13.
void bench_discards(const std::vector<Sample>& hands) {
  constexpr int kRounds = 50;
  long checksum = 0;
  const auto start = Clock::now();
  for (int round = 0; round < kRounds; ++round)
    for (const Sample& s : hands) {
      CardSet thirteen = s.sailor_set;
      thirteen.insert(s.opponent.front());
      const BestDiscard discard = best_discard(s.tavern, thirteen);
      checksum += discard.total * 128 + discard.card.index();
    }
  std::printf("discards per CPU second (best_discard, 13-card hands):     %12.0f\n",
              kRounds * static_cast<double>(hands.size()) / seconds_since(start));
  std::printf("  checksum %ld\n", checksum);
}

void bench_additions(const std::vector<Sample>& hands) {
  constexpr int kRounds = 50;
  long checksum = 0;
  const auto start = Clock::now();
  for (int round = 0; round < kRounds; ++round)
    for (const Sample& s : hands) checksum += best_additions(s.tavern, s.crew, s.opponent_set).size();
  std::printf("additions per CPU second (best_additions, 12-card hands):  %12.0f\n",
              kRounds * static_cast<double>(hands.size()) / seconds_since(start));
  std::printf("  checksum %ld\n", checksum);
}

// Complete matches of the engine alone (every move still checked by apply_action), match i seeded
// as simulate() seeds it: the figure the target is about.
void bench_engine(int players, int games) {
  const Policy greedy = make_policy("greedy");
  Digest digest;
  double turns = 0;
  const auto start = Clock::now();
  for (int game = 0; game < games; ++game) {
    qm::rules::Rng rng = qm::rules::game_rng(2024, game);
    State state(Rules{players, kDefaultLimit, 0});
    while (!state.is_terminal())
      state.apply_action(state.current_player() == qm::rules::kChancePlayer ? state.sample_chance(rng) : greedy.choose(state, rng));
    turns += state.turns();
    for (const Action& action : state.history()) add_action(digest, action);
    for (int seat = 0; seat < players; ++seat) digest.add(static_cast<std::uint64_t>(state.match().penalty(seat) + 100000));
  }
  const double elapsed = seconds_since(start);
  std::printf("engine, %d x greedy: %10.0f games per CPU second   turns/match %.1f  digest %016llx\n", players, games / elapsed,
              turns / games, static_cast<unsigned long long>(digest.value));
}

// Complete matches through simulate(): every check of the run, at every step.
void bench_matches(int players, const std::string& policy, int games) {
  qm::rules::SimulationRequest request;
  request.players = players;
  request.games = games;
  request.seed = 2024;
  request.policies = {policy};
  const auto start = Clock::now();
  const qm::rules::SimulationSummary summary = simulate(request);
  const double elapsed = seconds_since(start);
  std::printf("simulate, %d x %-6s: %10.0f games per CPU second   deals/match %.2f  turns/match %.1f  wins", players,
              policy.c_str(), games / elapsed, summary.mean_turns, summary.extra["mean_player_turns"].get<double>());
  for (const double w : summary.wins) std::printf(" %.0f", w);
  bool all = true;
  for (const auto& [name, ok] : summary.checks) all = all && ok;
  std::printf("  checks %s\n", all ? "ok" : "FAILED");
}

// One greedy seat with threshold `sail_at` against default greedy seats: its share of the wins.
void sweep_sail_at(int players, int games, int baseline) {
  std::printf("sail_at sweep: seat 0's win share against %d greedy seats with sail_at %d (%d matches each)\n",
              players - 1, baseline, games);
  for (int sail_at = 0; sail_at <= 12; sail_at += 2) {
    double wins = 0;
    for (int game = 0; game < games; ++game) {
      qm::rules::Rng rng = qm::rules::game_rng(7, game);
      State state(Rules{players, kDefaultLimit, game % players});
      const Policy mine{PolicyKind::greedy, sail_at};
      const Policy others{PolicyKind::greedy, baseline};
      while (!state.is_terminal()) {
        if (state.current_player() == qm::rules::kChancePlayer) {
          state.apply_action(state.sample_chance(rng));
        } else {
          state.apply_action((state.current_player() == 0 ? mine : others).choose(state, rng));
        }
      }
      for (const int seat : state.match().winners())
        if (seat == 0) wins += 1.0 / static_cast<double>(state.match().winners().size());
    }
    std::printf("  sail_at %2d: %.3f (fair share %.3f)\n", sail_at, wins / games, 1.0 / players);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Sample> hands = samples(4096);
  bench_groupings(hands);
  bench_discards(hands);
  bench_additions(hands);
  bench_engine(4, 2000);
  for (int players = 2; players <= 4; ++players) bench_matches(players, "greedy", 2000);
  bench_matches(4, "random", 2000);
  if (argc > 1 && std::strcmp(argv[1], "--sail-at") == 0)
    sweep_sail_at(4, 2000, argc > 2 ? std::atoi(argv[2]) : kDefaultSailAt);
  return 0;
}
