// util/validation.IsQualifiedName (resource names, limit types) and IsValidLabelValue as the
// validating release words them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// The problems of `name` as a qualified name, worded as api_release() words them (empty when valid).
std::vector<std::string> qualified_name_errors(std::string_view name);
// The problems of `value` as a label value, worded as api_release() words them.
std::vector<std::string> released_label_value_errors(std::string_view value);

}  // namespace podfit
