#pragma once
// What `quartermaster simulate GAME` asks of an engine and what it gets back (CLI.md,
// Simulation). Each game provides `SimulationSummary simulate(const SimulationRequest&)`, built
// on the SimulationRun below: the part of a run every game shares.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/engine.hpp"
#include "rules/game_options.hpp"

namespace qm::rules {

struct SimulationRequest {
  int players = 0;
  int games = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> policies;  // empty, one for every seat, or one per seat
  GameOptions options;
  int jobs = 1;  // threads playing games at once; the results do not depend on it
  // Called now and then from the calling thread while games are played (never from a worker),
  // with the count of games finished; the last call has every game finished.
  std::function<void(int games_done)> progress;
};

struct SimulationSummary {
  std::vector<std::string> policies;   // one per seat, resolved
  std::vector<double> wins;            // per seat; a win shared by k players counts 1/k
  double mean_turns = 0;               // the game's own unit of play (turns, deals, rounds)
  std::vector<double> mean_final;      // per seat: mean final score (penalty for Corsari)
  std::map<std::string, bool> checks;  // invariants verified during the run, each true
  nlohmann::json extra = nlohmann::json::object();  // game-specific figures, merged into the JSON
};

// One policy name per seat: none gives every seat `fallback`, one is used for every seat, and
// otherwise there must be exactly one per seat. Throws InputError for an unknown name or count.
std::vector<std::string> resolve_policies(const std::vector<std::string>& names, int players,
                                          const std::string& fallback, const std::vector<std::string>& known);

// The generator of game number `index` of a run: independent games, reproducible from the seed.
Rng game_rng(std::uint64_t seed, int index);

// What one game of a run leaves for the shared tally. The game's own checks and extra figures
// are gathered by the game itself, in the callable that plays it.
struct GameResult {
  std::vector<double> finals;  // per seat: final score (penalty for Corsari)
  std::vector<int> winners;    // seats; each of k winners counts 1/k of a win; none: nobody won
  double turns = 0;            // the game's own unit of play (turns, deals, rounds)
};

// The set-up of every game's simulate(): the count of games, the policies of the seats, the
// games played on `jobs` threads, the shared wins and the means.
//
// Games are played in chunks of kChunkGames consecutive games, game i always with
// game_rng(seed, i). Each chunk tallies into its own tally, and the chunks' tallies are merged in
// chunk order, so sums of doubles are added in the same order whatever the number of threads:
// --jobs N gives the same summary as --jobs 1, bit for bit.
class SimulationRun {
 public:
  static constexpr int kChunkGames = 64;

  // Throws InputError for fewer than one game or thread, and as resolve_policies does. The game
  // checks its player count and options first (CLI.md's --games is 1 or more: this guards
  // callers that are not the CLI).
  SimulationRun(const SimulationRequest& request, const std::string& fallback, const std::vector<std::string>& known);

  const std::vector<std::string>& policies() const { return policies_; }  // one per seat, resolved
  // What a game's own per-game means divide by.
  double games() const { return static_cast<double>(games_); }

  // Plays every game with `play_game(game, rng, tally)`, each chunk into a fresh Tally, and
  // merges the chunks' tallies into `total` in chunk order (`total.merge(chunk)`). Returns the
  // summary with policies, wins, mean_final and mean_turns filled in; checks and extra are the
  // caller's, from `total`. `play_game` is called from several threads at once: it may change
  // only its tally and what it creates itself.
  template <class Tally, class PlayGame>
  SimulationSummary play(const PlayGame& play_game, Tally& total) const {
    class TallyingChunk final : public Chunk {
     public:
      TallyingChunk(const PlayGame& play, Tally& total) : play_(play), total_(total) {}
      GameResult play(int game, Rng& rng) override { return play_(game, rng, tally_); }
      void merge() override { total_.merge(tally_); }

     private:
      const PlayGame& play_;
      Tally& total_;
      Tally tally_;
    };
    return play_chunks([&] { return std::make_unique<TallyingChunk>(play_game, total); });
  }

 private:
  // The games of one chunk and what they tally.
  class Chunk {
   public:
    virtual ~Chunk() = default;
    virtual GameResult play(int game, Rng& rng) = 0;
    virtual void merge() = 0;  // into the run's total; called in chunk order, one at a time
  };
  SimulationSummary play_chunks(const std::function<std::unique_ptr<Chunk>()>& new_chunk) const;

  int players_;
  int games_;
  std::uint64_t seed_;
  int jobs_;
  std::function<void(int)> progress_;
  std::vector<std::string> policies_;
};

}  // namespace qm::rules
