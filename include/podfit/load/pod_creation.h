// What kube-apiserver changes in a pod when it creates it, for the fields scheduling reads.
#pragma once

#include "podfit/model/pod.h"

namespace podfit {

// The pod strategy's mutatePodAffinity: each pod (anti-)affinity term's matchLabelKeys and
// mismatchLabelKeys become `key In (value)` / `key NotIn (value)` requirements of its
// labelSelector, for the keys the pod carries as labels; terms without a labelSelector are
// left alone. The scheduler never reads matchLabelKeys, so this must run for uncreated pods
// only: pods read back from a cluster already hold the merge. A requirement the selector
// already holds verbatim is not added twice.
void merge_match_label_keys_into_affinity_terms(Pod& pod);

// PodLevelResourcesFixDefaulting (v1.37), run by the pod strategy after the mutating admission
// plugins: a pod that sets pod-level resources gets, for each of cpu, memory and hugepages-*
// without a pod-level limit but limited by every container and init container, the pod-level
// limit max(its pod-level request, the containers' aggregated limit). Before v1.37 pod-level
// limits are never defaulted but for hugepages (when the pod is read).
void default_pod_level_limits(Pod& pod);

}  // namespace podfit
