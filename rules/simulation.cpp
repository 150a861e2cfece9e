#include "rules/simulation.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::rules {

std::vector<std::string> resolve_policies(const std::vector<std::string>& names, int players,
                                          const std::string& fallback, const std::vector<std::string>& known) {
  for (const std::string& name : names) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw InputError("unknown policy " + quoted_token(name) + " (known: " + list + ")");
    }
  }
  if (names.empty()) return std::vector<std::string>(static_cast<std::size_t>(players), fallback);
  if (names.size() == 1) return std::vector<std::string>(static_cast<std::size_t>(players), names.front());
  if (static_cast<int>(names.size()) != players)
    throw InputError("give one --policy for every seat or one for all: " + counted(static_cast<long long>(names.size()), "policy") +
                     " for " + counted(players, "player"));
  return names;
}

Rng game_rng(std::uint64_t seed, int index) {
  // One 64-bit number from the seed and the index, mixed by SplitMix64's finaliser so that
  // neighbouring games start far apart; the engine's own seeding from one number costs about
  // a microsecond, where a seed_seq filling all 312 words of its state cost a third of a
  // whole Meuterer game.
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(static_cast<std::uint32_t>(index)) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return Rng(z ^ (z >> 31));
}

SimulationRun::SimulationRun(const SimulationRequest& request, const std::string& fallback,
                             const std::vector<std::string>& known)
    : players_(request.players), games_(request.games), seed_(request.seed), jobs_(request.jobs), progress_(request.progress) {
  if (request.games < 1) throw InputError("simulate at least one game, not " + std::to_string(request.games));
  if (request.jobs < 1) throw InputError("simulate on at least one thread, not " + std::to_string(request.jobs));
  policies_ = resolve_policies(request.policies, request.players, fallback, known);
}

namespace {

// What a chunk's games add to the shared figures, kept apart until the chunk is merged.
struct SharedSums {
  std::vector<double> finals;  // per seat
  std::vector<double> wins;    // per seat
  double turns = 0;

  explicit SharedSums(std::size_t seats) : finals(seats, 0.0), wins(seats, 0.0) {}

  void add(const GameResult& result) {
    if (result.finals.size() != finals.size()) throw std::logic_error("a simulated game gave finals for the wrong number of seats");
    for (std::size_t seat = 0; seat < finals.size(); ++seat) finals[seat] += result.finals[seat];
    for (const int seat : result.winners) wins.at(static_cast<std::size_t>(seat)) += 1.0 / static_cast<double>(result.winners.size());
    turns += result.turns;
  }
  void add(const SharedSums& chunk) {
    for (std::size_t seat = 0; seat < finals.size(); ++seat) {
      finals[seat] += chunk.finals[seat];
      wins[seat] += chunk.wins[seat];
    }
    turns += chunk.turns;
  }
};

// How often the calling thread reports progress while the workers play.
constexpr std::chrono::milliseconds kProgressEvery{200};

}  // namespace

SimulationSummary SimulationRun::play_chunks(const std::function<std::unique_ptr<Chunk>()>& new_chunk) const {
  const auto seats = static_cast<std::size_t>(players_);
  const int chunks = (games_ + kChunkGames - 1) / kChunkGames;
  const int threads = std::clamp(jobs_, 1, chunks);

  struct Finished {
    std::unique_ptr<Chunk> chunk;
    SharedSums sums;
  };
  std::mutex mutex;  // guards everything below it up to `error`
  std::condition_variable merged_one;
  std::map<int, Finished> waiting;  // finished chunks not yet merged, by index
  int next_to_merge = 0;
  SharedSums total(seats);
  std::exception_ptr error;
  std::atomic<int> next_chunk{0};
  std::atomic<int> games_done{0};
  std::atomic<bool> stop{false};

  const auto work = [&] {
    try {
      for (int index = next_chunk++; index < chunks && !stop; index = next_chunk++) {
        Finished finished{new_chunk(), SharedSums(seats)};
        const int end = std::min(games_, (index + 1) * kChunkGames);
        for (int game = index * kChunkGames; game < end && !stop; ++game) {
          Rng rng = game_rng(seed_, game);
          finished.sums.add(finished.chunk->play(game, rng));
          games_done.fetch_add(1, std::memory_order_relaxed);
        }
        const std::lock_guard lock(mutex);
        waiting.emplace(index, std::move(finished));
        for (auto first = waiting.begin(); first != waiting.end() && first->first == next_to_merge; first = waiting.begin()) {
          first->second.chunk->merge();
          total.add(first->second.sums);
          waiting.erase(first);
          ++next_to_merge;
        }
        merged_one.notify_one();
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      stop = true;
      merged_one.notify_one();
    }
  };

  {
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back(work);
    std::unique_lock lock(mutex);
    while (next_to_merge < chunks && !error) {
      merged_one.wait_for(lock, kProgressEvery);
      if (progress_ && !error) {
        lock.unlock();
        progress_(games_done.load(std::memory_order_relaxed));
        lock.lock();
      }
    }
  }  // the workers are joined here
  if (error) std::rethrow_exception(error);
  if (progress_) progress_(games_);

  SimulationSummary summary;
  summary.policies = policies_;
  summary.wins = std::move(total.wins);
  summary.mean_final = std::move(total.finals);
  for (double& final : summary.mean_final) final /= games();
  summary.mean_turns = total.turns / games();
  return summary;
}

}  // namespace qm::rules
