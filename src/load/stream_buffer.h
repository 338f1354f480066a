// A sliding window over an Input, addressed by absolute offsets, that knows line numbers.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>

#include "input.h"

namespace podfit {

// Holds the bytes from the oldest offset still needed to the furthest read, with
// kPadding readable bytes after the data (simdjson reads up to 64 bytes past the end).
class StreamBuffer {
 public:
  static constexpr size_t kPadding = 64;
  static constexpr size_t kMinChunk = 4096;

  explicit StreamBuffer(Input& input, size_t chunk = size_t{1} << 20);

  // True when the byte at absolute offset `pos` is in the window, reading more as needed.
  bool available(uint64_t pos) {
    return pos < base_ + size_ || fill_until(pos);
  }
  char at(uint64_t pos) const { return data_[pos - base_]; }
  const char* ptr(uint64_t pos) const { return data_.get() + (pos - base_); }
  // End of the bytes read so far (absolute).
  uint64_t end() const { return base_ + size_; }
  // Bytes before `pos` are no longer needed and may be dropped on the next refill.
  void release_before(uint64_t pos) {
    if (pos > keep_) keep_ = pos;
  }
  // 1-based line of absolute offset `pos`; 0 once `pos` has been dropped from the window.
  int line_of(uint64_t pos);
  // Total bytes read from the input.
  uint64_t bytes_read() const { return base_ + size_; }

 private:
  bool fill_until(uint64_t pos);
  void count_lines_to(uint64_t pos);

  Input& input_;
  size_t chunk_;
  std::unique_ptr<char[]> data_;
  size_t capacity_ = 0;  // bytes allocated, padding included
  uint64_t base_ = 0;    // absolute offset of data_[0]
  size_t size_ = 0;      // bytes of data in the window
  uint64_t keep_ = 0;    // oldest absolute offset still needed
  bool eof_ = false;
  // Line counting cursor: `line_` is the line of absolute offset `line_pos_`.
  uint64_t line_pos_ = 0;
  int line_ = 1;
};

}  // namespace podfit
