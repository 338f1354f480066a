// v1 LimitRange: the defaults and bounds the LimitRanger admission plugin applies to the
// containers and pods of its namespace.
#pragma once

#include <string>
#include <vector>

#include "podfit/model/meta.h"
#include "podfit/model/resources.h"

namespace podfit {

// One spec.limits entry, after the API server's defaulting: for type Container, `default`
// falls back to `max` and `defaultRequest` to `default`, then to `min`.
struct LimitRangeItem {
  std::string type;  // Container, Pod or PersistentVolumeClaim
  ResourceList max;
  ResourceList min;
  ResourceList default_limits;     // `default`
  ResourceList default_requests;   // `defaultRequest`
  ResourceList max_limit_request_ratio;
};

struct LimitRange {
  ObjectMeta metadata;
  std::vector<LimitRangeItem> limits;
  SourceRef origin;
};

}  // namespace podfit
