// The API server's checks of resource names and quantities: container and pod-level
// requirements, pod overhead and node capacity (ValidateResourceRequirements and friends).
#include <fmt/format.h>

#include <array>

#include "decode.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/validation.h"
#include "validate.h"

namespace podfit {
namespace {

namespace rn = resource_names;

bool is_hugepages(std::string_view name) { return name.starts_with(rn::kHugePagesPrefix); }

// helper.IsNativeResource: unprefixed, or in the kubernetes.io namespace.
bool is_native(std::string_view name) {
  return name.find('/') == std::string_view::npos || name.find(rn::kDefaultNamespacePrefix) != std::string_view::npos;
}

// helper.IsExtendedResourceName: outside kubernetes.io, and a qualified name once quota's
// "requests." prefix is added: a qualified name whose prefix leaves room for "requests.".
bool is_extended(std::string_view name) {
  if (is_native(name) || name.starts_with(rn::kRequestsPrefix)) return false;
  constexpr size_t kSubdomainMaxLength = 253;
  return label_key_errors(name).empty() && name.find('/') + rn::kRequestsPrefix.size() <= kSubdomainMaxLength;
}

// helper.IsOvercommitAllowed: native resources other than hugepages.
bool overcommit_allowed(std::string_view name) { return is_native(name) && !is_hugepages(name); }

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names) {
    if (name == n) return true;
  }
  return false;
}

// helper.IsIntegerResourceName: object counts and extended resources.
bool is_integer_resource(std::string_view name) {
  return one_of(name, {"pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
                       "persistentvolumeclaims", "services.nodeports", "services.loadbalancers"}) ||
         is_extended(name);
}

// helper.IsStandardResourceName.
bool is_standard_resource(std::string_view name) {
  return one_of(name, {"cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory",
                       "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods",
                       "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
                       "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports",
                       "services.loadbalancers"}) ||
         is_hugepages(name) || name.starts_with("requests.hugepages-");
}

// helper.IsHugePageResourceValueDivisible: a whole number of pages of the name's size.
bool hugepages_divisible(std::string_view name, const Quantity& q) {
  std::optional<Quantity> page = Quantity::parse(name.substr(rn::kHugePagesPrefix.size()));
  if (!page || page->sign() <= 0 || page->milli_value() % 1000 != 0) return false;
  return q.value() % page->value() == 0;
}

enum class NameRule { Container, PodLevel };

const ResourceList* optional_list(const std::optional<ResourceList>& list) { return list ? &*list : nullptr; }

// A bad resource name is printed as JSON, quoted: since v1.34 field errors print a value of a
// named string type (ResourceName) as encoding/json does.
void validate_resource_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                            NameRule rule) {
  std::vector<std::string> errors = label_key_errors(name);
  if (!errors.empty()) reject(v, steps, field::invalid(path(), field::json_quote(name), errors.front()));
  bool unprefixed = name.find('/') == std::string_view::npos;
  if (unprefixed && !is_standard_resource(name)) {
    reject(v, steps, field::invalid(path(), field::json_quote(name), "must be a standard resource type or fully qualified"));
  }
  if (rule == NameRule::PodLevel) {
    if (!is_supported_pod_level_resource(name)) reject(v, steps, field::not_supported(path(), field::json_quote(name), {"cpu", "memory"}));
    return;
  }
  if (unprefixed) {
    bool container_resource = one_of(name, {"cpu", "memory", "ephemeral-storage"}) || is_hugepages(name);
    if (!container_resource) reject(v, steps, field::invalid(path(), field::json_quote(name), "must be a standard resource for containers"));
  } else if (!is_native(name) && !is_extended(name)) {
    reject(v, steps, field::invalid(path(), field::json_quote(name), "doesn't follow extended resource name standard"));
  }
}

void validate_hugepages_value(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                              const Quantity& q) {
  if (!is_hugepages(name) || hugepages_divisible(name, q)) return;
  std::string text = q.to_string();
  reject(v, steps,
         field::invalid(path(), field::go_quote(text),
                        fmt::format("{} is not positive integer multiple of {}", text, name)));
}

bool is_cpu_or_memory(std::string_view name) { return name == rn::kCpu || name == rn::kMemory; }

