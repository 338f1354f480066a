#include "podfit/admission/admission.h"

#include <fmt/format.h>

#include "podfit/admission/resource_quota.h"
#include "podfit/load/pod_creation.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/priority.h"
#include "podfit/validation/pod_create.h"

namespace podfit {

std::string pod_forbidden(const Pod& pod, std::string_view why) {
  if (pod.metadata.name.empty()) return fmt::format("pods is forbidden: {}", why);
  return fmt::format("pods {} is forbidden: {}", field::go_quote(pod.metadata.name), why);
}

std::optional<AdmissionRefusal> admit_pod_creation(Pod& pod, const ClusterState& cluster,
                                                   std::vector<std::string>* unknown, const FeatureGates& gates) {
  auto note = [&](std::string_view kind, const std::string& name, std::string_view plural, std::string_view resource) {
    if (unknown == nullptr) return;
    unknown->push_back(fmt::format("{}/{}: {} {} not checked: the cluster state has no {} (read {} with the rest)",
                                   pod.metadata.namespace_, pod.metadata.name, kind, name, plural, resource));
  };
  const bool named_system_class = pod.spec.priority_class_name.starts_with("system-");
  const bool priority_unknown =
      !pod.spec.priority_class_name.empty() && !named_system_class && cluster.priority_classes.empty();
  const bool runtime_class_unknown = !pod.spec.runtime_class_name.empty() && cluster.runtime_classes.empty();
  // Mutating phase, in kube-apiserver's plugin order.
  apply_limit_range_defaults(pod, cluster);
  if (priority_unknown) {
    note("PriorityClass", pod.spec.priority_class_name, "PriorityClasses", "priorityclasses");
  } else if (auto error = admit_priority(pod, cluster.priority_classes)) {
    return AdmissionRefusal{"Priority", pod_forbidden(pod, *error)};
  }
  add_default_toleration_seconds(pod);
  if (runtime_class_unknown) {
    note("RuntimeClass", pod.spec.runtime_class_name, "RuntimeClasses", "runtimeclasses");
  } else if (auto refusal = admit_runtime_class(pod, cluster)) {
    return refusal;
  }
  // The pod strategy, after the mutating plugins: the containers' limits now include LimitRange defaults.
  if (gates.pod_level_resources && gates.pod_level_resources_fix_defaulting) default_pod_level_limits(pod);
  // The strategy's Validate: the API server answers 422 Invalid, and no plugin is named.
  if (std::vector<std::string> errors = validate_pod_create(pod, gates); !errors.empty()) {
    return AdmissionRefusal{"", pod_invalid(pod, errors)};
  }
  // Validating phase.
  if (auto refusal = validate_limit_ranges(pod, cluster)) return refusal;
  if (!runtime_class_unknown) {
    if (auto refusal = validate_runtime_class_overhead(pod, cluster)) return refusal;
  }
  // ResourceQuota comes last.
  if (auto why = resource_quota_refusal(pod, cluster.resource_quotas)) {
    return AdmissionRefusal{"ResourceQuota", pod_forbidden(pod, *why)};
  }
  return std::nullopt;
}

std::vector<std::string> admit_candidates(std::vector<Candidate>& candidates, const ClusterState& cluster,
                                          const FeatureGates& gates) {
  std::vector<std::string> unknown;
  for (Candidate& candidate : candidates) {
    if (!candidate.workload && !is_uncreated(candidate.pod)) continue;  // admitted when it was created
    if (candidate.refused) continue;  // the loader found the pod its controller creates invalid
    candidate.refused = admit_pod_creation(candidate.pod, cluster, &unknown, gates);
  }
  return unknown;
}

}  // namespace podfit
