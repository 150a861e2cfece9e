// `quartermaster simulate GAME --players N --games K [--seed S] [--jobs N] [--policy NAME...] [--option K=V...]`
#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/game_catalogue.hpp"
#include "cli/progress_line.hpp"
#include "cli/text_table.hpp"
#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

struct SimulateOptions {
  std::string game;
  int players = 0;
  int games = 0;
  std::optional<std::uint64_t> seed;  // none: one is drawn, and printed so the run can be repeated
  int jobs = 0;                       // 0: every core
  std::vector<std::string> policies;
  std::vector<std::string> options;
};

// 32 bits are plenty to tell runs apart, and short enough to type back with --seed.
std::uint64_t draw_seed() { return std::random_device{}(); }

int every_core() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

void run_simulate(const SimulateOptions& options, Context& ctx) {
  const GameEntry* game = find_game(options.game);
  if (game == nullptr || !game->simulate) throw InputError(unknown_game_message(options.game));
  rules::SimulationRequest request;
  request.players = options.players;
  request.games = options.games;
  const bool seed_drawn = !options.seed;
  request.seed = options.seed ? *options.seed : draw_seed();
  request.jobs = options.jobs > 0 ? options.jobs : every_core();
  request.policies = options.policies;
  request.options = rules::GameOptions::parse(options.options);

  const auto start = std::chrono::steady_clock::now();
  rules::SimulationSummary summary;
  {
    ProgressLine progress(progress_stream(ctx.json), "simulate " + options.game, options.games, "games");
    request.progress = [&progress](int done) { progress.update(done); };
    summary = game->simulate(request);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (ctx.json) {
    nlohmann::json doc = {{"game", options.game},
                          {"games", options.games},
                          {"players", options.players},
                          {"seed", request.seed},
                          {"seed_drawn", seed_drawn},
                          {"jobs", request.jobs},
                          {"policies", summary.policies},
                          {"wins", summary.wins},
                          {"mean_turns", summary.mean_turns},
                          {"mean_final", summary.mean_final},
                          {"checks", summary.checks},
                          {"elapsed_s", elapsed}};
    for (const auto& [key, value] : summary.extra.items()) doc[key] = value;
    ctx.print() << doc.dump(2) << "\n";
    return;
  }
  ctx.print() << fmt::format("{}: {}, {}, seed {}{} ({:.2f} s on {})\n", game->title, counted(options.games, "game"),
                             counted(options.players, "player"), request.seed, seed_drawn ? " drawn at random" : "",
                             elapsed, counted(request.jobs, "thread"));
  TextTable table({"seat", "policy", "wins", "win %", "mean final"});
  for (std::size_t seat = 0; seat < summary.policies.size(); ++seat) {
    const double wins = seat < summary.wins.size() ? summary.wins[seat] : 0;
    table.add_row({std::to_string(seat + 1), summary.policies[seat], format_number(wins, 2),
                   format_number(100.0 * wins / std::max(1, options.games), 1),
                   format_number(seat < summary.mean_final.size() ? summary.mean_final[seat] : 0, 1)});
  }
  table.print(ctx.print());
  ctx.print() << fmt::format("mean length: {}\n", format_number(summary.mean_turns, 2));
  for (const auto& [name, held] : summary.checks)
    ctx.print() << fmt::format("check {}: {}\n", name, held ? good(ctx, "held") : bad(ctx, "FAILED"));
  for (const auto& [key, value] : summary.extra.items()) ctx.print() << key << ": " << value.dump() << "\n";
}

}  // namespace

void setup_simulate(CLI::App& app, Context& ctx) {
  auto options = std::make_shared<SimulateOptions>();
  CLI::App* sub = app.add_subcommand("simulate", "Play complete games under the full rule engine");
  sub->add_option("game", options->game, "piraten, corsari, meuterer, loot or pirates-code")->required();
  sub->add_option("--players", options->players, "Number of seats")->required()->check(CLI::Range(1, 16));
  sub->add_option("--games", options->games, "Number of games")->required()->check(CLI::Range(1, 10000000));
  sub->add_option("--seed", options->seed,
                  "Seed: the same seed gives the same results (left out: one is drawn and printed)");
  sub->add_option("--jobs", options->jobs,
                  "Threads playing games at once (default: every core); the results do not depend on it")
      ->check(CLI::Range(1, 1024));
  sub->add_option("--policy", options->policies, "Policy for every seat, or one per seat")->type_name("NAME");
  sub->add_option("--option", options->options, "Game option, as in RULINGS.md")->type_name("K=V");
  sub->callback([options, &ctx] { run_simulate(*options, ctx); });
}

}  // namespace qm::cli
