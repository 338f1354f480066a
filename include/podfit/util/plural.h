// A count and its noun, singular or plural as the count asks: "1 pod", "3 pods", "0 copies".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace podfit {

inline std::string counted(size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// Nouns whose plural only adds an "s" (pod, node, manifest).
inline std::string counted(size_t n, std::string_view one) {
  return n == 1 ? fmt::format("1 {}", one) : fmt::format("{} {}s", n, one);
}

}  // namespace podfit
