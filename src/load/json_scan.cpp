#include "json_scan.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define PODFIT_SSE2 1
#endif

namespace podfit {
namespace {

// Bit i of each mask describes byte i of a 64-byte block.
struct BlockMasks {
  uint64_t quote = 0;
  uint64_t backslash = 0;
  uint64_t open = 0;
  uint64_t close = 0;
};

#ifdef PODFIT_SSE2
inline uint64_t eq_mask(const __m128i chunks[4], char c) {
  const __m128i needle = _mm_set1_epi8(c);
  uint64_t m = 0;
  for (int i = 0; i < 4; ++i) {
    m |= static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunks[i], needle)))) << (16 * i);
  }
  return m;
}

inline BlockMasks classify(const char* block) {
  __m128i chunks[4];
  __m128i folded[4];
  // '[' and ']' differ from '{' and '}' only in bit 0x20: one comparison finds both.
  const __m128i case_bit = _mm_set1_epi8(0x20);
  for (int i = 0; i < 4; ++i) {
    chunks[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
    folded[i] = _mm_or_si128(chunks[i], case_bit);
  }
  BlockMasks m;
  m.quote = eq_mask(chunks, '"');
  m.backslash = eq_mask(chunks, '\\');
  m.open = eq_mask(folded, '{');
  m.close = eq_mask(folded, '}');
  return m;
}
#else
inline BlockMasks classify(const char* block) {
  BlockMasks m;
  for (int i = 0; i < 64; ++i) {
    const uint64_t bit = uint64_t{1} << i;
    switch (block[i]) {
      case '"': m.quote |= bit; break;
      case '\\': m.backslash |= bit; break;
      case '{': case '[': m.open |= bit; break;
      case '}': case ']': m.close |= bit; break;
      default: break;
    }
  }
  return m;
}
#endif

// Bit i set when an odd number of bits at positions <= i are set: which bytes lie inside strings.
inline uint64_t prefix_xor(uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

// The bytes escaped by a backslash. A run of backslashes escapes its every other byte, and the
// byte after an odd-length run; `carry` says the block starts with an escaped byte and becomes
// whether the next block does.
inline uint64_t escaped_bytes(uint64_t backslash, uint64_t& carry) {
  constexpr uint64_t kEven = 0x5555555555555555ULL;
  backslash &= ~carry;  // an escaped backslash escapes nothing
  const uint64_t follows = (backslash << 1) | carry;
  // Runs starting on odd positions: adding them to the run masks flips the parity of the run.
  const uint64_t odd_starts = backslash & ~kEven & ~follows;
  uint64_t even_run_ends = 0;
  const bool overflow = __builtin_add_overflow(odd_starts, backslash, &even_run_ends);
  const uint64_t invert = even_run_ends << 1;
  carry = overflow ? 1 : 0;
  return (kEven ^ invert) & follows;
}

}  // namespace

size_t JsonValueScanner::scan(const char* data, size_t len) {
  for (size_t offset = 0; offset < len; offset += 64) {
    const size_t valid = std::min<size_t>(64, len - offset);
    const uint64_t valid_mask = valid == 64 ? ~uint64_t{0} : (uint64_t{1} << valid) - 1;
    BlockMasks m = classify(data + offset);
    m.quote &= valid_mask;
    m.backslash &= valid_mask;

    const uint64_t escaped = escaped_bytes(m.backslash, escaped_);
    const uint64_t quotes = m.quote & ~escaped;
    const uint64_t in_string = prefix_xor(quotes) ^ in_string_;
    // The state the next block starts with: inside a string iff this block's last byte is.
    uint64_t structural = (m.open | m.close) & ~in_string & valid_mask;
    const uint64_t last_in_string = in_string >> 63 ? ~uint64_t{0} : 0;

    while (structural != 0) {
      const int i = __builtin_ctzll(structural);
      const uint64_t bit = uint64_t{1} << i;
      if (m.open & bit) {
        max_depth_seen_ = std::max(max_depth_seen_, ++depth_);
      } else if (--depth_ == 0) {
        return offset + static_cast<size_t>(i) + 1;
      }
      structural &= structural - 1;
    }
    // Only a full block's last byte decides; a partial block leaves the state where it ended.
    if (valid == 64) {
      in_string_ = last_in_string;
    } else {
      in_string_ = (in_string >> (valid - 1)) & 1 ? ~uint64_t{0} : 0;
      // A backslash on the last valid byte escapes the first byte of the next piece.
      escaped_ = ((m.backslash & ~escaped) >> (valid - 1)) & 1;
    }
  }
  return kNotFound;
}

size_t count_newlines(const char* data, size_t len) {
  size_t count = 0;
  size_t i = 0;
#ifdef PODFIT_SSE2
  // Each match is -1 in its byte lane: subtracting the comparisons counts up to 255 per lane,
  // then one sum of absolute differences adds the lanes up.
  const __m128i newline = _mm_set1_epi8('\n');
  while (i + 16 <= len) {
    __m128i lanes = _mm_setzero_si128();
    const size_t stop = std::min(len - 15, i + 255 * 16);
    for (; i < stop; i += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(chunk, newline));
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    count += static_cast<size_t>(_mm_cvtsi128_si64(sums)) + static_cast<size_t>(_mm_extract_epi16(sums, 4));
  }
#endif
  for (; i < len; ++i) count += data[i] == '\n';
  return count;
}

}  // namespace podfit
