// The API server's checks of resource names and quantities: container and pod-level
// requirements, pod overhead and node capacity (ValidateResourceRequirements and friends).
#include <fmt/format.h>

#include <array>

#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/validation.h"
#include "validation/core/pod_defaults.h"
#include "validation/core/resources.h"
#include "validation/validate.h"

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

// Where the checks of one resource hand their field errors (the caller adds the steps).
using Emit = FunctionRef<void(const std::string& message)>;

// validateResourceName, then (containers) ValidateContainerResourceName's or (pod level)
// validatePodResourceName's rules. A bad resource name is printed as JSON, quoted: since v1.34
// field errors print a value of a named string type (ResourceName) as encoding/json does.
void check_resource_name(PathFn path, std::string_view name, NameRule rule, Emit emit) {
  std::vector<std::string> errors = label_key_errors(name);
  for (const std::string& e : errors) emit(field::invalid(path(), field::json_quote(name), e));
  bool unprefixed = name.find('/') == std::string_view::npos;
  if (errors.empty() && unprefixed && !is_standard_resource(name)) {
    errors.push_back(field::invalid(path(), field::json_quote(name), "must be a standard resource type or fully qualified"));
    emit(errors.back());
  }
  if (rule == NameRule::PodLevel) {
    // validatePodResourceName stops at validateResourceName's errors.
    if (errors.empty() && !is_supported_pod_level_resource(name)) {
      emit(field::not_supported(path(), field::json_quote(name), {"cpu", "memory"}));
    }
    return;
  }
  if (unprefixed) {
    bool container_resource = one_of(name, {"cpu", "memory", "ephemeral-storage"}) || is_hugepages(name);
    if (!container_resource) emit(field::invalid(path(), field::json_quote(name), "must be a standard resource for containers"));
  } else if (!is_native(name) && !is_extended(name)) {
    emit(field::invalid(path(), field::json_quote(name), "doesn't follow extended resource name standard"));
  }
}

// ValidateResourceQuantityValue: ValidateNonnegativeQuantity quotes the value (a string); the
// integer rule prints the Quantity itself, which since v1.34 is its JSON: the same text, quoted.
void check_quantity_value(PathFn path, std::string_view name, const Quantity& q, Emit emit) {
  if (q.sign() < 0) emit(field::invalid(path(), field::go_quote(q.to_string()), "must be greater than or equal to 0"));
  if (q.milli_value() % 1000 != 0 && is_integer_resource(name)) {
    emit(field::invalid(path(), field::json_quote(q.to_string()), "must be an integer"));
  }
}

// validateResourceQuantityHugePageValue.
void check_hugepages_value(PathFn path, std::string_view name, const Quantity& q, Emit emit) {
  if (!is_hugepages(name) || hugepages_divisible(name, q)) return;
  std::string text = q.to_string();
  emit(field::invalid(path(), field::go_quote(text), fmt::format("{} is not positive integer multiple of {}", text, name)));
}

bool is_cpu_or_memory(std::string_view name) { return name == rn::kCpu || name == rn::kMemory; }

// validateResourceRequirements at `base`, claims aside: every error, in the API server's order
// (resources in name order: it walks the maps in no set order). `limits_in_place`: the limits are
// the checked value's own members (overhead), for the steps.
void check_requirements(PathFn base, const ResourceList* requests, const ResourceList* limits, NameRule rule,
                        bool limits_in_place, FieldErrorSink sink) {
  auto limits_path = [&] { return field::child(base(), "limits"); };
  auto requests_path = [&] { return field::child(base(), "requests"); };
  bool cpu_or_memory = false;
  bool hugepages = false;
  if (limits) {
    for (const auto& [name, q] : *limits) {
      auto path = [&] { return field::key(limits_path(), name); };
      std::string_view key = name;
      auto emit = [&](const std::string& message) {
        if (limits_in_place) sink({key}, message);
        else sink({"limits", key}, message);
      };
      check_resource_name(path, name, rule, emit);
      check_quantity_value(path, name, q, emit);
      if (is_hugepages(name)) {
        hugepages = true;
        check_hugepages_value(path, name, q, emit);
      }
      cpu_or_memory = cpu_or_memory || is_cpu_or_memory(name);
    }
  }
  if (requests) {
    for (const auto& [name, q] : *requests) {
      auto path = [&] { return field::key(requests_path(), name); };
      std::string_view key = name;
      auto emit = [&](const std::string& message) { sink({"requests", key}, message); };
      check_resource_name(path, name, rule, emit);
      check_quantity_value(path, name, q, emit);
      const Quantity* limit = limits ? limits->find(name) : nullptr;
      if (limit != nullptr) {
        int order = q.compare(*limit);
        if (order != 0 && !overcommit_allowed(name)) {
          emit(field::invalid(requests_path(), field::go_quote(q.to_string()),
                              fmt::format("must be equal to {} limit of {}", name, limit->to_string())));
        } else if (order > 0) {
          emit(field::invalid(requests_path(), field::go_quote(q.to_string()),
                              fmt::format("must be less than or equal to {} limit of {}", name, limit->to_string())));
        }
      } else if (!overcommit_allowed(name)) {
        emit(field::required(limits_path(), "Limit must be set for non overcommitable resources"));
      }
      if (is_hugepages(name)) {
        hugepages = true;
        check_hugepages_value(path, name, q, emit);
      }
      cpu_or_memory = cpu_or_memory || is_cpu_or_memory(name);
    }
  }
  if (!cpu_or_memory && hugepages) sink({}, field::forbidden(base(), "HugePages require cpu or memory"));
}

