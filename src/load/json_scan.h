// Finds where a JSON object or array ends, 64 bytes at a time: the splitter's hot loop.
#pragma once

#include <cstddef>
#include <cstdint>

namespace podfit {

// Tracks strings (with backslash escapes) and bracket nesting over a byte stream that may
// arrive in pieces. Only the end of the outermost value is found here: full validation is the
// JSON parser's job once the value is whole.
class JsonValueScanner {
 public:
  static constexpr size_t kNotFound = static_cast<size_t>(-1);

  // Starts at a value's opening '{' or '['.
  void reset() {
    in_string_ = 0;
    escaped_ = 0;
    depth_ = 0;
    max_depth_seen_ = 0;
  }
  // Scans data[0, len) where data[len, len + 64) is readable (its content is ignored). Returns
  // the offset just past the outermost closing bracket, or kNotFound when the value goes on
  // past len (call again with the next bytes).
  size_t scan(const char* data, size_t len);
  // The deepest nesting met so far (the caller enforces its limit).
  int max_depth_seen() const { return max_depth_seen_; }

 private:
  uint64_t in_string_ = 0;  // all ones when the previous block ended inside a string
  uint64_t escaped_ = 0;    // 1 when the previous block ended with an unpaired backslash
  int depth_ = 0;
  int max_depth_seen_ = 0;
};

// Number of '\n' bytes in data[0, len).
size_t count_newlines(const char* data, size_t len);

}  // namespace podfit
