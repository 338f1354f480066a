// DRAExtendedResource in DynamicResources: a pod's extended resources that a DeviceClass
// provides are allocated from devices, on nodes that do not advertise them, through one
// special ResourceClaim that kube-scheduler builds for the pod and creates in PreBind.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/dra/device_class_resolver.h"
#include "podfit/model/flat_map.h"
#include "podfit/model/pod.h"
#include "podfit/model/resource_claim.h"

namespace podfit {

// The annotation that marks the special claim, and the name it has until PreBind creates it
// (deliberately not a valid object name).
inline constexpr std::string_view kExtendedResourceClaimAnnotation = "resource.kubernetes.io/extended-resource-claim";
inline constexpr std::string_view kSpecialClaimInMemoryName = "<extended-resources>";

// The texts of DynamicResources' statuses about the special claim, word for word.
inline constexpr std::string_view kCannotScheduleExtendedResourceClaim = "cannot schedule extended resource claim";
inline constexpr std::string_view kCannotFitResource = "cannot fit resource";
inline constexpr std::string_view kClaimDeletionCompleted = "deletion of ResourceClaim completed";

// IsDRAExtendedResourceName: an extended resource name, or an implicit DeviceClass one.
bool is_dra_extended_resource_name(std::string_view name);

// The extended resources a pod requests (PodRequests, non-zero) of which at least one maps to
// a DeviceClass, as whole numbers by name; empty when none maps.
FlatMap<int64_t> dra_extended_resources(const Pod& pod, const dra::DeviceClassResolver& resolver);

// findExtendedResourceClaim: among `claims`, the special claim a previous attempt created for
// the pod (the annotation set to "true", the pod its controller); nullptr when there is none.
const ResourceClaim* find_extended_resource_claim(const Pod& pod, const std::vector<const ResourceClaim*>& claims);

// The special claim PreFilter builds when none exists: no requests yet, owned by the pod,
// to be created under a name generated from "<pod>-extended-resources-".
ResourceClaim new_extended_resource_claim(const Pod& pod);

// status.extendedResourceClaimStatus.requestMappings[]: which request serves which
// container's extended resource.
struct ContainerExtendedResourceRequest {
  std::string container_name;
  std::string resource_name;
  std::string request_name;
  friend bool operator==(const ContainerExtendedResourceRequest&, const ContainerExtendedResourceRequest&) = default;
};

struct ExtendedResourceRequests {
  std::vector<DeviceRequest> requests;  // sorted by name
  std::vector<ContainerExtendedResourceRequest> mappings;
};

// createRequestsAndMappings: the special claim's requests for the extended resources a node
// leaves to DRA (`resources`, by name; those no DeviceClass provides are skipped). Each
// container asking for one gets "container-<i>-request-<j>" (i over init containers then
// containers, j the resource's place among the container's sorted requests) with its count;
// init containers that are not sidecars reuse the requests of long-lived containers from
// their own index on and share the largest of their own requests.
ExtendedResourceRequests extended_resource_requests(const Pod& pod, const FlatMap<int64_t>& resources,
                                                    const dra::DeviceClassResolver& resolver);

}  // namespace podfit
