// The special ResourceClaim through which DeviceClasses serve a pod's extended resources.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "podfit/model/pod_resources.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/plugins/dynamic_resources/extended_resources.h"
#include "podfit/snapshot/resource.h"

namespace podfit {
namespace {

// One container's request for one resource, and the mappings to the requests serving it.
struct ContainerRequest {
  std::optional<DeviceRequest> request;  // unset when reused requests cover the container
  std::vector<ContainerExtendedResourceRequest> mappings;
};

// createResourceRequestAndMappings: `reusable` are requests of other containers this one may
// use first (entries may be null).
ContainerRequest container_request(size_t index, const Container& container, const std::string& resource,
                                   const std::string& class_name, const std::vector<const DeviceRequest*>& reusable) {
  ContainerRequest out;
  if (!container.resources.requests) return out;
  const ResourceList& requests = *container.resources.requests;
  const Quantity* quantity = requests.find(resource);
  if (quantity == nullptr) return out;
  std::optional<int64_t> wanted = quantity->as_int64();
  if (!wanted || *wanted == 0) return out;
  int64_t covered = 0;
  for (const DeviceRequest* r : reusable) {
    if (r == nullptr) continue;
    covered += r->exactly->count;
    out.mappings.push_back({container.name, resource, r->name});
    if (covered >= *wanted) return out;
  }
  // The resource's place among the container's requests, sorted by name as the map is.
  size_t place = 0;
  for (const auto& [name, q] : requests) {
    if (name == resource) break;
    ++place;
  }
  DeviceRequest& request = out.request.emplace();
  request.name = fmt::format("container-{}-request-{}", index, place);
  DeviceRequestSpec& spec = request.exactly.emplace();
  spec.device_class_name = class_name;
  spec.allocation_mode = "ExactCount";
  spec.count = *wanted - covered;
  out.mappings.push_back({container.name, resource, request.name});
  return out;
}

}  // namespace

bool is_dra_extended_resource_name(std::string_view name) {
  return is_extended_resource_name(name) || name.starts_with(dra::kDeviceClassResourcePrefix);
}

FlatMap<int64_t> dra_extended_resources(const Pod& pod, const dra::DeviceClassResolver& resolver) {
  const ResourceList requests = pod_requests(pod, PodResourcesOptions{});
  const bool mapped = std::any_of(requests.begin(), requests.end(), [&](const auto& entry) {
    return !entry.second.is_zero() && is_dra_extended_resource_name(entry.first) &&
           resolver.device_class(entry.first) != nullptr;
  });
  if (!mapped) return {};
  return Resource::from_list(requests).scalar;
}

const ResourceClaim* find_extended_resource_claim(const Pod& pod, const std::vector<const ResourceClaim*>& claims) {
  for (const ResourceClaim* claim : claims) {
    const std::string* marked = claim->metadata.annotations.find(kExtendedResourceClaimAnnotation);
    if (marked == nullptr || *marked != "true") continue;
    for (const OwnerReference& owner : claim->metadata.owner_references) {
      if (owner.name == pod.metadata.name && owner.controller && refers_to_pod(pod, owner.uid, owner.name)) return claim;
    }
  }
  return nullptr;
}

ResourceClaim new_extended_resource_claim(const Pod& pod) {
  ResourceClaim claim;
  claim.metadata.namespace_ = pod.metadata.namespace_;
  claim.metadata.name = std::string(kSpecialClaimInMemoryName);
  claim.metadata.generate_name = pod.metadata.name + "-extended-resources-";
  claim.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", pod.metadata.name, pod.metadata.uid, true});
  claim.metadata.annotations.set(kExtendedResourceClaimAnnotation, "true");
  return claim;
}

ExtendedResourceRequests extended_resource_requests(const Pod& pod, const FlatMap<int64_t>& resources,
                                                    const dra::DeviceClassResolver& resolver) {
  std::vector<const Container*> containers;
  for (const Container& c : pod.spec.init_containers) containers.push_back(&c);
  for (const Container& c : pod.spec.containers) containers.push_back(&c);
  // Long-lived: sidecars and regular containers; short-lived: the other init containers.
  std::vector<size_t> long_lived, short_lived;
  for (size_t i = 0; i < containers.size(); ++i) {
    const bool sidecar = containers[i]->restart_policy == "Always";
    (i < pod.spec.init_containers.size() && !sidecar ? short_lived : long_lived).push_back(i);
  }

  ExtendedResourceRequests out;
  for (const auto& [resource, quantity] : resources) {  // sorted by name
    const DeviceClass* dc = resolver.device_class(resource);
    if (dc == nullptr) continue;
    const std::string& class_name = dc->metadata.name;

    std::vector<std::optional<DeviceRequest>> long_lived_requests(containers.size());
    std::vector<ContainerExtendedResourceRequest> long_lived_mappings;
    for (size_t i : long_lived) {
      ContainerRequest r = container_request(i, *containers[i], resource, class_name, {});
      long_lived_requests[i] = std::move(r.request);
      long_lived_mappings.insert(long_lived_mappings.end(), r.mappings.begin(), r.mappings.end());
    }

    // Short-lived containers run one at a time: the largest of their requests serves them all.
    std::optional<DeviceRequest> largest;
    std::set<std::string> short_lived_names;
    std::vector<ContainerExtendedResourceRequest> short_lived_mappings;
    for (size_t i : short_lived) {
      std::vector<const DeviceRequest*> reusable;
      for (size_t k = i; k < containers.size(); ++k) {
        reusable.push_back(long_lived_requests[k] ? &*long_lived_requests[k] : nullptr);
      }
      ContainerRequest r = container_request(i, *containers[i], resource, class_name, reusable);
      if (r.request) {
        short_lived_names.insert(r.request->name);
        if (!largest || largest->exactly->count < r.request->exactly->count) largest = r.request;
      }
      short_lived_mappings.insert(short_lived_mappings.end(), r.mappings.begin(), r.mappings.end());
    }
    if (largest && short_lived_names.size() > 1) {
      short_lived_names.erase(largest->name);
      for (ContainerExtendedResourceRequest& m : short_lived_mappings) {
        if (short_lived_names.contains(m.request_name)) m.request_name = largest->name;
      }
    }

    if (largest) out.requests.push_back(std::move(*largest));
    for (auto& request : long_lived_requests) {
      if (request) out.requests.push_back(std::move(*request));
    }
    out.mappings.insert(out.mappings.end(), long_lived_mappings.begin(), long_lived_mappings.end());
    out.mappings.insert(out.mappings.end(), short_lived_mappings.begin(), short_lived_mappings.end());
  }
  std::stable_sort(out.requests.begin(), out.requests.end(),
                   [](const DeviceRequest& a, const DeviceRequest& b) { return a.name < b.name; });
  return out;
}

}  // namespace podfit
