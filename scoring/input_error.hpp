#pragma once
// Errors caused by what the user typed or supplied. The CLI turns every one of them into a
// single line on stderr and exit status 2; the REPL prints the line and carries on.
#include <stdexcept>
#include <string>

namespace qm {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// A token that is not valid notation (unknown card, malformed count, ...).
class NotationError : public InputError {
 public:
  NotationError(const std::string& message, std::string token)
      : InputError(message), token_(std::move(token)) {}
  const std::string& token() const { return token_; }

 private:
  std::string token_;
};

}  // namespace qm
