// Prints a JSON document as YAML, the way kubectl -o yaml lays documents out.
#pragma once

#include <ostream>
#include <string_view>

#include <nlohmann/json.hpp>

namespace podfit {

// True when the string can be written unquoted and read back as the same string.
bool yaml_plain_safe(std::string_view s);

// Block style, two-space indent, list items at their key's indentation, strings quoted
// only when a plain scalar would be read back as something else.
void emit_yaml(std::ostream& out, const nlohmann::ordered_json& doc);

}  // namespace podfit
