// The API server's admission plugins for a pod being created (a --pod manifest, or the pod a
// workload's controller would create): what they change in the pod before kube-scheduler sees
// it, and why they would refuse it. Pods of the cluster state were admitted already.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"
#include "podfit/model/pod.h"

namespace podfit {

// The admission plugins kube-apiserver enables by default that change or refuse a pod, in its
// order: mutating LimitRanger, Priority, DefaultTolerationSeconds, RuntimeClass; then
// validating LimitRanger, RuntimeClass and ResourceQuota last (see resource_quota.h; the quotas
// are not charged here). The first refusal stops the chain, as the API server stops at the
// first plugin that refuses.
// A cluster state without any PriorityClass (the API server always has its system-* classes)
// or without any RuntimeClass was read without that kind: a class the pod names is then not
// checked, and `unknown` (when given) says so, rather than refusing the pod on missing input.
// Between the two phases the pod strategy's PrepareForCreate runs: with `gates` (PodLevelResources
// and PodLevelResourcesFixDefaulting on) it defaults the pod-level limits (default_pod_level_limits);
// then its Validate (validate_pod_create, for gates.release) refuses a pod the changes made
// invalid, with no plugin named and errors.NewInvalid's message (pod_invalid).
std::optional<AdmissionRefusal> admit_pod_creation(Pod& pod, const ClusterState& cluster,
                                                   std::vector<std::string>* unknown = nullptr,
                                                   const FeatureGates& gates = {});

// admit_pod_creation for every candidate whose pod is being created (a workload's, or a --pod
// Pod without uid and creationTimestamp), setting Candidate::refused when refused.
// Returns what could not be checked for want of a kind in the cluster state, one line each.
std::vector<std::string> admit_candidates(std::vector<Candidate>& candidates, const ClusterState& cluster,
                                          const FeatureGates& gates = {});

// DefaultTolerationSeconds: a pod that tolerates neither node.kubernetes.io/not-ready nor (each
// on its own) node.kubernetes.io/unreachable with effect NoExecute gets a toleration of it for
// 300 seconds.
void add_default_toleration_seconds(Pod& pod);

// kube-apiserver's validation of the fields a disabled feature gate keeps out of a pod being
// created (toleration operators Gt and Lt without TaintTolerationComparisonOperators): the
// whole error message, naming the manifest's file, document and object, or nullopt.
std::optional<std::string> disabled_feature_field(const Candidate& candidate, const FeatureGates& gates);

// What the API server of `gates.release` drops from the spec of a ResourceClaim or
// ResourceClaimTemplate it creates while a DRA gate is off (dropDisabledFields of their
// strategies), and the field error when what is left is no longer valid.
struct DroppedClaimFields {
  std::vector<std::pair<std::string, std::string_view>> fields;  // path, gate
  std::optional<std::string> error;                               // a field error, path first
};
// Drops them from `spec`; `spec_path` is where the spec sits ("spec", or "spec.spec" of a
// template), `in_template` whether it is a template's.
DroppedClaimFields drop_disabled_claim_fields(ResourceClaimSpec& spec, const FeatureGates& gates,
                                              std::string_view spec_path, bool in_template);

// The claim strategies' admin access check (v1.33 on, with DRAAdminAccess): a claim spec whose
// request asks for admin access, in a namespace of `namespaces` without the release's admin
// access label set to "true", gets the Forbidden field error; nullopt otherwise (a namespace
// the input does not hold included: its labels are unknown).
std::optional<std::string> admin_access_refusal(const ResourceClaimSpec& spec, std::string_view namespace_,
                                                const std::vector<const Namespace*>& namespaces,
                                                const FeatureGates& gates);
// The same for every ResourceClaim, then every ResourceClaimTemplate, of `objects`: the whole
// error message of the first refused, naming its file, document and object.
std::optional<std::string> first_admin_access_refusal(const ClusterState& objects,
                                                      const std::vector<const Namespace*>& namespaces,
                                                      const FeatureGates& gates);

// LimitRanger, mutating: each LimitRange of the pod's namespace (by name) gives its containers
// and init containers the Container items' defaultRequest and default for the resources they
// neither request nor limit.
void apply_limit_range_defaults(Pod& pod, const ClusterState& cluster);
// LimitRanger, validating: each container and init container against the Container items'
// min, max and maxLimitRequestRatio, the pod's totals against the Pod items'; the first
// LimitRange with violations refuses the pod with all of them.
std::optional<AdmissionRefusal> validate_limit_ranges(const Pod& pod, const ClusterState& cluster);

// RuntimeClass, mutating: the pod's RuntimeClass (spec.runtimeClassName) sets its overhead
// (refused when the pod's own differs) and adds its node selector (refused on a conflicting
// key) and tolerations (merged); an unknown class refuses the pod.
std::optional<AdmissionRefusal> admit_runtime_class(Pod& pod, const ClusterState& cluster);
// RuntimeClass, validating: the pod's overhead is exactly its RuntimeClass's, or absent when the
// class defines none.
std::optional<AdmissionRefusal> validate_runtime_class_overhead(const Pod& pod, const ClusterState& cluster);
// tolerations.MergeTolerations: both lists, without a toleration another one covers (of two equal
// ones the first is kept), in order.
std::vector<Toleration> merge_tolerations(const std::vector<Toleration>& first, const std::vector<Toleration>& second);

// admission.NewForbidden's text for a pod: `pods "NAME" is forbidden: WHY`.
std::string pod_forbidden(const Pod& pod, std::string_view why);

}  // namespace podfit
