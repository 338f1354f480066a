#include "podfit/admission/admission.h"

#include <fmt/format.h>

#include "podfit/admission/resource_quota.h"
#include "podfit/load/pod_creation.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/priority.h"

namespace podfit {

std::string pod_forbidden(const Pod& pod, std::string_view why) {
  if (pod.metadata.name.empty()) return fmt::format("pods is forbidden: {}", why);
  return fmt::format("pods {} is forbidden: {}", field::go_quote(pod.metadata.name), why);
}

std::optional<AdmissionRefusal> admit_pod_creation(Pod& pod, const ClusterState& cluster) {
  // Mutating phase, in kube-apiserver's plugin order.
  apply_limit_range_defaults(pod, cluster);
  if (auto error = admit_priority(pod, cluster.priority_classes)) {
    return AdmissionRefusal{"Priority", pod_forbidden(pod, *error)};
  }
  add_default_toleration_seconds(pod);
  if (auto refusal = admit_runtime_class(pod, cluster)) return refusal;
  // Validating phase.
  if (auto refusal = validate_limit_ranges(pod, cluster)) return refusal;
  if (auto refusal = validate_runtime_class_overhead(pod, cluster)) return refusal;
  // ResourceQuota comes last.
  if (auto why = resource_quota_refusal(pod, cluster.resource_quotas)) {
    return AdmissionRefusal{"ResourceQuota", pod_forbidden(pod, *why)};
  }
  return std::nullopt;
}

void admit_candidates(std::vector<Candidate>& candidates, const ClusterState& cluster) {
  for (Candidate& candidate : candidates) {
    if (!candidate.workload && !is_uncreated(candidate.pod)) continue;  // admitted when it was created
    candidate.refused = admit_pod_creation(candidate.pod, cluster);
  }
}

}  // namespace podfit
