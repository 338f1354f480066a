// YAML scalar typing as Kubernetes reads manifests: go-yaml v2 resolution, then
// sigs.k8s.io/yaml's conversion to JSON (numbers and booleans stringified for string fields).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace podfit {

struct YamlScalar {
  enum class Kind { Null, Bool, Int, Uint, Float, String };
  Kind kind = Kind::String;
  bool b = false;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
};

// Resolves a plain (unquoted, untagged) scalar as go-yaml v2 does.
YamlScalar resolve_plain_scalar(std::string_view text);
// strconv.FormatFloat(f, 'g', -1, 32): how sigs.k8s.io/yaml stringifies floats for string fields.
std::string format_go_float32(double f);
// A float as encoding/json writes it (shortest text that reads back the same double).
std::string format_json_float(double f);

}  // namespace podfit
