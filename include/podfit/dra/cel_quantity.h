// Kubernetes' CEL quantity library (k8s.io/apiserver/pkg/cel/library/quantity.go) on
// podfit's resource.Quantity: quantity(), isQuantity(), sign, isInteger, asInteger,
// asApproximateFloat, add, sub, isGreaterThan, isLessThan, compareTo, and equality.
#pragma once

#include "podfit/cel/cel.h"
#include "podfit/model/quantity.h"

namespace podfit::dra {

// The CEL type of quantities: kubernetes.Quantity.
cel::Type quantity_type();
// A quantity as a CEL value (a device's capacity).
cel::Value quantity_value(const Quantity& q);
// Declares kubernetes.Quantity and the library's functions in `env`.
void add_quantity_library(cel::Env& env);

}  // namespace podfit::dra
