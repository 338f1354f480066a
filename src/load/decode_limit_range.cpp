// LimitRange: what the LimitRanger admission plugin reads of it, defaulted and validated as the
// API server stores it.
#include "decode.h"
#include "validation/core/limit_range.h"
#include "validation/validate.h"

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

}  // namespace

void decode_limit_range(const Value& v, LimitRange& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, out.metadata);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k != "limits") return;
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
          // The API server defaults before it validates.
          apply_limit_range_item_defaults(item);
        });
      });
    }
  });
  // ValidateObjectMeta. A LimitRange needs no name: its create strategy gives one (a UUID).
  validate_generate_name(v, out.metadata.generate_name);
  validate_object_name(v, out.metadata.name);
  validate_namespace_name(v, "metadata.namespace", out.metadata.namespace_);
  validate_limit_range(v, out);
}

}  // namespace podfit
