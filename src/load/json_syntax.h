// A plain JSON tokenizer for the slow paths: precise syntax errors, and finding where a value sits.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace podfit {

struct JsonSyntaxError {
  size_t offset;        // byte offset of the offending character in the text
  std::string message;  // worded as Go's encoding/json words it
};

// Checks that `text` holds exactly one JSON value (surrounded by whitespace only).
std::optional<JsonSyntaxError> check_json_syntax(std::string_view text, int max_depth);

// A step of a value's path: a member name or an array index.
using JsonPathStep = std::variant<std::string, size_t>;

// Byte offset of the value at `path` inside valid JSON `text`, or nullopt.
std::optional<size_t> locate_json_value(std::string_view text, const std::vector<JsonPathStep>& path);

// The first offset at or after `offset` that is not JSON whitespace.
size_t skip_json_ws(std::string_view text, size_t offset);

// Offset just past the JSON value starting at `offset` in valid JSON `text`.
size_t skip_json_value(std::string_view text, size_t offset);

// Decodes the JSON string literal starting at text[offset] ('"'); offset moves past it.
std::string read_json_string(std::string_view text, size_t& offset);

}  // namespace podfit
