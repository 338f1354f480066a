#include "validation/named_string_value.h"

#include "podfit/model/field_errors.h"
#include "validation/api_release.h"

namespace podfit {

std::string named_string_value(std::string_view text) {
  // Only a plain string takes %q before v1.34; a named one falls through to %#v, quoted alike.
  return api_release_changes().field_error_values_as_json ? field::json_quote(text) : field::go_quote(text);
}

}  // namespace podfit
