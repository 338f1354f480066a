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

// Decodes the JSON string literal starting at text[offset] ('"'); offset moves past it. A
// surrogate escape without its pair is U+FFFD, as Go's encoding/json reads it.
std::string read_json_string(std::string_view text, size_t& offset);

// `text` with every unpaired surrogate escape (\uD800 to \uDFFF) written \uFFFD, which Go reads
// them as and strict parsers refuse; nullopt when there is none. Offsets stay as they were.
std::optional<std::string> replace_lone_surrogates(std::string_view text);

}  // namespace podfit
