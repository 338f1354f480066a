// kube-apiserver's validation of a pod it creates (the pod strategy's Validate: ValidatePodCreate),
// which runs between the mutating and the validating admission plugins, on the pod as the
// mutating plugins and the strategy's PrepareForCreate left it.
#pragma once

#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/model/pod.h"

namespace podfit {

// The rules that what the API server changes in a pod being created can break, every error as
// field.ErrorList prints it, in ValidatePodCreate's order (empty when the pod passes): each
// container's and init container's resources (LimitRanger's defaults), the pod-level resources
// and their consistency with the containers' (LimitRanger's defaults, PrepareForCreate's pod-level
// limits), the overhead (RuntimeClass). The pod passed the other rules when it was read, and
// nothing the plugins change breaks them: RuntimeClass's node selector and tolerations were
// checked with the class, DefaultTolerationSeconds' tolerations and Priority's fields are valid.
// `gates.release` picks the release's rules (validatePodResourceConsistency changed in v1.34).
std::vector<std::string> validate_pod_create(const Pod& pod, const FeatureGates& gates);

// errors.NewInvalid's message for a pod: `Pod "NAME" is invalid: ERRORS`, one error as it is,
// several (duplicates dropped) bracketed and joined by ", ".
std::string pod_invalid(const Pod& pod, const std::vector<std::string>& errors);

}  // namespace podfit
