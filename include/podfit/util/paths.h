// File names as messages show them.
#pragma once

#include <string>
#include <string_view>

#include "podfit/model/field_errors.h"

namespace podfit {

// A path as given, or Go-quoted when it holds a control character (a newline in a file name
// would otherwise break a one-line message in two, and a terminal escape would be obeyed).
inline std::string shown_path(std::string_view path) {
  for (unsigned char c : path) {
    if (c < 0x20 || c == 0x7f) return field::go_quote(path);
  }
  return std::string(path);
}

}  // namespace podfit
