// pkg/apis/core/validation's checks of a pod and of a pod template's spec (pod.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

void validate_toleration(const Value& v, const Toleration& toleration);
void validate_pod_affinity_term(const Value& v, const PodAffinityTerm& term);
void validate_spread_constraint(const Value& v, const TopologySpreadConstraint& constraint);
// The checks over a whole PodSpec once decoded: volumes, claims, container names, host ports,
// node selector, gates, node name, spread duplicates, priority class name, pod-level resources.
void validate_pod_spec(const Value& v, const PodSpec& spec);
// What only a pod (not a template) is checked for: the claims its generic ephemeral volumes
// create (named <pod>-<volume>) against its name and its other volumes. `v` is the pod.
void validate_pod_volume_claims(const Value& v, const Pod& pod);
// ValidateImageVolumeSource for pods: image volumes name their image.
void validate_pod_image_volumes(const Value& v, const Pod& pod);
// status.resourceClaimStatuses (validatePodResourceClaimStatuses, checked on every status
// update): each names a spec.resourceClaims entry once, its claim a DNS subdomain. `v` is the pod.
void validate_pod_resource_claim_statuses(const Value& v, const Pod& pod);
// A pod's affinity terms once its matchLabelKeys are merged into their selectors, as the API
// server validates a pod it creates. `v` is the pod.
void validate_merged_affinity_terms(const Value& v, const Pod& pod);

}  // namespace podfit
