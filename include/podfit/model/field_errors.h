// apimachinery's field errors as text: paths, quoted values and aggregated lists, so that
// podfit's validation messages read exactly as the API's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/flat_map.h"
#include "podfit/model/quantity.h"

namespace podfit::field {

// Go's %q of a string (strconv.Quote): how apimachinery prints a bad string value.
std::string go_quote(std::string_view text);
// encoding/json of a string: how apimachinery prints a bad value of a named string type.
std::string json_quote(std::string_view text);
// encoding/json of a []string; an empty list prints as null, as a nil slice does.
std::string json_list(const std::vector<std::string>& values);
// encoding/json of a map[string]string (keys sorted): how apimachinery (v1.34 on) prints a bad
// label set; an empty map prints as null, as the absent (nil) map does.
std::string json_map(const StringMap& map);

// A bad resource.Quantity as field.Error prints it: from v1.34 (`as_json`) its canonical text
// quoted, before as fmt's %#v of the struct (String() cached in `s`). A value in the exact-decimal
// form points at an inf.Dec, whose address no one can know: "<address>" stands for it.
std::string quantity_value(const Quantity& q, bool as_json);

// field.Path.Child: "a.b" (an empty path stands for the nil root, giving just "b").
std::string child(std::string_view path, std::string_view name);
// field.Path.Index: "a[3]".
std::string index(std::string_view path, size_t i);
// field.Path.Key: "a[k]".
std::string key(std::string_view path, std::string_view k);

// field.Invalid(path, value, detail).Error(); `value` is already rendered (go_quote, json_list).
std::string invalid(std::string_view path, std::string_view value, std::string_view detail);
// field.NotSupported(path, value, supported).Error(); `value` is already rendered.
std::string not_supported(std::string_view path, std::string_view value,
                          const std::vector<std::string>& supported);

// field.Required(path, detail).Error().
std::string required(std::string_view path, std::string_view detail = {});
// field.Forbidden(path, detail).Error().
std::string forbidden(std::string_view path, std::string_view detail);
// field.Duplicate(path, value).Error(); `value` is already rendered.
std::string duplicate(std::string_view path, std::string_view value);

// Whether `message` is a field.Error ("path: Invalid value: ...", "path: Required value"): the
// API server's validation, as opposed to its decoding, refused the value.
bool is_field_error(std::string_view message);

// utilerrors.Aggregate.Error() of a flattened list: one message as is, several deduplicated
// and bracketed "[a, b]". Empty input gives "".
std::string aggregate(const std::vector<std::string>& errors);

}  // namespace podfit::field
