// pkg/apis/core/validation's checks of resource names and quantities: containers' and the pod's
// requirements, the overhead, a node's capacity (resources.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

// The checks below the loader's: every error the API server finds, in its order (resources in
// name order, where it walks maps in no set order), each handed to a sink with the steps from
// the checked value to the offending one (the loader rejects at the first, at its line).
using FieldErrorSink = FunctionRef<void(std::initializer_list<PathStep> steps, const std::string& message)>;
// ValidateContainerResourceRequirements of the resources at `path`, claims aside.
void check_container_resources(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink);
// validatePodResourceRequirements of spec.resources at `path`, claims aside.
void check_pod_level_requirements(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink);
// validateOverhead of spec.overhead at `path`: the list checked as limits (at path.limits), its
// resources the checked value's own members.
void check_overhead(PathFn path, const ResourceList& overhead, FieldErrorSink sink);
// What validatePodResourceConsistency compares, which changed between releases.
struct ConsistencyRules {
  // Resources the pod level cannot set are left out (the loader's reading, release-free).
  bool unsupported_skipped = false;
  // v1.34: a resource spec.resources.requests does not name is not compared; before, the
  // containers' aggregate is held against 0.
  bool unset_skipped = true;
  // v1.34: pod-level hugepage limits are at least the containers' aggregated limits.
  bool hugepage_limits = true;
};
// validatePodResourceConsistency of a defaulted pod's spec.resources, at `path`; the steps are
// from the spec.
void check_pod_resource_consistency(PathFn path, const Pod& pod, const ConsistencyRules& rules, FieldErrorSink sink);
// A container's `resources` (ValidateContainerResourceRequirements).
void validate_container_resources(const Value& v, const ResourceRequirements& resources);
// The pod-level `spec.resources` (validatePodResourceRequirements).
void validate_pod_level_resources(const Value& v, const ResourceRequirements& resources);
// Pod-level resources against the containers' (validatePodResourceConsistency); `v` is the spec.
void validate_pod_resource_consistency(const Value& v, const PodSpec& spec);
// `spec.overhead` (validateOverhead: the list checked as limits).
void validate_overhead(const Value& v, const ResourceList& overhead);
// A node's `status.capacity` or `status.allocatable` (ValidateNodeResources).
void validate_node_resource_list(const Value& v, const ResourceList& list);
// ValidateResourceQuantityValue for the quantity `q` of resource `name` at `path`.
void validate_quantity_value(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                             const Quantity& q);

// validateResourceName: a qualified name, and a standard resource unless it has a prefix.
void validate_standard_resource_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path,
                                     std::string_view name);

}  // namespace podfit
