// The API server's checks of scheduling.k8s.io PriorityClasses.
#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "validation/scheduling/priority_class.h"

namespace podfit {

void validate_priority_class(const Value& v, const PriorityClass& pc) {
  validate_object_name(v, pc.metadata.name);
  // Names with the system- prefix are the API server's own classes, checked against its list.
  constexpr int32_t kHighestUserDefinablePriority = 1000000000;
  if (!pc.metadata.name.starts_with("system-") && pc.value > kHighestUserDefinablePriority) {
    reject(v, {"value"},
           field::forbidden("value", fmt::format("maximum allowed value of a user defined priority is {}",
                                                 kHighestUserDefinablePriority)));
  }
}

}  // namespace podfit
