#pragma once
// Seats at the table: numbered from 0 inside the engines, from 1 where a player reads them.
#include <cstddef>
#include <string>

namespace qm::seats {

// A seat as the index of its entry in a state's per-seat vectors.
inline std::size_t at(int seat) { return static_cast<std::size_t>(seat); }
// "seat 1" for seat 0: how a message names a seat.
inline std::string seat_name(int seat) { return "seat " + std::to_string(seat + 1); }

}  // namespace qm::seats
