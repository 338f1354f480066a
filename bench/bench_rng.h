// The benchmark generators' random numbers: splitmix64, small, fast and the same on every
// platform, so a seed always gives the same cluster.
#pragma once

#include <cstdint>
#include <string>

struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
  std::string hex(int digits) {
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < digits; ++i) out += kHex[below(16)];
    return out;
  }
  // Shaped as the five random characters the API server appends to a generateName.
  std::string suffix(int n) {
    static const char* kChars = "bcdfghjklmnpqrstvwxz2456789";
    std::string out;
    for (int i = 0; i < n; ++i) out += kChars[below(27)];
    return out;
  }
  std::string uid() { return hex(8) + "-" + hex(4) + "-" + hex(4) + "-" + hex(4) + "-" + hex(12); }
};
