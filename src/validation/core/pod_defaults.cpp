// pkg/apis/core/v1's defaulting of the pod fields scheduling reads.
#include "podfit/model/pod_resources.h"
#include "validation/core/pod_defaults.h"

namespace podfit {

namespace {

bool is_hugepages(std::string_view name) { return name.starts_with("hugepages-"); }

// Pod-level resources (after container defaults): hugepage limits default to the containers'
// aggregate, then requests default to the containers' hugepage requests and the pod's limits.
void default_pod_level_resources(Pod& pod) {
  if (!pod.spec.resources) return;
  ResourceRequirements& r = *pod.spec.resources;
  bool has_limits = r.limits && !r.limits->empty();
  bool has_requests = r.requests && !r.requests->empty();
  if (!has_limits && !has_requests) return;
  ResourceList limits = r.limits.value_or(ResourceList{});
  for (const auto& [name, q] : aggregate_container_limits(pod, PodResourcesOptions{})) {
    if (!limits.contains(name) && is_supported_pod_level_resource(name) && is_hugepages(name)) limits.set(name, q);
  }
  if (!limits.empty()) r.limits = limits;
  if (!r.limits || r.limits->empty()) return;
  ResourceList requests = r.requests.value_or(ResourceList{});
  for (const auto& [name, q] : aggregate_container_requests(pod, PodResourcesOptions{})) {
    if (!requests.contains(name) && is_supported_pod_level_resource(name) && is_hugepages(name)) requests.set(name, q);
  }
  for (const auto& [name, q] : *r.limits) {
    if (!requests.contains(name) && is_supported_pod_level_resource(name)) requests.set(name, q);
  }
  if (!requests.empty()) r.requests = requests;
}

}  // namespace

void apply_pod_defaults(Pod& pod) {
  if (pod.metadata.namespace_.empty()) pod.metadata.namespace_ = "default";
  if (pod.metadata.name.empty()) pod.metadata.name = pod.metadata.generate_name;
  auto default_container = [&](Container& c) {
    // Requests default to limits for every resource with a limit but no request.
    if (c.resources.limits) {
      if (!c.resources.requests) c.resources.requests.emplace();
      for (const auto& [name, q] : *c.resources.limits) {
        if (!c.resources.requests->contains(name)) c.resources.requests->set(name, q);
      }
    }
    for (ContainerPort& p : c.ports) {
      if (p.protocol.empty()) p.protocol = "TCP";
      // With hostNetwork every container port (init containers' too) is a host port.
      if (pod.spec.host_network && p.host_port == 0) p.host_port = p.container_port;
    }
  };
  for (Container& c : pod.spec.init_containers) default_container(c);
  for (Container& c : pod.spec.containers) default_container(c);
  default_pod_level_resources(pod);
}

}  // namespace podfit
