#pragma once
// A move the rules do not allow. Engines throw it before changing any state, so the caller
// (the REPL, a simulation) can report the reason and go on with the state as it was.
#include <string>

#include "scoring/input_error.hpp"

namespace qm {

class RuleViolation : public InputError {
 public:
  explicit RuleViolation(const std::string& reason);
};

}  // namespace qm
