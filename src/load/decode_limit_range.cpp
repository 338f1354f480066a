// LimitRange: what the LimitRanger admission plugin reads of it, defaulted and validated as the
// API server stores it.
#include <fmt/format.h>

#include "decode.h"
#include "podfit/model/field_errors.h"
#include "validate.h"

namespace podfit {
namespace {

// SetDefaults_LimitRangeItem: for containers, a missing default limit is the max, a missing
// default request the default limit, else the min.
void apply_limit_range_item_defaults(LimitRangeItem& item) {
  if (item.type != "Container") return;
  for (const auto& [name, q] : item.max) {
    if (!item.default_limits.contains(name)) item.default_limits.set(name, q);
  }
  for (const auto& [name, q] : item.default_limits) {
    if (!item.default_requests.contains(name)) item.default_requests.set(name, q);
  }
  for (const auto& [name, q] : item.min) {
    if (!item.default_requests.contains(name)) item.default_requests.set(name, q);
  }
}

// ValidateLimitRange's type rule and the orderings between bounds that LimitRanger relies on.
void validate_limit_range_item(const Value& v, size_t i, const LimitRangeItem& item) {
  const std::string base = fmt::format("spec.limits[{}]", i);
  if (item.type != "Container" && item.type != "Pod" && item.type != "PersistentVolumeClaim" &&
      item.type.find('/') == std::string::npos) {
    reject(v, {"type"},
           field::invalid(base + ".type", field::json_quote(item.type), "must be a standard limit type or fully qualified"));
  }
  for (const auto& [name, min] : item.min) {
    const Quantity* max = item.max.find(name);
    if (max != nullptr && min.compare(*max) > 0) {
      reject(v, {"min", std::string_view(name)},
             field::invalid(fmt::format("{}.min[{}]", base, name), field::json_quote(min.to_string()),
                            fmt::format("min value {} is greater than max value {}", min.to_string(), max->to_string())));
    }
  }
  for (const auto& [name, request] : item.default_requests) {
    const Quantity* limit = item.default_limits.find(name);
    if (limit != nullptr && request.compare(*limit) > 0) {
      reject(v, {"defaultRequest", std::string_view(name)},
             field::invalid(fmt::format("{}.defaultRequest[{}]", base, name), field::json_quote(request.to_string()),
                            fmt::format("default request value {} is greater than default limit value {}",
                                        request.to_string(), limit->to_string())));
    }
  }
}

}  // namespace

void decode_limit_range(const Value& v, LimitRange& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, out.metadata);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k != "limits") return;
        size_t i = 0;
        x.elements([&](const Value& e) {
          LimitRangeItem& item = out.limits.emplace_back();
          e.fields([&](std::string_view field, const Value& y) {
            if (field == "type") item.type = y.string();
            else if (field == "max") item.max = decode_resource_list(y);
            else if (field == "min") item.min = decode_resource_list(y);
            else if (field == "default") item.default_limits = decode_resource_list(y);
            else if (field == "defaultRequest") item.default_requests = decode_resource_list(y);
            else if (field == "maxLimitRequestRatio") item.max_limit_request_ratio = decode_resource_list(y);
          });
          apply_limit_range_item_defaults(item);
          validate_limit_range_item(e, i++, item);
        });
      });
    }
  });
  if (out.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_object_name(v, out.metadata.name);
}

}  // namespace podfit
