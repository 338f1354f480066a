// pkg/apis/node/validation: RuntimeClasses (runtime_class.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

// A RuntimeClass's handler: a DNS label (NameIsDNSLabel), empty included; v: the object.
void validate_runtime_class_handler(const Value& v, std::string_view handler);

}  // namespace podfit
