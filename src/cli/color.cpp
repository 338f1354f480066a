#include "podfit/cli/color.h"

#include <string_view>

namespace podfit {

bool use_color(bool stdout_is_terminal, const char* no_color, const char* term) {
  if (!stdout_is_terminal) return false;
  if (no_color != nullptr && *no_color != '\0') return false;
  return term == nullptr || std::string_view(term) != "dumb";
}

}  // namespace podfit
