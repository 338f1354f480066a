// Resource lists and the resource names kube-scheduler treats specially.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "podfit/model/flat_map.h"
#include "podfit/model/quantity.h"

namespace podfit {

// v1.ResourceList: resource name -> quantity.
using ResourceList = FlatMap<Quantity>;

namespace resource_names {
inline constexpr std::string_view kCpu = "cpu";
inline constexpr std::string_view kMemory = "memory";
inline constexpr std::string_view kEphemeralStorage = "ephemeral-storage";
inline constexpr std::string_view kStorage = "storage";
inline constexpr std::string_view kPods = "pods";
inline constexpr std::string_view kHugePagesPrefix = "hugepages-";
inline constexpr std::string_view kDefaultNamespacePrefix = "kubernetes.io/";
inline constexpr std::string_view kRequestsPrefix = "requests.";
inline constexpr std::string_view kAttachableVolumesPrefix = "attachable-volumes-";
}  // namespace resource_names

// v1.ResourceRequirements (claims are names of pod resourceClaims).
struct ResourceRequirements {
  std::optional<ResourceList> requests;  // nullopt when the field is absent (Go nil)
  std::optional<ResourceList> limits;
  std::vector<std::string> claims;
};

}  // namespace podfit
