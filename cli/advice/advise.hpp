#pragma once
// `quartermaster advise piraten` (CLI.md, Advice; issue 10): the exact best move of a Piraten
// Kapern turn, and the per-card table of whole turns under optimal play. The solver is
// advice/solver.hpp; this file only parses and formats. The REPL's hint during a refereed turn
// (cli/piraten/table_commands.cpp, also after every roll with 'hint on') uses advice_sentence()
// and advice_json() on the turn in progress.
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "advice/solver.hpp"
#include "cli/context.hpp"

namespace qm::cli {

// Adds `advise` and its subcommand `piraten` (called from commands.cpp).
void setup_advise(CLI::App& app, Context& ctx);

// One solver per objective (0-4 opponents), built on first use and kept for the process, so
// repeated hints in the REPL cost microseconds after the first.
const advice::Solver& shared_solver(int opponents);

// The people's sentence: "reroll the two parrots: 612 expected vs 500 if you stop; 31% chance to die".
std::string advice_sentence(const advice::Advice& advice);
// What the numbers count, for an objective counting Island deductions `opponents` times:
// " (Island deductions count as gains x 2 opponents)"; empty for own points.
std::string objective_note(int opponents);
// The JSON of CLI.md, Advice, with up to `alternatives` ranked alternatives after the best.
nlohmann::json advice_json(const advice::Advice& advice, std::size_t alternatives);

}  // namespace qm::cli
