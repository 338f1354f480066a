// How field.Error prints a bad value whose Go type is a named string type without a String
// method (a selector operator, an eviction policy), as the validating release prints it.
#pragma once

#include <string>
#include <string_view>

namespace podfit {

// encoding/json's quoting from v1.34; before, fmt's %#v, which quotes it as Go source does
// (the two differ on <, >, & and control characters).
std::string named_string_value(std::string_view text);

}  // namespace podfit
