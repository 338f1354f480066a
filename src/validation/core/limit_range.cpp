#include "validation/core/limit_range.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "podfit/snapshot/resource.h"
#include "validation/api_release.h"
#include "validation/qualified_name.h"
#include "validation/validate.h"

namespace podfit {
namespace {

constexpr std::string_view kContainer = "Container";
constexpr std::string_view kPod = "Pod";
constexpr std::string_view kClaim = "PersistentVolumeClaim";

// helper.IsStandardResourceName.
bool is_standard_resource(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
      "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods", "resourcequotas", "services",
      "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "storage", "requests.storage",
      "services.nodeports", "services.loadbalancers"};
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return name.starts_with("hugepages-") || name.starts_with("requests.hugepages-");
}

// helper.IsStandardContainerResourceName.
bool is_container_resource(std::string_view name) {
  return name == "cpu" || name == "memory" || name == "ephemeral-storage" || is_hugepage_resource_name(name);
}

// How field.Error prints the bad values of this validation, by release.
class Values {
 public:
  explicit Values(const ReleaseChanges& changes) : json_(changes.field_error_values_as_json) {}
  // A ResourceName: before v1.34 through its String method, bare.
  std::string name(std::string_view n) const { return json_ ? field::json_quote(n) : std::string(n); }
  // A LimitType, which has no String method: fmt's %#v quotes it as Go does.
  std::string type(std::string_view t) const { return json_ ? field::json_quote(t) : field::go_quote(t); }
  std::string quantity(const Quantity& q) const { return field::quantity_value(q, json_); }

 private:
  bool json_;
};

// Go's %f: six decimals, and Inf and NaN spelled as Go spells them.
std::string go_fixed(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "+Inf" : "-Inf";
  return fmt::format("{:f}", x);
}

class ItemCheck {
 public:
  ItemCheck(const Value& item_value, size_t index, const LimitRangeItem& item, const Values& values)
      : item_value_(item_value), item_(item), values_(values), base_(fmt::format("spec.limits[{}]", index)) {}

  // validateLimitRangeTypeName, then the type's uniqueness among the items before.
  void type(std::set<std::string>& seen) const {
    const std::string path = base_ + ".type";
    std::vector<std::string> errors = qualified_name_errors(item_.type);
    if (!errors.empty()) fail({"type"}, field::invalid(path, values_.type(item_.type), errors.front()));
    const bool standard = item_.type == kContainer || item_.type == kPod || item_.type == kClaim;
    if (item_.type.find('/') == std::string::npos && !standard) {
      fail({"type"}, field::invalid(path, values_.type(item_.type), "must be a standard limit type or fully qualified"));
    }
    if (!seen.insert(item_.type).second) fail({"type"}, field::duplicate(path, values_.type(item_.type)));
  }

  // The resource names of every list, in upstream's order, and what the type forbids or requires.
  void names() const {
    list_names("max", item_.max);
    list_names("min", item_.min);
    if (item_.type == kPod) {
      constexpr std::string_view kForbidden = "may not be specified when `type` is 'Pod'";
      if (!item_.default_limits.empty()) fail({"default"}, field::forbidden(base_ + ".default", kForbidden));
      if (!item_.default_requests.empty()) fail({"defaultRequest"}, field::forbidden(base_ + ".defaultRequest", kForbidden));
    } else {
      list_names("default", item_.default_limits);
      list_names("defaultRequest", item_.default_requests);
    }
    if (item_.type == kClaim && !item_.min.contains("storage") && !item_.max.contains("storage")) {
      // Upstream names a `limits` field the item does not have.
      fail({}, field::required(base_ + ".limits", "either minimum or maximum storage value is required, but neither was provided"));
    }
    list_names("maxLimitRequestRatio", item_.max_limit_request_ratio);
  }

  // How the bounds of one resource order: min, max, the defaults and the ratio.
  void bounds(const std::string& name) const {
    const Quantity* min = item_.min.find(name);
    const Quantity* max = item_.max.find(name);
    // A Pod's defaults are refused above and never compared.
    const bool pod = item_.type == kPod;
    const Quantity* limit = pod ? nullptr : item_.default_limits.find(name);
    const Quantity* request = pod ? nullptr : item_.default_requests.find(name);
    const Quantity* ratio = item_.max_limit_request_ratio.find(name);
    auto text = [](const Quantity* q) { return q->to_string(); };
    auto invalid = [&](std::string_view list, const Quantity* shown, const std::string& detail) {
      fail({list, std::string_view(name)},
           field::invalid(fmt::format("{}.{}[{}]", base_, list, name), values_.quantity(*shown), detail));
    };
    if (min && max && min->compare(*max) > 0) {
      invalid("min", min, fmt::format("min value {} is greater than max value {}", text(min), text(max)));
    }
    if (request && min && min->compare(*request) > 0) {
      invalid("defaultRequest", request,
              fmt::format("min value {} is greater than default request value {}", text(min), text(request)));
    }
    if (request && max && request->compare(*max) > 0) {
      invalid("defaultRequest", request,
              fmt::format("default request value {} is greater than max value {}", text(request), text(max)));
    }
    if (request && limit && request->compare(*limit) > 0) {
      invalid("defaultRequest", request,
              fmt::format("default request value {} is greater than default limit value {}", text(request), text(limit)));
    }
    // The next two show the bound the default breaks, not the default.
    if (limit && min && min->compare(*limit) > 0) {
      invalid("default", min, fmt::format("min value {} is greater than default value {}", text(min), text(limit)));
    }
    if (limit && max && limit->compare(*max) > 0) {
      invalid("default", max, fmt::format("default value {} is greater than max value {}", text(limit), text(max)));
    }
    if (ratio && ratio->compare(Quantity::from_int(1)) < 0) {
      invalid("maxLimitRequestRatio", ratio, fmt::format("ratio {} is less than 1", text(ratio)));
    }
    if (ratio && min && max) ratio_against_bounds(*ratio, *min, *max, invalid);
    const bool overcommit = is_native_resource(name) && !is_hugepage_resource_name(name);
    if (!overcommit && limit && request && limit->compare(*request) != 0) {
      invalid("defaultRequest", request,
              fmt::format("default value {} must equal to defaultRequest value {} in {}", text(limit), text(request), name));
    }
  }

