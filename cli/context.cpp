#include "cli/context.hpp"

#include <unistd.h>

#include <cstdlib>

namespace qm::cli {
namespace {

std::string styled(const Context& ctx, const char* code, const std::string& text) {
  if (!ctx.colour) return text;
  return std::string("\033[") + code + "m" + text + "\033[0m";
}

}  // namespace

std::string bold(const Context& ctx, const std::string& text) { return styled(ctx, "1", text); }
std::string dim(const Context& ctx, const std::string& text) { return styled(ctx, "2", text); }
std::string good(const Context& ctx, const std::string& text) { return styled(ctx, "32", text); }
std::string bad(const Context& ctx, const std::string& text) { return styled(ctx, "31", text); }

bool colour_wanted() {
  const char* no_colour = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || *no_colour == '\0');
}

}  // namespace qm::cli
