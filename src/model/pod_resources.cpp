#include "podfit/model/pod_resources.h"

#include <initializer_list>

namespace podfit {
namespace {

constexpr std::string_view kPodResizePending = "PodResizePending";
constexpr std::string_view kReasonInfeasible = "Infeasible";
constexpr std::string_view kReasonDeferred = "Deferred";

// Which list of a container (and its status) an aggregation reads; nullptr stands for an absent
// list. `keeps_running`: a regular or restartable init container; `storage` holds a list made
// for the call.
using ContainerListFn = const ResourceList* (*)(const Container&, const ContainerStatus*, bool resize_infeasible,
                                                bool keeps_running, ResourceList& storage);

// Sums `extra` into `list`, copying resources `list` does not have yet.
void add_resource_list(ResourceList& list, const ResourceList* extra) {
  if (extra == nullptr) return;
  for (const auto& [name, quantity] : *extra) {
    if (Quantity* existing = list.find(name)) {
      existing->add(quantity);
    } else {
      list.set(name, quantity);
    }
  }
}

// Raises every resource of `list` to at least its value in `other`.
void max_resource_list(ResourceList& list, const ResourceList* other) {
  if (other == nullptr) return;
  for (const auto& [name, quantity] : *other) {
    const Quantity* existing = list.find(name);
    if (existing == nullptr || quantity.compare(*existing) > 0) list.set(name, quantity);
  }
}

// Per-resource maximum of several lists; absent lists contribute nothing.
ResourceList max_of(std::initializer_list<const ResourceList*> lists) {
  ResourceList result;
  for (const ResourceList* list : lists) max_resource_list(result, list);
  return result;
}

const ResourceList* optional_list(const std::optional<ResourceList>& list) {
  return list ? &*list : nullptr;
}

const ResourceList* spec_requests(const Container& c, const ContainerStatus*, bool, bool, ResourceList&) {
  return optional_list(c.resources.requests);
}

const ResourceList* spec_limits(const Container& c, const ContainerStatus*, bool, bool, ResourceList&) {
  return optional_list(c.resources.limits);
}

// What the kubelet has admitted: allocatedResources, else the spec unless the resize is infeasible.
const ResourceList* allocated_requests(const Container& c, const ContainerStatus* cs, bool infeasible, bool, ResourceList&) {
  if (cs != nullptr && cs->allocated_resources) return &*cs->allocated_resources;
  if (infeasible) return nullptr;
  return optional_list(c.resources.requests);
}

// What the runtime applies: status resources, else allocated, else the spec unless infeasible.
const ResourceList* actuated_requests(const Container& c, const ContainerStatus* cs, bool infeasible, bool, ResourceList&) {
  if (cs != nullptr && cs->resources && cs->resources->requests) return &*cs->resources->requests;
  if (cs != nullptr && cs->allocated_resources) return &*cs->allocated_resources;
  if (infeasible) return nullptr;
  return optional_list(c.resources.requests);
}

const ResourceList* actuated_limits(const Container& c, const ContainerStatus* cs, bool infeasible, bool, ResourceList&) {
  if (cs != nullptr && cs->resources && cs->resources->limits) return &*cs->resources->limits;
  if (infeasible) return nullptr;
  return optional_list(c.resources.limits);
}

// Before v1.37, each running container on its own: max(spec, status resources, allocated), or
// status resources and allocated alone while a resize is infeasible, once the kubelet reports
// the container's resources; init containers that run to completion count their spec.
const ResourceList* container_max_requests(const Container& c, const ContainerStatus* cs, bool infeasible,
                                           bool keeps_running, ResourceList& storage) {
  if (!keeps_running || cs == nullptr || !cs->resources) return optional_list(c.resources.requests);
  storage = infeasible ? max_of({optional_list(cs->resources->requests), optional_list(cs->allocated_resources)})
                       : max_of({optional_list(c.resources.requests), optional_list(cs->resources->requests),
                                 optional_list(cs->allocated_resources)});
  return &storage;
}

const ResourceList* container_max_limits(const Container& c, const ContainerStatus* cs, bool infeasible,
                                         bool keeps_running, ResourceList& storage) {
  if (!keeps_running || cs == nullptr || !cs->resources) return optional_list(c.resources.limits);
  if (infeasible) return optional_list(cs->resources->limits);
  storage = max_of({optional_list(c.resources.limits), optional_list(cs->resources->limits)});
  return &storage;
}

// Regular container statuses are searched before init container statuses, by name.
const ContainerStatus* find_container_status(const Pod& pod, const std::string& name) {
  for (const auto& cs : pod.status.container_statuses) {
    if (cs.name == name) return &cs;
  }
  for (const auto& cs : pod.status.init_container_statuses) {
    if (cs.name == name) return &cs;
  }
  return nullptr;
}

bool is_restartable_init_container(const Container& c) {
  return c.restart_policy.has_value() && *c.restart_policy == "Always";
}

// A copy of `list` where every resource of `non_missing` it lacks is filled in (explicit zeros stay).
ResourceList apply_non_missing(const ResourceList* list, const ResourceList& non_missing) {
  ResourceList filled;
  if (list != nullptr) filled = *list;
  for (const auto& [name, quantity] : non_missing) {
    if (list == nullptr || !list->contains(name)) filled.set(name, quantity);
  }
  return filled;
}

// The sidecar-aware aggregation: regular and restartable init containers run together, each
// regular init container runs alongside the restartable ones started before it.
ResourceList aggregate_by(const Pod& pod, const PodResourcesOptions& options, ContainerListFn list_of) {
  const bool infeasible = options.use_status_resources && is_pod_resize_infeasible(pod);
  auto container_list = [&](const Container& c, bool keeps_running, ResourceList& storage) -> const ResourceList* {
    const ContainerStatus* cs = options.use_status_resources ? find_container_status(pod, c.name) : nullptr;
    ResourceList made;
    const ResourceList* list = list_of(c, cs, infeasible, keeps_running, made);
    if (options.non_missing_container_requests.empty()) {
      if (list != &made) return list;
      storage = std::move(made);
      return &storage;
    }
    storage = apply_non_missing(list, options.non_missing_container_requests);
    return &storage;
  };

  ResourceList result;
  for (const auto& c : pod.spec.containers) {
    ResourceList storage;
    add_resource_list(result, container_list(c, true, storage));
  }

  ResourceList restartable_sum;
  ResourceList init_peak;
  for (const auto& c : pod.spec.init_containers) {
    ResourceList storage;
    const ResourceList* list = container_list(c, is_restartable_init_container(c), storage);
    if (is_restartable_init_container(c)) {
      add_resource_list(result, list);
      add_resource_list(restartable_sum, list);
      max_resource_list(init_peak, &restartable_sum);
    } else {
      ResourceList combined;
      add_resource_list(combined, list);
      add_resource_list(combined, &restartable_sum);
      max_resource_list(init_peak, &combined);
    }
  }
  max_resource_list(result, &init_peak);
  return result;
}

// Overwrites the supported pod-level resources of `result` with those of `effective`.
void apply_pod_level_resources(ResourceList& result, const ResourceList* effective) {
  if (effective == nullptr) return;
  for (const auto& [name, quantity] : *effective) {
    if (is_supported_pod_level_resource(name)) result.set(name, quantity);
  }
}

// max(spec, statuses...), the spec being ignored while a resize is infeasible.
ResourceList effective_pod_level_resources(const Pod& pod, const ResourceList* spec,
                                           std::initializer_list<const ResourceList*> statuses) {
  ResourceList result;
  if (!is_pod_resize_infeasible(pod)) max_resource_list(result, spec);
  for (const ResourceList* status : statuses) max_resource_list(result, status);
  return result;
}

bool names_supported_resource(const std::optional<ResourceList>& list) {
  if (!list) return false;
  for (const auto& entry : *list) {
    if (is_supported_pod_level_resource(entry.first)) return true;
  }
  return false;
}

bool first_resize_condition_has_reason(const Pod& pod, std::string_view reason) {
  for (const auto& condition : pod.status.conditions) {
    if (condition.type == kPodResizePending) return condition.reason == reason;
  }
  return false;
}

}  // namespace

bool is_supported_pod_level_resource(std::string_view name) {
  return name == resource_names::kCpu || name == resource_names::kMemory ||
         name.starts_with(resource_names::kHugePagesPrefix);
}

bool is_pod_level_resources_set(const Pod& pod) {
  const auto& resources = pod.spec.resources;
  return resources && (names_supported_resource(resources->requests) || names_supported_resource(resources->limits));
}

bool is_pod_level_requests_set(const Pod& pod) {
  return pod.spec.resources && names_supported_resource(pod.spec.resources->requests);
}

bool is_pod_level_limits_set(const Pod& pod) {
  return pod.spec.resources && names_supported_resource(pod.spec.resources->limits);
}

bool is_pod_resize_infeasible(const Pod& pod) { return first_resize_condition_has_reason(pod, kReasonInfeasible); }

bool is_pod_resize_deferred(const Pod& pod) { return first_resize_condition_has_reason(pod, kReasonDeferred); }

ResourceList aggregate_container_requests(const Pod& pod, const PodResourcesOptions& options) {
  ResourceList spec = aggregate_by(pod, options, spec_requests);
  if (!options.use_status_resources) return spec;
  if (options.per_container_status) return aggregate_by(pod, options, container_max_requests);

  const auto& status = pod.status;
  ResourceList allocated_storage;
  ResourceList actuated_storage;
  const ResourceList* allocated = nullptr;
  const ResourceList* actuated = nullptr;
  // Pod-level status aggregates already cover every container when the kubelet reports them.
  if (options.in_place_pod_level_resources_vertical_scaling && status.allocated_resources && status.resources &&
      status.resources->requests) {
    allocated = &*status.allocated_resources;
    actuated = &*status.resources->requests;
  } else {
    allocated_storage = aggregate_by(pod, options, allocated_requests);
    actuated_storage = aggregate_by(pod, options, actuated_requests);
    allocated = &allocated_storage;
    actuated = &actuated_storage;
  }
  if (is_pod_resize_infeasible(pod)) return max_of({actuated, allocated});
  return max_of({&spec, actuated, allocated});
}

ResourceList aggregate_container_limits(const Pod& pod, const PodResourcesOptions& options) {
  PodResourcesOptions limit_options = options;
  limit_options.non_missing_container_requests.clear();
  ResourceList spec = aggregate_by(pod, limit_options, spec_limits);
  if (!options.use_status_resources) return spec;
  if (options.per_container_status) return aggregate_by(pod, limit_options, container_max_limits);

  const auto& status = pod.status;
  ResourceList actuated_storage;
  const ResourceList* actuated = nullptr;
  if (options.in_place_pod_level_resources_vertical_scaling && status.resources && status.resources->limits) {
    actuated = &*status.resources->limits;
  } else {
    actuated_storage = aggregate_by(pod, limit_options, actuated_limits);
    actuated = &actuated_storage;
  }
  if (is_pod_resize_infeasible(pod)) return *actuated;
  return max_of({&spec, actuated});
}

ResourceList pod_requests(const Pod& pod, const PodResourcesOptions& options) {
  ResourceList requests;
  if (!options.skip_container_level_resources) requests = aggregate_container_requests(pod, options);

  if (!options.skip_pod_level_resources && is_pod_level_requests_set(pod)) {
    const ResourceList* effective = &*pod.spec.resources->requests;
    ResourceList from_status;
    if (options.in_place_pod_level_resources_vertical_scaling && options.use_status_resources &&
        pod.status.resources) {
      from_status = effective_pod_level_resources(
          pod, effective, {optional_list(pod.status.resources->requests), optional_list(pod.status.allocated_resources)});
      effective = &from_status;
    }
    apply_pod_level_resources(requests, effective);
  }

  if (!options.exclude_overhead && pod.spec.overhead) add_resource_list(requests, &*pod.spec.overhead);
  return requests;
}

ResourceList pod_limits(const Pod& pod, const PodResourcesOptions& options) {
  ResourceList limits = aggregate_container_limits(pod, options);

  if (!options.skip_pod_level_resources && is_pod_level_resources_set(pod)) {
    const ResourceList* effective = optional_list(pod.spec.resources->limits);
    ResourceList from_status;
    if (options.in_place_pod_level_resources_vertical_scaling && options.use_status_resources &&
        pod.status.resources) {
      from_status = effective_pod_level_resources(pod, effective, {optional_list(pod.status.resources->limits)});
      effective = &from_status;
    }
    apply_pod_level_resources(limits, effective);
  }

  // Overhead only raises limits that are set and non-zero: an unlimited resource stays unlimited.
  if (!options.exclude_overhead && pod.spec.overhead) {
    for (const auto& [name, quantity] : *pod.spec.overhead) {
      Quantity* limit = limits.find(name);
      if (limit != nullptr && !limit->is_zero()) limit->add(quantity);
    }
  }
  return limits;
}

}  // namespace podfit
