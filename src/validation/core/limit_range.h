// ValidateLimitRange: what the API server refuses in a LimitRange it creates.
#pragma once

#include "document/value.h"
#include "podfit/model/limit_range.h"

namespace podfit {

// Each of spec.limits, defaulted already (SetDefaults_LimitRangeItem): its type, the resource
// names of its lists, what its type forbids or requires, then how its bounds order, one resource
// at a time. Raises the first error, worded and pathed as api_release() has it; `v` is the object.
void validate_limit_range(const Value& v, const LimitRange& limit_range);

}  // namespace podfit
