#include "podfit/plugins/dynamic_resources/pre_enqueue.h"

#include <fmt/format.h>

#include <algorithm>

#include "podfit/framework/names.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"

namespace podfit {

std::optional<PodClaimProblem> for_each_pod_resource_claim(const Pod& pod, const Snapshot& snapshot,
                                                           const std::function<void(const ResourceClaim&)>& visit) {
  for (const PodResourceClaim& pod_claim : pod.spec.resource_claims) {
    const PodClaimName name = pod_claim_name(pod, pod_claim);
    if (name.error) {
      // A template claim without a status entry: podfit makes the claims of pods not created yet
      // from the input's templates, and cannot when the input was taken without them.
      const bool undecidable = pod_claim.resource_claim_template_name && !pod_claim.resource_claim_name &&
                               is_uncreated(pod) && snapshot.cluster().resource_claim_templates.empty() &&
                               !snapshot.cluster().listed_kinds.contains("ResourceClaimTemplate");
      return PodClaimProblem{*name.error, undecidable};
    }
    if (!name.name) continue;
    const ResourceClaim* claim = snapshot.resource_claim(pod.metadata.namespace_, *name.name);
    if (claim == nullptr) {
      return PodClaimProblem{fmt::format("could not find ResourceClaim \"{}/{}\"", pod.metadata.namespace_, *name.name),
                             !input_holds_resource_claims(snapshot.cluster())};
    }
    if (!claim->metadata.deletion_timestamp.empty()) {
      return PodClaimProblem{fmt::format("resourceclaim \"{}\" is being deleted", claim->metadata.name)};
    }
    if (name.must_check_owner) {
      if (auto why = claim_is_for_pod(pod, *claim)) return PodClaimProblem{*why};
    }
    if (visit) visit(*claim);
  }
  return std::nullopt;
}

bool input_holds_resource_claims(const ClusterState& cluster) {
  if (cluster.listed_kinds.contains("ResourceClaim")) return true;
  return std::any_of(cluster.resource_claims.begin(), cluster.resource_claims.end(),
                     [](const ResourceClaim& claim) { return !claim.origin.synthesized(); });
}

Status dynamic_resources_pre_enqueue(const Pod& pod, const Snapshot& snapshot, const FeatureGates& gates) {
  if (!gates.dynamic_resource_allocation) return Status();
  const std::optional<PodClaimProblem> problem = for_each_pod_resource_claim(pod, snapshot, nullptr);
  if (!problem || problem->undecidable) return Status();
  Status status(Code::UnschedulableAndUnresolvable, problem->message);
  status.with_plugin(std::string(names::kDynamicResources));
  return status;
}

}  // namespace podfit
