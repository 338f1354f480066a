// Whether podfit's reports are coloured.
#pragma once

namespace podfit {

// Colour on a terminal only, and not when the user asks for none: NO_COLOR set to a non-empty
// value (no-color.org: an empty one does not count) or TERM=dumb (a terminal without escapes).
// `no_color` and `term` are the variables' values, null when unset.
bool use_color(bool stdout_is_terminal, const char* no_color, const char* term);

}  // namespace podfit
