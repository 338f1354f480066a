// Pod resource requests and limits (component-helpers/resource): containers, init and
// sidecar containers, pod-level resources, overhead, in-place resize status.
// Node-allocatable DRA claim statuses (an alpha feature) are not taken into account.
#pragma once

#include <string_view>

#include "podfit/model/pod.h"
#include "podfit/model/resources.h"

namespace podfit {

// resourcehelper.PodResourcesOptions (the options the scheduler uses).
struct PodResourcesOptions {
  // Take max(spec, allocated, actuated) from container statuses (InPlacePodVerticalScaling).
  bool use_status_resources = false;
  // With use_status_resources, before v1.37: each container's own max, then the aggregate
  // (v1.37 takes the max of the spec's, the allocated and the actuated aggregates).
  bool per_container_status = false;
  // Prefer the pod-level status.allocatedResources / status.resources aggregates when present.
  bool in_place_pod_level_resources_vertical_scaling = false;
  bool exclude_overhead = false;
  // Ignore spec.resources (pod-level); it is also ignored when it sets no supported resource.
  bool skip_pod_level_resources = false;
  // Start PodRequests from an empty list instead of the container aggregate.
  bool skip_container_level_resources = false;
  // Missing (not explicitly set) container requests for these resources are replaced.
  ResourceList non_missing_container_requests;
};

// PodRequests: container aggregate (sidecar formula), overridden by pod-level requests, plus overhead.
ResourceList pod_requests(const Pod& pod, const PodResourcesOptions& options);
// PodLimits: container aggregate, overridden by pod-level limits, overhead added to non-zero limits.
ResourceList pod_limits(const Pod& pod, const PodResourcesOptions& options);
// AggregateContainerRequests: max(sum of containers + sidecars, peak of each init container).
ResourceList aggregate_container_requests(const Pod& pod, const PodResourcesOptions& options);
// AggregateContainerLimits: the same formula over limits (non_missing_container_requests ignored).
ResourceList aggregate_container_limits(const Pod& pod, const PodResourcesOptions& options);

// IsSupportedPodLevelResource: cpu, memory and hugepages-*.
bool is_supported_pod_level_resource(std::string_view name);
// IsPodLevelResourcesSet: spec.resources requests or limits name a supported resource.
bool is_pod_level_resources_set(const Pod& pod);
// IsPodLevelRequestsSet: spec.resources.requests names a supported resource.
bool is_pod_level_requests_set(const Pod& pod);
// IsPodLevelLimitsSet: spec.resources.limits names a supported resource.
bool is_pod_level_limits_set(const Pod& pod);
// The first PodResizePending condition has reason Infeasible.
bool is_pod_resize_infeasible(const Pod& pod);
// The first PodResizePending condition has reason Deferred.
bool is_pod_resize_deferred(const Pod& pod);

}  // namespace podfit