// The loader's sink: the first error rejects the object at its line.
auto rejecting(const Value& v) {
  return [&v](std::initializer_list<PathStep> steps, const std::string& message) { reject(v, steps, message); };
}

}  // namespace

void check_container_resources(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink) {
  check_requirements(path, optional_list(resources.requests), optional_list(resources.limits), NameRule::Container, false,
                     sink);
}

void check_pod_level_requirements(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink) {
  check_requirements(path, optional_list(resources.requests), optional_list(resources.limits), NameRule::PodLevel, false,
                     sink);
}

void check_overhead(PathFn path, const ResourceList& overhead, FieldErrorSink sink) {
  check_requirements(path, nullptr, &overhead, NameRule::Container, true, sink);
}

void check_pod_resource_consistency(PathFn path, const Pod& pod, const ConsistencyRules& rules, FieldErrorSink sink) {
  if (!pod.spec.resources) return;
  const ResourceRequirements& resources = *pod.spec.resources;
  for (const auto& [name, containers] : aggregate_container_requests(pod, PodResourcesOptions{})) {
    if (rules.unsupported_skipped && !is_supported_pod_level_resource(name)) continue;
    const Quantity* own = resources.requests ? resources.requests->find(name) : nullptr;
    if (own == nullptr && rules.unset_skipped) continue;
    const Quantity requested = own != nullptr ? *own : Quantity();
    if (containers.compare(requested) <= 0) continue;
    sink({"resources", "requests", std::string_view(name)},
         field::invalid(field::key(field::child(path(), "requests"), name), field::go_quote(requested.to_string()),
                        fmt::format("must be greater than or equal to aggregate container requests of {}",
                                    containers.to_string())));
  }
  if (rules.hugepage_limits && resources.limits) {
    for (const auto& [name, containers] : aggregate_container_limits(pod, PodResourcesOptions{})) {
      const Quantity* own = is_hugepages(name) ? resources.limits->find(name) : nullptr;
      if (own == nullptr || containers.compare(*own) <= 0) continue;
      sink({"resources", "limits", std::string_view(name)},
           field::invalid(field::key(field::child(path(), "limits"), name), field::go_quote(own->to_string()),
                          fmt::format("must be greater than or equal to aggregate container limits of {}",
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
      std::string at = fmt::format("{}[{}].limits", field::index(field::child(path(), "containers"), i), name);
      sink({"containers", i, "resources", "limits", std::string_view(name)},
           field::invalid(at, field::go_quote(limit.to_string()),
                          fmt::format("must be less than or equal to pod limits of {}", pod_limit->to_string())));
    }
  }
}

void validate_quantity_value(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                             const Quantity& q) {
  check_quantity_value(path, name, q, [&](const std::string& message) { reject(v, steps, message); });
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
  check_container_resources([&] { return v.path(); }, resources, rejecting(v));
}

void validate_pod_level_resources(const Value& v, const ResourceRequirements& resources) {
  if (!resources.claims.empty()) {
    reject(v, {"claims"}, field::forbidden(path_of(v, "claims"), "claims cannot be set for Resources at pod-level"));
  }
  check_pod_level_requirements([&] { return v.path(); }, resources, rejecting(v));
}

void validate_pod_resource_consistency(const Value& v, const PodSpec& spec) {
  if (!spec.resources) return;
  // The API server checks the defaulted object: defaults are applied to a copy.
  Pod pod;
  pod.spec = spec;
  apply_pod_defaults(pod);
  // Resources pods cannot declare are left to the containers; an unset pod-level request is 0.
  const ConsistencyRules rules{.unsupported_skipped = true, .unset_skipped = false, .hugepage_limits = false};
  check_pod_resource_consistency([&] { return path_of(v, "resources"); }, pod, rules, rejecting(v));
}

void validate_overhead(const Value& v, const ResourceList& overhead) {
  check_overhead([&] { return v.path(); }, overhead, rejecting(v));
}

void validate_node_resource_list(const Value& v, const ResourceList& list) {
  for (const auto& [name, q] : list) {
    validate_quantity_value(v, {std::string_view(name)}, [&] { return fmt::format("{}.{}", v.path(), name); }, name, q);
  }
}

}  // namespace podfit
