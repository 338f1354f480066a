// Prints a JSON document as YAML, the way kubectl -o yaml lays documents out.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

namespace podfit {

// Block style, two-space indent, list items at their key's indentation, strings quoted
// only when a plain scalar would be read back as something else.
void emit_yaml(std::ostream& out, const nlohmann::ordered_json& doc);

// One item of a list whose `- ` is at `indent`: a list streamed item by item prints as emit_yaml
// prints the whole list.
void emit_yaml_list_item(std::ostream& out, const nlohmann::ordered_json& item, int indent);

}  // namespace podfit
