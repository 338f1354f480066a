// What the JSON and YAML readers hand to the loader: one top-level object or List item at a time.
#pragma once

#include <string>
#include <string_view>

#include "function_ref.h"
#include "value.h"

namespace podfit {

struct ObjectContext {
  int document = 0;       // 1-based document (YAML) or top-level value (JSON) index
  int line = 0;           // line where the object starts
  int item = -1;          // index in the enclosing List's items, or -1
  std::string list_kind;  // kind of the enclosing List when already known ("PodList"), else ""
};

using ObjectHandler = FunctionRef<void(const Value& root, const ObjectContext& context)>;

// Limits that keep hostile input from exhausting the machine.
struct ReadLimits {
  int max_depth = 256;               // nesting of objects/arrays
  size_t max_object_bytes = size_t{512} << 20;  // one object or List item
  size_t max_alias_visits = 10'000'000;          // YAML alias expansion budget per document
};

}  // namespace podfit
