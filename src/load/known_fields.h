// Unknown fields, as the API server's strict decoding finds them (kubectl --validate).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/value.h"
#include "podfit/kubernetes_release.h"

namespace podfit {

// A member the kind's schema does not have: its path ("spec.containers[0].imagePullPolice")
// and 1-based line.
struct UnknownField {
  std::string path;
  int line = 0;
};

// Whether podfit knows the schema of `kind` (the kinds it decodes).
bool has_known_fields(std::string_view kind);

// Appends every member of `root`, an object of `kind` in `api_version`, that the kind's schema
// in `release` does not have, in document order, at any depth; without a release, that no
// release podfit models has (the objects of a cluster whose release is chosen after loading).
// Values of the wrong JSON type are left to the decoders; maps (labels, resource lists) and
// free-form JSON have no field names to check. An empty `api_version` is the kind's newest.
void find_unknown_fields(const Value& root, std::string_view kind, std::vector<UnknownField>& out,
                         std::string_view api_version = {}, std::optional<KubernetesRelease> release = {});

// kubectl's wording for them: `unknown field "a", unknown field "b"`.
std::string describe_unknown_fields(const std::vector<UnknownField>& fields);

}  // namespace podfit
