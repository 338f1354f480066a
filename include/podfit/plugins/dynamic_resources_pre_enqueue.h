// DynamicResources' PreEnqueue and the claim lookup it shares with PreFilter and the queueing
// hints (foreachPodResourceClaim): a pod whose ResourceClaims are missing, being deleted or not
// its own never enters the active queue.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/status.h"
#include "podfit/model/pod.h"
#include "podfit/model/resource_claim.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// Why a pod cannot use its claims, in kube-scheduler's words.
struct PodClaimProblem {
  std::string message;
  // podfit cannot tell from its input: a template's ResourceClaim not created yet (the pod may
  // not exist yet either), or a claim missing from an input that holds no ResourceClaims at all.
  bool undecidable = false;
};

// foreachPodResourceClaim: each ResourceClaim the pod's spec.resourceClaims name, in order,
// looked up in the snapshot and passed to `visit`; stops at the first that cannot be found, is
// being deleted, or (from a template) is not controlled by the pod.
std::optional<PodClaimProblem> for_each_pod_resource_claim(const Pod& pod, const Snapshot& snapshot,
                                                           const std::function<void(const ResourceClaim&)>& visit);

// DynamicResources' PreEnqueue: UnschedulableAndUnresolvable with the first problem, success
// when there is none, when DynamicResourceAllocation is off, or when the problem is undecidable
// (the plugin then reports the pod not evaluated instead).
Status dynamic_resources_pre_enqueue(const Pod& pod, const Snapshot& snapshot, const FeatureGates& gates);

}  // namespace podfit
