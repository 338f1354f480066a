// The API server's checks of a ResourceQuota (ValidateResourceQuota): its resource lists, its
// scopes and its scope selector.
#include <fmt/format.h>

#include <algorithm>

#include "podfit/model/field_errors.h"
#include "validation/core/resource_quota.h"
#include "validation/core/resources.h"
#include "validation/validate.h"

namespace podfit {
namespace {

bool is_standard_scope(std::string_view scope) {
  return scope == "Terminating" || scope == "NotTerminating" || scope == "BestEffort" || scope == "NotBestEffort" ||
         scope == "PriorityClass" || scope == "CrossNamespacePodAffinity" || scope == "VolumeAttributesClass";
}

// helper.IsResourceQuotaScopeValidForResource for a standard quota resource.
bool scope_valid_for(std::string_view scope, std::string_view resource) {
  const bool pod_count = resource == "pods";
  const bool pod_compute = resource == "cpu" || resource == "memory" || resource == "limits.cpu" ||
                           resource == "limits.memory" || resource == "requests.cpu" || resource == "requests.memory";
  if (scope == "Terminating" || scope == "NotTerminating" || scope == "NotBestEffort" || scope == "PriorityClass" ||
      scope == "CrossNamespacePodAffinity") {
    return pod_count || pod_compute;
  }
  if (scope == "BestEffort") return pod_count;
  if (scope == "VolumeAttributesClass") return resource == "persistentvolumeclaims" || resource == "requests.storage";
  return true;
}

// helper.IsStandardQuotaResourceName (names with a '/' are never standard).
bool is_standard_quota_resource(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.storage",
      "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods",
      "resourcequotas", "services", "replicationcontrollers", "secrets", "persistentvolumeclaims", "configmaps",
      "services.nodeports", "services.loadbalancers"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames) || name.starts_with("hugepages-") ||
         name.starts_with("requests.hugepages-");
}

// The first hard resource (in name order, as the API server walks them) the scope does not apply to.
const std::string* unsupported_for_scope(const ResourceList& hard, std::string_view scope) {
  std::vector<const std::string*> names;
  for (const auto& [name, q] : hard) names.push_back(&name);
  std::sort(names.begin(), names.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
  for (const std::string* name : names) {
    if (is_standard_quota_resource(*name) && !scope_valid_for(scope, *name)) return name;
  }
  return nullptr;
}

void validate_resource_list(const Value& v, std::string_view section, std::string_view list_name,
                            const ResourceList& list) {
  for (const auto& [name, q] : list) {
    std::string_view key = name;
    auto path = [&] { return fmt::format("{}.{}[{}]", section, list_name, name); };
    // ValidateResourceQuotaResourceName.
    validate_standard_resource_name(v, {section, list_name, key}, path, name);
    if (name.find('/') == std::string::npos && !is_standard_quota_resource(name)) {
      reject(v, {section, list_name, key}, field::invalid(path(), field::json_quote(name), "must be a standard resource for quota"));
    }
    validate_quantity_value(v, {section, list_name, key}, path, name, q);
  }
}

bool has_conflicting_scopes(const std::vector<std::string_view>& scopes) {
  auto has = [&](std::string_view s) { return std::find(scopes.begin(), scopes.end(), s) != scopes.end(); };
  return (has("BestEffort") && has("NotBestEffort")) || (has("Terminating") && has("NotTerminating"));
}

// encoding/json of the scope selector, as field errors print it (values omitted when empty).
std::string selector_json(const std::vector<ScopedResourceSelectorRequirement>& expressions) {
  if (expressions.empty()) return "{}";
  std::string out = "{\"matchExpressions\":[";
  for (size_t i = 0; i < expressions.size(); ++i) {
    const ScopedResourceSelectorRequirement& r = expressions[i];
    if (i > 0) out += ',';
    out += fmt::format("{{\"scopeName\":{},\"operator\":{}", field::json_quote(r.scope_name), field::json_quote(r.operator_));
    if (!r.values.empty()) out += ",\"values\":" + field::json_list(r.values);
    out += '}';
  }
  return out + "]}";
}

void validate_scopes(const Value& v, const ResourceQuota& quota) {
  if (quota.scopes.empty()) return;
  const std::string path = "spec.scopes";
  std::vector<std::string_view> seen;
  for (size_t i = 0; i < quota.scopes.size(); ++i) {
    const std::string& scope = quota.scopes[i];
    if (!is_standard_scope(scope)) reject(v, {"spec", "scopes", i}, field::invalid(path, field::json_list(quota.scopes), "unsupported scope"));
    if (unsupported_for_scope(quota.spec_hard, scope) != nullptr) {
      reject(v, {"spec", "scopes", i},
             field::invalid(path, field::json_list(quota.scopes), "unsupported scope applied to resource"));
    }
    seen.push_back(scope);
  }
  if (has_conflicting_scopes(seen)) reject(v, {"spec", "scopes"}, field::invalid(path, field::json_list(quota.scopes), "conflicting scopes"));
}

void validate_scope_selector(const Value& v, const ResourceQuota& quota) {
  if (!quota.scope_selector) return;
  const std::vector<ScopedResourceSelectorRequirement>& expressions = *quota.scope_selector;
  const std::string path = "spec.scopeSelector.matchExpressions";
  std::vector<std::string_view> seen;
  for (size_t i = 0; i < expressions.size(); ++i) {
    const ScopedResourceSelectorRequirement& r = expressions[i];
    if (!is_standard_scope(r.scope_name)) {
      reject(v, {"spec", "scopeSelector", "matchExpressions", i, "scopeName"},
             field::invalid(path + ".scopeName", field::json_quote(r.scope_name), "unsupported scope"));
    }
    if (unsupported_for_scope(quota.spec_hard, r.scope_name) != nullptr) {
      reject(v, {"spec", "scopeSelector", "matchExpressions", i},
             field::invalid(path, selector_json(expressions), "unsupported scope applied to resource"));
    }
    const bool exists_only = r.scope_name == "BestEffort" || r.scope_name == "NotBestEffort" ||
                             r.scope_name == "Terminating" || r.scope_name == "NotTerminating" ||
                             r.scope_name == "CrossNamespacePodAffinity";
    if (exists_only && r.operator_ != "Exists") {
      reject(v, {"spec", "scopeSelector", "matchExpressions", i, "operator"},
             field::invalid(path + ".operator", field::json_quote(r.operator_),
                            "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, "
                            "ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, "
                            "ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity"));
    }
    if (r.operator_ == "In" || r.operator_ == "NotIn") {
      if (r.values.empty()) {
        reject(v, {"spec", "scopeSelector", "matchExpressions", i},
               field::required(path + ".values",
                               "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
      }
    } else if (r.operator_ == "Exists" || r.operator_ == "DoesNotExist") {
      if (!r.values.empty()) {
        reject(v, {"spec", "scopeSelector", "matchExpressions", i, "values"},
               field::invalid(path + ".values", field::json_list(r.values),
                              "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
      }
    } else {
      reject(v, {"spec", "scopeSelector", "matchExpressions", i, "operator"},
             field::invalid(path + ".operator", field::json_quote(r.operator_), "not a valid selector operator"));
    }
    seen.push_back(r.scope_name);
  }
  // The API server prints spec.scopes here, not the selector.
  if (has_conflicting_scopes(seen)) {
    reject(v, {"spec", "scopeSelector"}, field::invalid(path, field::json_list(quota.scopes), "conflicting scopes"));
  }
}

}  // namespace

void validate_resource_quota(const Value& v, const ResourceQuota& quota) {
  validate_object_name(v, quota.metadata.name);
  validate_namespace_name(v, "metadata.namespace", quota.metadata.namespace_);
  validate_resource_list(v, "spec", "hard", quota.spec_hard);
  validate_scopes(v, quota);
  validate_scope_selector(v, quota);
  validate_resource_list(v, "status", "hard", quota.status_hard);
  validate_resource_list(v, "status", "used", quota.status_used);
}

}  // namespace podfit