 private:
  // Raises `message` at the line of the field `below` the item (the item's when a default made it).
  [[noreturn]] void fail(std::initializer_list<PathStep> below, const std::string& message) const {
    reject(item_value_, below, message);
  }

  // validateLimitRangeResourceName for each key of one list.
  void list_names(std::string_view list, const ResourceList& resources) const {
    for (const auto& [name, q] : resources) resource_name(list, name);
  }

  // validateResourceName, and for a Pod's or a Container's lists validateContainerResourceName.
  void resource_name(std::string_view list, const std::string& name) const {
    const std::string path = fmt::format("{}.{}[{}]", base_, list, name);
    auto refuse = [&](std::string_view detail) {
      fail({list, std::string_view(name)}, field::invalid(path, values_.name(name), detail));
    };
    std::vector<std::string> errors = qualified_name_errors(name);
    if (!errors.empty()) refuse(errors.front());
    const bool prefixed = name.find('/') != std::string::npos;
    if (!prefixed && !is_standard_resource(name)) refuse("must be a standard resource type or fully qualified");
    if (item_.type != kPod && item_.type != kContainer) return;
    if (!prefixed && !is_container_resource(name)) refuse("must be a standard resource for containers");
    if (prefixed && !is_native_resource(name) && !is_extended_resource_name(name)) {
      refuse("doesn't follow extended resource name standard");
    }
  }

  // The ratio may not exceed max/min, in thousandths while all three fit them.
  template <class Refuse>
  void ratio_against_bounds(const Quantity& ratio, const Quantity& min, const Quantity& max,
                            Refuse& refuse) const {
    constexpr int64_t kMaxMilliValue = std::numeric_limits<int64_t>::max() / 1000;
    double ratio_value = static_cast<double>(ratio.value());
    int64_t min_value = min.value();
    int64_t max_value = max.value();
    if (ratio.value() < kMaxMilliValue && min_value < kMaxMilliValue && max_value < kMaxMilliValue) {
      ratio_value = static_cast<double>(ratio.milli_value()) / 1000;
      min_value = min.milli_value();
      max_value = max.milli_value();
    }
    const double bound = static_cast<double>(max_value) / static_cast<double>(min_value);
    if (ratio_value > bound) {
      refuse("maxLimitRequestRatio", &ratio,
             fmt::format("ratio {} is greater than max/min = {}", ratio.to_string(), go_fixed(bound)));
    }
  }

  const Value& item_value_;
  const LimitRangeItem& item_;
  const Values& values_;
  std::string base_;
};

}  // namespace

void validate_limit_range(const Value& v, const LimitRange& limit_range) {
  const Values values(api_release_changes());
  std::set<std::string> types;
  size_t i = 0;
  // Each item next to where it was written, for the lines of its errors.
  auto check_item = [&](const Value& item_value) {
    if (i >= limit_range.limits.size()) return;
    const LimitRangeItem& item = limit_range.limits[i];
    const ItemCheck check(item_value, i++, item, values);
    check.type(types);
    check.names();
    // Upstream walks the resources of a set in Go's map order; podfit in name order.
    std::set<std::string> resources;
    for (const ResourceList* list : {&item.max, &item.min, &item.max_limit_request_ratio}) {
      for (const auto& [name, q] : *list) resources.insert(name);
    }
    if (item.type != kPod) {
      for (const ResourceList* list : {&item.default_limits, &item.default_requests}) {
        for (const auto& [name, q] : *list) resources.insert(name);
      }
    }
    for (const std::string& name : resources) check.bounds(name);
  };
  v.fields([&](std::string_view key, const Value& spec) {
    if (key != "spec") return;
    spec.fields([&](std::string_view k, const Value& limits) {
      if (k == "limits") limits.elements(check_item);
    });
  });
}

}  // namespace podfit