// validateResourceRequirements. `limits_in_place`: the limits are v's own members (overhead).
void validate_requirements(const Value& v, const ResourceList* requests, const ResourceList* limits, NameRule rule,
                           bool limits_in_place) {
  auto limits_path = [&] { return path_of(v, "limits"); };
  auto requests_path = [&] { return path_of(v, "requests"); };
  bool cpu_or_memory = false;
  bool hugepages = false;
  if (limits) {
    for (const auto& [name, q] : *limits) {
      auto path = [&] { return fmt::format("{}[{}]", limits_path(), name); };
      auto check = [&](std::initializer_list<PathStep> steps) {
        validate_resource_name(v, steps, path, name, rule);
        validate_quantity_value(v, steps, path, name, q);
        if (is_hugepages(name)) validate_hugepages_value(v, steps, path, name, q);
      };
      std::string_view key = name;
      if (limits_in_place) check({key});
      else check({"limits", key});
      hugepages = hugepages || is_hugepages(name);
      cpu_or_memory = cpu_or_memory || is_cpu_or_memory(name);
    }
  }
  if (requests) {
    for (const auto& [name, q] : *requests) {
      auto path = [&] { return fmt::format("{}[{}]", requests_path(), name); };
      std::string_view key = name;
      validate_resource_name(v, {"requests", key}, path, name, rule);
      validate_quantity_value(v, {"requests", key}, path, name, q);
      const Quantity* limit = limits ? limits->find(name) : nullptr;
      if (limit != nullptr) {
        int order = q.compare(*limit);
        if (order != 0 && !overcommit_allowed(name)) {
          reject(v, {"requests", key},
                 field::invalid(requests_path(), field::go_quote(q.to_string()),
                                fmt::format("must be equal to {} limit of {}", name, limit->to_string())));
        } else if (order > 0) {
          reject(v, {"requests", key},
                 field::invalid(requests_path(), field::go_quote(q.to_string()),
                                fmt::format("must be less than or equal to {} limit of {}", name, limit->to_string())));
        }
      } else if (!overcommit_allowed(name)) {
        reject(v, {"requests", key}, field::required(limits_path(), "Limit must be set for non overcommitable resources"));
      }
      if (is_hugepages(name)) {
        hugepages = true;
        validate_hugepages_value(v, {"requests", key}, path, name, q);
      }
      cpu_or_memory = cpu_or_memory || is_cpu_or_memory(name);
    }
  }
  if (!cpu_or_memory && hugepages) reject(v, {}, field::forbidden(v.path(), "HugePages require cpu or memory"));
}

}  // namespace

void validate_quantity_value(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                             const Quantity& q) {
  // ValidateNonnegativeQuantity quotes the value (a string); the integer rule prints the
  // Quantity itself, which since v1.34 is its JSON: the same text, quoted.
  if (q.sign() < 0) {
    reject(v, steps, field::invalid(path(), field::go_quote(q.to_string()), "must be greater than or equal to 0"));
  }
  if (q.milli_value() % 1000 != 0 && is_integer_resource(name)) {
    reject(v, steps, field::invalid(path(), field::json_quote(q.to_string()), "must be an integer"));
  }
}

void validate_standard_resource_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path,
                                     std::string_view name) {
  std::vector<std::string> errors = label_key_errors(name);
  if (!errors.empty()) reject(v, steps, field::invalid(path(), field::json_quote(name), errors.front()));
  if (name.find('/') == std::string_view::npos && !is_standard_resource(name)) {
    reject(v, steps, field::invalid(path(), field::json_quote(name), "must be a standard resource type or fully qualified"));
  }
}

void validate_container_resources(const Value& v, const ResourceRequirements& resources) {
  validate_requirements(v, optional_list(resources.requests), optional_list(resources.limits), NameRule::Container, false);
}

void validate_pod_level_resources(const Value& v, const ResourceRequirements& resources) {
  if (!resources.claims.empty()) {
    reject(v, {"claims"}, field::forbidden(path_of(v, "claims"), "claims cannot be set for Resources at pod-level"));
  }
  validate_requirements(v, optional_list(resources.requests), optional_list(resources.limits), NameRule::PodLevel, false);
}

void validate_pod_resource_consistency(const Value& v, const PodSpec& spec) {
  if (!spec.resources) return;
  // The API server checks the defaulted object: defaults are applied to a copy.
  Pod pod;
  pod.spec = spec;
  apply_pod_defaults(pod);
  const ResourceRequirements& resources = *pod.spec.resources;
  std::string requests_path = path_of(v, "resources.requests");
  for (const auto& [name, containers] : aggregate_container_requests(pod, PodResourcesOptions{})) {
    // Resources pods cannot declare are left to the containers.
    if (!is_supported_pod_level_resource(name)) continue;
    Quantity requested;
    if (resources.requests) {
      if (const Quantity* q = resources.requests->find(name)) requested = *q;
    }
    if (containers.compare(requested) > 0) {
      reject(v, {"resources", "requests", std::string_view(name)},
             field::invalid(fmt::format("{}[{}]", requests_path, name), field::go_quote(requested.to_string()),
                            fmt::format("must be greater than or equal to aggregate container requests of {}",
                                        containers.to_string())));
    }
  }
  if (!resources.limits) return;
  for (size_t i = 0; i < pod.spec.containers.size(); ++i) {
    const auto& limits = pod.spec.containers[i].resources.limits;
    if (!limits) continue;
    for (const auto& [name, limit] : *limits) {
      const Quantity* pod_limit = resources.limits->find(name);
      if (pod_limit == nullptr || limit.compare(*pod_limit) <= 0) continue;
      std::string path = fmt::format("{}[{}][{}].limits", path_of(v, "resources.containers"), i, name);
      reject(v, {"containers", i, "resources", "limits", std::string_view(name)},
             field::invalid(path, field::go_quote(limit.to_string()),
                            fmt::format("must be less than or equal to pod limits of {}", pod_limit->to_string())));
    }
  }
}

void validate_overhead(const Value& v, const ResourceList& overhead) {
  validate_requirements(v, nullptr, &overhead, NameRule::Container, true);
}

void validate_node_resource_list(const Value& v, const ResourceList& list) {
  for (const auto& [name, q] : list) {
    validate_quantity_value(v, {std::string_view(name)}, [&] { return fmt::format("{}.{}", v.path(), name); }, name, q);
  }
}

}  // namespace podfit
