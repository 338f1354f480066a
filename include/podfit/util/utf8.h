// UTF-8 as Go's unicode/utf8 reads it: an invalid byte is one rune of its own (RuneError).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

namespace podfit {

// The code point at text[i] and its length; -1 and 1 for an invalid byte (utf8.RuneError, width 1).
inline std::pair<int32_t, size_t> decode_rune(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  size_t length = 0;
  int32_t rune = 0;
  int32_t minimum = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2, rune = b0 & 0x1F, minimum = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3, rune = b0 & 0x0F, minimum = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4, rune = b0 & 0x07, minimum = 0x10000;
  } else {
    return {-1, 1};
  }
  if (i + length > text.size()) return {-1, 1};
  for (size_t k = 1; k < length; ++k) {
    const unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) return {-1, 1};
    rune = (rune << 6) | (b & 0x3F);
  }
  if (rune < minimum || rune > 0x10FFFF || (rune >= 0xD800 && rune <= 0xDFFF)) return {-1, 1};
  return {rune, length};
}

// unicode.IsSpace: the Latin-1 spaces and the other White_Space code points.
constexpr bool is_go_space(int32_t r) {
  switch (r) {
    case '\t': case '\n': case '\v': case '\f': case '\r': case ' ': case 0x85: case 0xA0:
    case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return r >= 0x2000 && r <= 0x200A;
  }
}

}  // namespace podfit
