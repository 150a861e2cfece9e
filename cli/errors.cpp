#include "cli/errors.hpp"

#include <algorithm>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include "scoring/input_error.hpp"
#include "scoring/wording.hpp"

namespace qm::cli {
namespace {

// CLI11's messages may span lines; the contract wants exactly one.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// CLI11's messages repeat what was typed as it was typed (`Value xxx... could not be converted`,
// `The following argument was not expected: xxx...`): every word of them is cut as our own
// messages cut a token.
std::string tokens_cut(const std::string& text) {
  std::string out;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t space = std::min(text.find(' ', from), text.size());
    if (!out.empty() || from > 0) out += ' ';
    out += echoed(std::string_view(text).substr(from, space - from));
    from = space + 1;
  }
  return out;
}

}  // namespace

int report_exception(std::exception_ptr error, std::ostream& err) {
  try {
    std::rethrow_exception(error);
  } catch (const CLI::ParseError& parse) {
    err << "quartermaster: " << tokens_cut(one_line(parse.what())) << "\n";
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
