// int64 arithmetic that wraps on overflow, as Go's does: kube-scheduler sums resources in
// int64, and absurd inputs must give Go's answer rather than undefined behaviour.
#pragma once

#include <cstdint>

namespace podfit {

inline int64_t go_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t go_sub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t go_mul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

}  // namespace podfit
