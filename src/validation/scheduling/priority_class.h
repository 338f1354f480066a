// pkg/apis/scheduling/validation: PriorityClasses (priority_class.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

void validate_priority_class(const Value& v, const PriorityClass& pc);

}  // namespace podfit
