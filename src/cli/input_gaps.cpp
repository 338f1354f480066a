#include "podfit/cli/input_gaps.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/cli/pending_pods.h"
#include "podfit/util/plural.h"

namespace podfit {
namespace {

// Whether the pod names a ResourceClaim the cluster state must hold: by name in its spec, or by
// the status the resourceclaim controller wrote for a claim made from a template.
bool names_resource_claim(const Pod& pod) {
  const bool by_name = std::any_of(pod.spec.resource_claims.begin(), pod.spec.resource_claims.end(),
                                   [](const PodResourceClaim& c) { return c.resource_claim_name.has_value(); });
  const bool by_status =
      std::any_of(pod.status.resource_claim_statuses.begin(), pod.status.resource_claim_statuses.end(),
                  [](const PodResourceClaimStatus& s) { return s.resource_claim_name.has_value(); });
  return by_name || by_status;
}

}  // namespace

std::vector<InputGap> input_gaps(const InputOptions& options, const LoadedInput& input) {
  std::vector<InputGap> gaps;
  const ClusterState& cluster = input.cluster;
  if (options.schedules && cluster.nodes.empty()) {
    gaps.push_back({options.live ? "the cluster has no Node, so no pod can be scheduled"
                                 : "the cluster state has no Node, so no pod can be scheduled: give the nodes with -f "
                                   "(kubectl get nodes -o yaml), and the pods or workloads to check with --pod",
                    false});
  }
  if (!options.namespace_.empty() && options.pods.empty() && !namespace_exists(cluster, options.namespace_)) {
    gaps.push_back({fmt::format("namespace \"{}\" (-n) does not exist in the cluster state", options.namespace_), true});
  }
  if (options.needs_budgets && !options.live && cluster.pod_disruption_budgets.empty() &&
      !cluster.listed_kinds.contains("PodDisruptionBudget")) {
    gaps.push_back({"the cluster state has no PodDisruptionBudget, so evictions are checked as if no budget protected "
                    "any pod: include them with -f (kubectl get pdb -A -o yaml; a PodDisruptionBudgetList without "
                    "items says there are none)",
                    false});
  }
  // DynamicResources already names each such pod as not evaluated: a warning would repeat it.
  if (!options.live && cluster.resource_claims.empty() && !cluster.listed_kinds.contains("ResourceClaim")) {
    size_t naming = 0;
    for (const Pod& pod : cluster.pods) naming += pod.spec.node_name.empty() && names_resource_claim(pod);
    for (const Candidate& candidate : input.candidates) naming += names_resource_claim(candidate.pod);
    if (naming > 0) {
      gaps.push_back({fmt::format("{} {} ResourceClaims by name, but the cluster state has none: include them with -f "
                                  "(kubectl get resourceclaims -A -o yaml; a ResourceClaimList without items says "
                                  "there are none)",
                                  counted(naming, "pod"), naming == 1 ? "names" : "name"),
                      true});
    }
  }
  return gaps;
}

}  // namespace podfit
