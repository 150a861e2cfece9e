#include "scoring/rule_violation.hpp"

namespace qm {

// Out of line so the class's type information lives in one object file of qm_scoring.
RuleViolation::RuleViolation(const std::string& reason) : InputError(reason) {}

}  // namespace qm
