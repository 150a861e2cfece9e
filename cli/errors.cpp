#include "cli/errors.hpp"

#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "scoring/input_error.hpp"

namespace qm::cli {
namespace {

// CLI11's messages may span lines; the contract wants exactly one.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace

int report_exception(std::exception_ptr error, std::ostream& err) {
  try {
    std::rethrow_exception(error);
  } catch (const CLI::ParseError& parse) {
    err << "quartermaster: " << one_line(parse.what()) << "\n";
    return kExitBadInput;
  } catch (const InputError& input) {
    err << "quartermaster: " << one_line(input.what()) << "\n";
    return kExitBadInput;
  } catch (const std::exception& internal) {
    err << "quartermaster: internal error: " << one_line(internal.what()) << "\n";
    return kExitInternal;
  } catch (...) {
    err << "quartermaster: internal error\n";
    return kExitInternal;
  }
}

}  // namespace qm::cli
