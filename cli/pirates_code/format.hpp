#pragma once
// Pirate's Code as people and scripts read it: the sentence of each event; the notebook (the
// possible code pairs, the must / may / cannot table of every player, the contradictions); and
// the summary printed after each event.
#include <string>

#include <nlohmann/json.hpp>

#include "cli/context.hpp"
#include "cli/pirates_code/table.hpp"

namespace qm::cli::pirates_code_cli {

// "Bob guessed 5 and 11: Cy said "have"." The event as the table recorded it (its actor named).
std::string event_sentence(const pc::Event& event, const pc::Table& table);

// `notebook [--clues]`: the whole view.
nlohmann::json notebook_json(const PiratesCodeTable& table, bool with_events);
void print_notebook(Context& ctx, const PiratesCodeTable& table, bool with_events);

// After an event: one JSON document, or a few lines (what happened, what the notebook now says,
// any contradiction, who plays next).
nlohmann::json event_json(const PiratesCodeTable& table, const TableEvent& event);
void print_event(Context& ctx, const PiratesCodeTable& table, const TableEvent& event);

}  // namespace qm::cli::pirates_code_cli
