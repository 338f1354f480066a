#include "podfit/snapshot/pod_info.h"

#include "podfit/framework/feature_gates.h"
#include "podfit/model/pod_resources.h"

namespace podfit {

PodResource calculate_pod_resource(const Pod& pod, const FeatureGates& gates) {
  PodResourcesOptions options;
  options.use_status_resources = gates.in_place_pod_vertical_scaling;
  options.in_place_pod_level_resources_vertical_scaling = gates.in_place_pod_level_resources_vertical_scaling;
  options.skip_pod_level_resources = !gates.pod_level_resources;
  const ResourceList requests = pod_requests(pod, options);

  // getNonMissingContainerRequests: both defaults without pod-level requests, otherwise only
  // for resources absent from the whole pod's requests.
  const bool pod_level_requests_set = gates.pod_level_resources && is_pod_level_requests_set(pod);
  ResourceList non_missing;
  if (!pod_level_requests_set || !requests.contains(resource_names::kCpu)) {
    non_missing.set(resource_names::kCpu, Quantity::from_milli(kDefaultMilliCpuRequest));
  }
  if (!pod_level_requests_set || !requests.contains(resource_names::kMemory)) {
    non_missing.set(resource_names::kMemory, Quantity::from_int(kDefaultMemoryRequest));
  }

  ResourceList non_zero_requests;
  const ResourceList* non_zero = &requests;
  if (!non_missing.empty()) {
    options.non_missing_container_requests = std::move(non_missing);
    non_zero_requests = pod_requests(pod, options);
    non_zero = &non_zero_requests;
  }

  PodResource result;
  result.resource.add(requests);
  const Quantity* cpu = non_zero->find(resource_names::kCpu);
  const Quantity* memory = non_zero->find(resource_names::kMemory);
  result.non0_cpu = cpu ? cpu->milli_value() : 0;
  result.non0_mem = memory ? memory->value() : 0;
  return result;
}

PodInfo::PodInfo(const Pod& pod, const FeatureGates& gates) : pod_(&pod), resource_(calculate_pod_resource(pod, gates)) {}

bool PodInfo::has_affinity() const {
  const auto& affinity = pod_->spec.affinity;
  return affinity && (affinity->pod_affinity || affinity->pod_anti_affinity);
}

bool PodInfo::has_required_anti_affinity() const {
  const auto& affinity = pod_->spec.affinity;
  return affinity && affinity->pod_anti_affinity && !affinity->pod_anti_affinity->required.empty();
}

}  // namespace podfit
