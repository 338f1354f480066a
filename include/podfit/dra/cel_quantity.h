// Kubernetes' CEL quantity library (k8s.io/apiserver/pkg/cel/library/quantity.go) on
// podfit's resource.Quantity: quantity(), isQuantity(), sign(q), the members isInteger,
// asInteger, asApproximateFloat, add, sub, isGreaterThan, isLessThan, compareTo, and equality.
#pragma once

#include <optional>

#include "podfit/cel/cel.h"
#include "podfit/model/quantity.h"

namespace podfit::dra {

// The CEL type of quantities: kubernetes.Quantity.
cel::Type quantity_type();
// A quantity as a CEL value (a device's capacity). Make one per evaluation: comparisons can
// switch a value to the exact-decimal form for the rest of its life, as upstream's do.
cel::Value quantity_value(const Quantity& q);
// The quantity a kubernetes.Quantity value holds, in its current form; nullopt for others.
std::optional<Quantity> quantity_of(const cel::Value& v);
// Declares kubernetes.Quantity and the library's functions in `env`.
void add_quantity_library(cel::Env& env);

}  // namespace podfit::dra
