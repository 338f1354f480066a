// The LimitRanger admission plugin for pods: container defaults from the namespace's
// LimitRanges, then their min, max and limit/request ratio bounds per container and per pod.
#include <fmt/format.h>

#include <algorithm>

#include "podfit/admission/admission.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

// Quantity.MaxMilliValue: past it MilliValue would overflow, so values compare whole.
constexpr int64_t kMaxMilliValue = INT64_MAX / 1000;

std::vector<const LimitRange*> namespace_limit_ranges(const ClusterState& cluster, const std::string& ns) {
  std::vector<const LimitRange*> out;
  for (const LimitRange& lr : cluster.limit_ranges) {
    if (lr.metadata.namespace_ == ns) out.push_back(&lr);
  }
  // The API server's informer lists them in no set order; name order keeps podfit's stable.
  std::sort(out.begin(), out.end(), [](const LimitRange* a, const LimitRange* b) { return a->metadata.name < b->metadata.name; });
  return out;
}

// requestLimitEnforcedValues: the three at milli precision when none would overflow.
struct Observed {
  int64_t request, limit, enforced;
};
Observed observe(const Quantity* request, const Quantity* limit, const Quantity& enforced) {
  const Quantity zero;
  const Quantity& req = request ? *request : zero;
  const Quantity& lim = limit ? *limit : zero;
  Observed o{req.value(), lim.value(), enforced.value()};
  if (o.request <= kMaxMilliValue && o.limit <= kMaxMilliValue && o.enforced <= kMaxMilliValue) {
    o = {req.milli_value(), lim.milli_value(), enforced.milli_value()};
  }
  return o;
}

using Check = std::optional<std::string> (*)(std::string_view type, const std::string& name, const Quantity& enforced,
                                            const ResourceList& requests, const ResourceList& limits);

std::optional<std::string> min_constraint(std::string_view type, const std::string& name, const Quantity& enforced,
                                          const ResourceList& requests, const ResourceList& limits) {
  const Quantity* req = requests.find(name);
  const Quantity* lim = limits.find(name);
  const Observed o = observe(req, lim, enforced);
  if (req == nullptr) return fmt::format("minimum {} usage per {} is {}.  No request is specified", name, type, enforced.to_string());
  if (o.request < o.enforced) {
    return fmt::format("minimum {} usage per {} is {}, but request is {}", name, type, enforced.to_string(), req->to_string());
  }
  if (lim != nullptr && o.limit < o.enforced) {
    return fmt::format("minimum {} usage per {} is {}, but limit is {}", name, type, enforced.to_string(), lim->to_string());
  }
  return std::nullopt;
}

std::optional<std::string> max_constraint(std::string_view type, const std::string& name, const Quantity& enforced,
                                          const ResourceList& requests, const ResourceList& limits) {
  const Quantity* req = requests.find(name);
  const Quantity* lim = limits.find(name);
  const Observed o = observe(req, lim, enforced);
  if (lim == nullptr) return fmt::format("maximum {} usage per {} is {}.  No limit is specified", name, type, enforced.to_string());
  if (o.limit > o.enforced) {
    return fmt::format("maximum {} usage per {} is {}, but limit is {}", name, type, enforced.to_string(), lim->to_string());
  }
  if (req != nullptr && o.request > o.enforced) {
    return fmt::format("maximum {} usage per {} is {}, but request is {}", name, type, enforced.to_string(), req->to_string());
  }
  return std::nullopt;
}

std::optional<std::string> ratio_constraint(std::string_view type, const std::string& name, const Quantity& enforced,
                                            const ResourceList& requests, const ResourceList& limits) {
  const Quantity* req = requests.find(name);
  const Quantity* lim = limits.find(name);
  const Observed o = observe(req, lim, enforced);
  if (req == nullptr || o.request == 0) {
    return fmt::format("{} max limit to request ratio per {} is {}, but no request is specified or request is 0", name,
                       type, enforced.to_string());
  }
  if (lim == nullptr || o.limit == 0) {
    return fmt::format("{} max limit to request ratio per {} is {}, but no limit is specified or limit is 0", name, type,
                       enforced.to_string());
  }
  double observed = static_cast<double>(o.limit) / static_cast<double>(o.request);
  const double shown = observed;
  double allowed = static_cast<double>(enforced.value());
  if (enforced.value() <= kMaxMilliValue) {
    observed *= 1000;
    allowed = static_cast<double>(enforced.milli_value());
  }
  if (observed > allowed) {
    return fmt::format("{} max limit to request ratio per {} is {}, but provided ratio is {:f}", name, type,
                       enforced.to_string(), shown);
  }
  return std::nullopt;
}

