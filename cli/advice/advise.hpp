#pragma once
// `quartermaster advise piraten` (CLI.md, Advice; issue 10): the exact best move of a Piraten
// Kapern turn, and the per-card table of whole turns under optimal play. The solver is
// advice/solver.hpp; this file only parses and formats. The REPL's hint during a refereed turn
// uses advice_sentence() on the turn in progress.
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
// The REPL's `advise` (or `hint`) during a refereed Piraten Kapern turn, and its automatic hint
// after every roll: the sentence for the turn in progress, Island deductions counted for
// `opponents`. Throws RuleViolation when the turn waits for a throw or is over.
std::string turn_hint(const piraten::Turn& turn, int opponents);
// The JSON of CLI.md, Advice, with up to `alternatives` ranked alternatives after the best.
nlohmann::json advice_json(const advice::Advice& advice, std::size_t alternatives);

}  // namespace qm::cli
