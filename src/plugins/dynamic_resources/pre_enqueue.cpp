#include "podfit/plugins/dynamic_resources/pre_enqueue.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "podfit/framework/names.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"

namespace podfit {
namespace {

// Why the resourceclaim controller creates no claim for a pod's template claim: the template is
// not in the pod's namespace (and where a template of that name is, as a namespace typo would
// leave it). Empty when the template exists.
std::string missing_template(const Pod& pod, const std::string& name, const ClusterState& cluster) {
  std::vector<std::string> elsewhere;
  for (const ResourceClaimTemplate& t : cluster.resource_claim_templates) {
    if (t.metadata.name != name) continue;
    if (t.metadata.namespace_ == pod.metadata.namespace_) return {};
    elsewhere.push_back(t.metadata.namespace_);
  }
  std::string detail = fmt::format("ResourceClaimTemplate {} does not exist in namespace {}, so the resourceclaim "
                                   "controller creates no claim for the pod",
                                   name, pod.metadata.namespace_);
  if (!elsewhere.empty()) {
    detail += fmt::format(" (namespace{} {} {} one of that name)", elsewhere.size() == 1 ? "" : "s",
                          fmt::join(elsewhere, ", "), elsewhere.size() == 1 ? "has" : "have");
  }
  return detail;
}

}  // namespace

std::optional<PodClaimProblem> for_each_pod_resource_claim(const Pod& pod, const Snapshot& snapshot,
                                                           const std::function<void(const ResourceClaim&)>& visit) {
  for (const PodResourceClaim& pod_claim : pod.spec.resource_claims) {
    const PodClaimName name = pod_claim_name(pod, pod_claim);
    if (name.error) {
      // A template claim without a status entry: podfit makes the claims of pods not created yet
      // from the input's templates, and cannot when the input was taken without them.
      const ClusterState& cluster = snapshot.cluster();
      const bool from_template = pod_claim.resource_claim_template_name && !pod_claim.resource_claim_name &&
                                 is_uncreated(pod);
      const bool undecidable =
          from_template && input_may_lack(cluster, cluster.resource_claim_templates, "ResourceClaimTemplate");
      PodClaimProblem problem{*name.error, undecidable};
      if (from_template) problem.detail = missing_template(pod, *pod_claim.resource_claim_template_name, cluster);
      return problem;
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
  if (!problem->detail.empty()) status.with_detail(problem->detail);
  status.with_plugin(std::string(names::kDynamicResources));
  return status;
}

}  // namespace podfit
