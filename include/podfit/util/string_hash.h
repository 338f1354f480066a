// Hash maps keyed by std::string that are looked up by std::string_view, without building a
// string for each lookup.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace podfit {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
};

template <class V>
using StringHashMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

}  // namespace podfit
