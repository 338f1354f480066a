// util/validation.IsQualifiedName (resource names, limit types) as the validating release words it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// The problems of `name` as a qualified name, worded as api_release() words them (empty when valid).
std::vector<std::string> qualified_name_errors(std::string_view name);

}  // namespace podfit
