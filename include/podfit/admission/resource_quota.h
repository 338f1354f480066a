// The ResourceQuota admission plugin for a pod being created, and the pod evaluator it asks
// (pkg/quota/v1/evaluator/core/pods.go): what a pod uses of a quota, which quotas it falls
// under, and whether its namespace's quotas have room for it.
//
// Admission reads a quota's status: status.hard (the controller's copy of spec.hard) names the
// resources it constrains, status.used what is used of them. A quota whose status.hard is
// empty (the controller has not seen it yet) constrains nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/pod.h"
#include "podfit/model/resource_quota.h"

namespace podfit {

// PodUsageFunc: count/pods always; unless the pod is Succeeded or Failed, also pods, cpu,
// memory and ephemeral-storage with their requests.* and limits.* forms, hugepages-* (and
// requests.hugepages-*), and requests.<name> for extended resources and DeviceClasses'
// deviceclass.resource.kubernetes.io/<class>, from the pod's requests and limits (pod-level
// resources and overhead included).
ResourceList pod_quota_usage(const Pod& pod);

// podMatchesScopeFunc: whether the pod falls under one scope requirement (Terminating: it has
// activeDeadlineSeconds; BestEffort: no cpu or memory request or limit; PriorityClass: its
// spec.priorityClassName against the operator and values; CrossNamespacePodAffinity: a pod
// (anti-)affinity term with namespaces or a namespaceSelector).
bool pod_matches_scope(const ScopedResourceSelectorRequirement& requirement, const Pod& pod);

// generic.Matches: the quota constrains a resource pods use, and the pod matches every scope of
// spec.scopes and spec.scopeSelector.
bool quota_matches_pod(const ResourceQuota& quota, const Pod& pod);

// MatchingResources: the names of `hard` that pods use (sorted).
std::vector<std::string> pod_quota_resources(const ResourceList& hard);

// Constraints: when a quota constrains cpu or memory (or their requests.* / limits.* forms),
// every container and init container must set them: "must specify limits.cpu for: a,b; ...";
// a pod with pod-level resources need not.
std::optional<std::string> pod_quota_constraints(const std::vector<std::string>& constrained, const Pod& pod);

// Why the quotas of the pod's namespace refuse it, as the API server says it after
// `pods "NAME" is forbidden: ` (failed quota, status unknown for quota, exceeded quota), or
// nullopt. Quotas are taken in name order.
std::optional<std::string> resource_quota_refusal(const Pod& pod, const std::vector<ResourceQuota>& quotas);

// What admitting the pod does to the quotas it falls under: their status.used grows by its usage.
void charge_resource_quotas(const Pod& pod, std::vector<ResourceQuota>& quotas);

// The quota controller's first sync of a quota just created: status.hard from spec.hard, and
// status.used of each resource pods use counted over the pods of its namespace that match its
// scopes (other resources are left uncounted: podfit does not read the objects they count).
void sync_new_resource_quota(ResourceQuota& quota, const std::vector<Pod>& pods);

}  // namespace podfit
