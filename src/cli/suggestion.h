// Which known name a mistyped one was meant to be, as cobra suggests commands.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// The edit distance (insertions, deletions, substitutions) between two words, ignoring case.
size_t edit_distance(std::string_view a, std::string_view b);

// The names within two edits of `typed`, or that start with it, in the order given (cobra's rule).
std::vector<std::string> close_names(std::string_view typed, const std::vector<std::string>& names);

// The single closest of close_names (the first of the nearest), or "" when none is close.
std::string closest_name(std::string_view typed, const std::vector<std::string>& names);

}  // namespace podfit
