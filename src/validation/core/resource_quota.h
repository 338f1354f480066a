// pkg/apis/core/validation's ValidateResourceQuota (resource_quota.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

// ValidateResourceQuota: names and quantities of spec.hard,
// status.hard and status.used, scopes and the scope selector. `v` is the quota.
void validate_resource_quota(const Value& v, const ResourceQuota& quota);

}  // namespace podfit
