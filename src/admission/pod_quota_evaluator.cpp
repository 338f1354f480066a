// The quota evaluator for pods: usage, scopes and the cpu/memory constraint.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "podfit/admission/resource_quota.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/resource.h"

namespace podfit {
namespace {

namespace rn = resource_names;

constexpr std::string_view kPodCount = "count/pods";
// The implicit extended resource of a DeviceClass: a native name, quota'd as an extended one.
constexpr std::string_view kDeviceClassPrefix = "deviceclass.resource.kubernetes.io/";

// The resources a quota on pods can name, besides hugepages-* and requests.<extended>.
constexpr std::string_view kPodResources[] = {
    kPodCount, "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
    "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods"};

// The resources whose quota obliges every container to set them (kept for compatibility upstream).
constexpr std::string_view kMustSpecify[] = {"cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu",
                                             "limits.memory"};

template <size_t N>
bool one_of(std::string_view name, const std::string_view (&names)[N]) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// podComputeUsageHelper: the quota resources that requests and limits amount to.
ResourceList compute_usage(const ResourceList& requests, const ResourceList& limits) {
  ResourceList out;
  out.set(rn::kPods, Quantity::from_int(1));
  for (std::string_view name : {rn::kCpu, rn::kMemory, rn::kEphemeralStorage}) {
    if (const Quantity* request = requests.find(name)) {
      out.set(name, *request);
      out.set(fmt::format("requests.{}", name), *request);
    }
    if (const Quantity* limit = limits.find(name)) out.set(fmt::format("limits.{}", name), *limit);
  }
  for (const auto& [name, request] : requests) {
    if (name.starts_with(rn::kHugePagesPrefix)) {
      out.set(name, request);
      out.set(fmt::format("requests.{}", name), request);
    }
    // Extended resources cannot be overcommitted: quotas name only their requests.
    if (is_extended_resource_name(name) || name.starts_with(kDeviceClassPrefix)) {
      out.set(fmt::format("requests.{}", name), request);
    }
  }
  return out;
}

const ResourceList& list_or_empty(const std::optional<ResourceList>& list) {
  static const ResourceList kEmpty;
  return list ? *list : kEmpty;
}

bool positive_cpu_or_memory(const ResourceList& list) {
  for (std::string_view name : {rn::kCpu, rn::kMemory}) {
    const Quantity* q = list.find(name);
    if (q != nullptr && q->sign() > 0) return true;
  }
  return false;
}

// ComputePodQOS == BestEffort: no positive cpu or memory request or limit, taken from
// spec.resources when the pod has it (even naming neither), else from every container.
bool is_best_effort(const Pod& pod) {
  if (pod.spec.resources) {
    const ResourceRequirements& r = *pod.spec.resources;
    return !positive_cpu_or_memory(list_or_empty(r.requests)) && !positive_cpu_or_memory(list_or_empty(r.limits));
  }
  for (const auto* containers : {&pod.spec.containers, &pod.spec.init_containers}) {
    for (const Container& c : *containers) {
      if (positive_cpu_or_memory(list_or_empty(c.resources.requests)) ||
          positive_cpu_or_memory(list_or_empty(c.resources.limits))) {
        return false;
      }
    }
  }
  return true;
}

bool is_terminating(const Pod& pod) {
  return pod.spec.active_deadline_seconds && *pod.spec.active_deadline_seconds >= 0;
}

bool cross_namespace(const PodAffinityTerm& term) { return !term.namespaces.empty() || term.namespace_selector; }

bool uses_cross_namespace_affinity(const Pod& pod) {
  if (!pod.spec.affinity) return false;
  for (const auto* affinity : {&pod.spec.affinity->pod_affinity, &pod.spec.affinity->pod_anti_affinity}) {
    if (!*affinity) continue;
    for (const PodAffinityTerm& term : (*affinity)->required) {
      if (cross_namespace(term)) return true;
    }
    for (const WeightedPodAffinityTerm& weighted : (*affinity)->preferred) {
      if (cross_namespace(weighted.term)) return true;
    }
  }
  return false;
}

// The requirement as a label selector on {PriorityClass: spec.priorityClassName} (no label when empty).
bool priority_class_matches(const ScopedResourceSelectorRequirement& r, const Pod& pod) {
  const std::string& name = pod.spec.priority_class_name;
  const bool has = !name.empty();
  const bool listed = std::find(r.values.begin(), r.values.end(), name) != r.values.end();
  if (r.operator_ == "In") return has && listed;
  if (r.operator_ == "NotIn") return !has || !listed;
  if (r.operator_ == "Exists") return has;
  if (r.operator_ == "DoesNotExist") return !has;
  return false;
}

}  // namespace

ResourceList pod_quota_usage(const Pod& pod) {
  ResourceList usage;
  usage.set(kPodCount, Quantity::from_int(1));
  // A pod that has finished uses no compute resources; it still counts as an object.
  if (pod.status.phase == "Succeeded" || pod.status.phase == "Failed") return usage;
  PodResourcesOptions options;
  options.use_status_resources = true;  // InPlacePodVerticalScaling
  for (const auto& [name, q] : compute_usage(pod_requests(pod, options), pod_limits(pod, options))) {
    usage.set(name, q);
  }
  return usage;
}

bool pod_matches_scope(const ScopedResourceSelectorRequirement& requirement, const Pod& pod) {
  const std::string& scope = requirement.scope_name;
  if (scope == "Terminating") return is_terminating(pod);
  if (scope == "NotTerminating") return !is_terminating(pod);
  if (scope == "BestEffort") return is_best_effort(pod);
  if (scope == "NotBestEffort") return !is_best_effort(pod);
  if (scope == "PriorityClass") return priority_class_matches(requirement, pod);
  if (scope == "CrossNamespacePodAffinity") return uses_cross_namespace_affinity(pod);
  return false;  // VolumeAttributesClass: a scope of claims
}

std::vector<std::string> pod_quota_resources(const ResourceList& hard) {
  std::vector<std::string> out;
  for (const auto& [name, q] : hard) {
    const bool extended_request =
        name.starts_with(rn::kRequestsPrefix) &&
        (!is_native_resource(name) || name.substr(rn::kRequestsPrefix.size()).starts_with(kDeviceClassPrefix));
    if (one_of(name, kPodResources) || name.starts_with(rn::kHugePagesPrefix) ||
        name.starts_with("requests.hugepages-") || extended_request) {
      out.push_back(name);
    }
  }
  return out;  // a ResourceList iterates in name order
}

bool quota_matches_pod(const ResourceQuota& quota, const Pod& pod) {
  if (pod_quota_resources(quota.status_hard).empty()) return false;
  for (const std::string& scope : quota.scopes) {
    if (!pod_matches_scope(ScopedResourceSelectorRequirement{scope, "Exists", {}}, pod)) return false;
  }
  if (quota.scope_selector) {
    for (const ScopedResourceSelectorRequirement& r : *quota.scope_selector) {
      if (!pod_matches_scope(r, pod)) return false;
    }
  }
  return true;
}

std::optional<std::string> pod_quota_constraints(const std::vector<std::string>& constrained, const Pod& pod) {
  std::set<std::string_view> required;
  for (const std::string& name : constrained) {
    if (one_of(name, kMustSpecify)) required.insert(name);
  }
  // Pod-level resources free the containers from setting their own.
  if (required.empty() || is_pod_level_resources_set(pod)) return std::nullopt;
  std::map<std::string, std::set<std::string>> missing;  // resource -> containers without it
  for (const auto* containers : {&pod.spec.containers, &pod.spec.init_containers}) {
    for (const Container& c : *containers) {
      const ResourceList usage = compute_usage(list_or_empty(c.resources.requests), list_or_empty(c.resources.limits));
      for (std::string_view name : required) {
        if (!usage.contains(name)) missing[std::string(name)].insert(c.name);
      }
    }
  }
  if (missing.empty()) return std::nullopt;
  std::string out = "must specify ";
  bool first = true;
  for (const auto& [name, containers] : missing) {
    out += fmt::format("{}{} for: {}", first ? "" : "; ", name, fmt::join(containers, ","));
    first = false;
  }
  return out;
}

}  // namespace podfit
