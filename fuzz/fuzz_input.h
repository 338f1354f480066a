// Helpers the fuzz targets share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace podfit::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The loader's own test: JSON when the first byte after a byte order mark and whitespace
// opens an object or an array.
inline bool looks_like_json(std::string_view text) {
  size_t p = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (p < text.size() && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n' || text[p] == '\r' ||
                             text[p] == '\v' || text[p] == '\f')) {
    ++p;
  }
  return p < text.size() && (text[p] == '{' || text[p] == '[');
}

}  // namespace podfit::fuzz
