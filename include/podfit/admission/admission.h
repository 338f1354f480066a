// The API server's admission plugins for a pod being created (a --pod manifest, or the pod a
// workload's controller would create): what they change in the pod before kube-scheduler sees
// it, and why they would refuse it. Pods of the cluster state were admitted already.
#pragma once

#include <optional>
#include <string>

#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"
#include "podfit/model/pod.h"

namespace podfit {

// The admission plugins kube-apiserver enables by default that change or refuse a pod, in its
// order: mutating Priority, DefaultTolerationSeconds; then validating ResourceQuota (see
// resource_quota.h; the quotas are not charged here). The first refusal stops the chain, as the
// API server stops at the first plugin that refuses.
std::optional<AdmissionRefusal> admit_pod_creation(Pod& pod, const ClusterState& cluster);

// admit_pod_creation for every candidate whose pod is being created (a workload's, or a --pod
// Pod without uid and creationTimestamp), setting Candidate::refused when refused.
void admit_candidates(std::vector<Candidate>& candidates, const ClusterState& cluster);

// DefaultTolerationSeconds: a pod that tolerates neither node.kubernetes.io/not-ready nor (each
// on its own) node.kubernetes.io/unreachable with effect NoExecute gets a toleration of it for
// 300 seconds.
void add_default_toleration_seconds(Pod& pod);

// kube-apiserver's validation of the fields a disabled feature gate keeps out of a pod being
// created (toleration operators Gt and Lt without TaintTolerationComparisonOperators): the
// whole error message, naming the manifest's file, document and object, or nullopt.
std::optional<std::string> disabled_feature_field(const Candidate& candidate, const FeatureGates& gates);

// admission.NewForbidden's text for a pod: `pods "NAME" is forbidden: WHY`.
std::string pod_forbidden(const Pod& pod, std::string_view why);

}  // namespace podfit
