// DynamicResources' PreEnqueue and the claim lookup it shares with PreFilter and the queueing
// hints (foreachPodResourceClaim): a pod whose ResourceClaims are missing, being deleted or not
// its own never enters the active queue.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/status.h"
#include "podfit/model/pod.h"
#include "podfit/model/resource_claim.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// Why a pod cannot use its claims, in kube-scheduler's words.
struct PodClaimProblem {
  std::string message;
  // podfit cannot tell from its input: the template claim of a pod not created yet in an input
  // without ResourceClaimTemplates, or a claim missing from an input that holds no ResourceClaims.
  bool undecidable = false;
  // podfit's explanation, when it has one (which template the controller lacks).
  std::string detail;
};

// foreachPodResourceClaim: each ResourceClaim the pod's spec.resourceClaims name, in order,
// looked up in the snapshot and passed to `visit`; stops at the first that cannot be found, is
// being deleted, or (from a template) is not controlled by the pod.
std::optional<PodClaimProblem> for_each_pod_resource_claim(const Pod& pod, const Snapshot& snapshot,
                                                           const std::function<void(const ResourceClaim&)>& visit);

// The input holds the cluster's ResourceClaims: claims of its own (besides those podfit made
// from templates), or a listing of the kind that found none (ClusterState::listed_kinds). One
// without either was taken without the kind, and says nothing of the cluster's claims.
bool input_holds_resource_claims(const ClusterState& cluster);

// The input holds none of `objects` (of `kind`) and may have been taken without the kind, not
// being known to hold it whole (ClusterState::listed_kinds): their absence says nothing.
template <class T>
bool input_may_lack(const ClusterState& cluster, const std::vector<T>& objects, const char* kind) {
  return objects.empty() && !cluster.listed_kinds.contains(kind);
}

// DynamicResources' PreEnqueue: UnschedulableAndUnresolvable with the first problem, success
// when there is none, when DynamicResourceAllocation is off, or when the problem is undecidable
// (the plugin then reports the pod not evaluated instead).
Status dynamic_resources_pre_enqueue(const Pod& pod, const Snapshot& snapshot, const FeatureGates& gates);

}  // namespace podfit