// One item's min, max and ratio bounds over one set of requests and limits (resources in name
// order: the API server walks maps in no set order).
void check_bounds(const LimitRangeItem& item, const ResourceList& requests, const ResourceList& limits,
                  std::vector<std::string>& errors) {
  const std::pair<const ResourceList*, Check> bounds[] = {
      {&item.min, min_constraint}, {&item.max, max_constraint}, {&item.max_limit_request_ratio, ratio_constraint}};
  for (const auto& [list, check] : bounds) {
    for (const auto& [name, enforced] : *list) {
      if (auto error = check(item.type, name, enforced, requests, limits)) errors.push_back(std::move(*error));
    }
  }
}

const ResourceList& list_or_empty(const std::optional<ResourceList>& list) {
  static const ResourceList kEmpty;
  return list ? *list : kEmpty;
}

// The limitranger's podRequests/podLimits: the containers' aggregate (sidecars included), with
// pod-level cpu and memory in their place where spec.resources sets them.
ResourceList pod_total(const Pod& pod, bool limits) {
  PodResourcesOptions options;
  ResourceList total = limits ? aggregate_container_limits(pod, options) : aggregate_container_requests(pod, options);
  if (pod.spec.resources) {
    const ResourceList& level = list_or_empty(limits ? pod.spec.resources->limits : pod.spec.resources->requests);
    for (const auto& [name, q] : level) {
      if (name == "cpu" || name == "memory") total.set(name, q);
    }
  }
  return total;
}

// mergeContainerResources: the defaults for what the container neither requests nor limits.
void default_container(Container& container, const ResourceList& requests, const ResourceList& limits) {
  ResourceList& own_limits = container.resources.limits ? *container.resources.limits : container.resources.limits.emplace();
  for (const auto& [name, q] : limits) {
    if (!own_limits.contains(name)) own_limits.set(name, q);
  }
  ResourceList& own_requests =
      container.resources.requests ? *container.resources.requests : container.resources.requests.emplace();
  for (const auto& [name, q] : requests) {
    if (!own_requests.contains(name)) own_requests.set(name, q);
  }
}

}  // namespace

void apply_limit_range_defaults(Pod& pod, const ClusterState& cluster) {
  for (const LimitRange* lr : namespace_limit_ranges(cluster, pod.metadata.namespace_)) {
    // defaultContainerResourceRequirements: a later Container item's default overrides an earlier one's.
    ResourceList requests, limits;
    for (const LimitRangeItem& item : lr->limits) {
      if (item.type != "Container") continue;
      for (const auto& [name, q] : item.default_requests) requests.set(name, q);
      for (const auto& [name, q] : item.default_limits) limits.set(name, q);
    }
    for (Container& c : pod.spec.containers) default_container(c, requests, limits);
    for (Container& c : pod.spec.init_containers) default_container(c, requests, limits);
  }
}

std::optional<AdmissionRefusal> validate_limit_ranges(const Pod& pod, const ClusterState& cluster) {
  for (const LimitRange* lr : namespace_limit_ranges(cluster, pod.metadata.namespace_)) {
    std::vector<std::string> errors;
    for (const LimitRangeItem& item : lr->limits) {
      if (item.type == "Container") {
        for (const auto* containers : {&pod.spec.containers, &pod.spec.init_containers}) {
          for (const Container& c : *containers) {
            check_bounds(item, list_or_empty(c.resources.requests), list_or_empty(c.resources.limits), errors);
          }
        }
      } else if (item.type == "Pod") {
        check_bounds(item, pod_total(pod, false), pod_total(pod, true), errors);
      }
    }
    if (!errors.empty()) return AdmissionRefusal{"LimitRanger", pod_forbidden(pod, field::aggregate(errors))};
  }
  return std::nullopt;
}

}  // namespace podfit
