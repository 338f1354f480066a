#include "stand_in.h"

#include <fmt/format.h>

#include <cstdint>

namespace podfit {
namespace {

// The alphabet of rand.SafeEncodeString and utilrand.String: no vowels, no look-alikes.
constexpr std::string_view kSafeAlphabet = "bcdfghjklmnpqrstvwxz2456789";

uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

// SafeEncodeString of the decimal 32-bit hash: the real one hashes Go's in-memory template.
std::string stand_in_hash(std::string_view seed) {
  std::string digits = std::to_string(static_cast<uint32_t>(fnv1a64(seed)));
  for (char& c : digits) c = kSafeAlphabet[static_cast<unsigned char>(c) % kSafeAlphabet.size()];
  return digits;
}

std::string stand_in_suffix(std::string_view seed) {
  uint64_t h = fnv1a64(fmt::format("suffix/{}", seed));
  std::string out;
  for (int i = 0; i < 5; ++i) {
    out += kSafeAlphabet[h % kSafeAlphabet.size()];
    h /= kSafeAlphabet.size();
  }
  return out;
}

std::string stand_in_uid(std::string_view seed) {
  uint64_t a = fnv1a64(fmt::format("uid-a/{}", seed));
  uint64_t b = fnv1a64(fmt::format("uid-b/{}", seed));
  return fmt::format("{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}", a >> 32, (a >> 16) & 0xffff, a & 0xfff,
                     b >> 52, b & 0xffffffffffffULL);
}

std::string stand_in_schedule_minutes(std::string_view seed) {
  return std::to_string(29000000 + fnv1a64(fmt::format("minutes/{}", seed)) % 1000000);
}

}  // namespace podfit
